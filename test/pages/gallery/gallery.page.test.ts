/**
 * The picture gallery, which is also a visual test: every state of the
 * wallet's elements on the demo page (`npm start` as written), each in light
 * and dark, with a custom accent, in Spanish, at 375 and 1024 px, screenshot
 * in Chromium, and held to the acceptance checks of acceptance.ts there and
 * at 320 px. `npm run gallery` writes them to docs/gallery/ and the index
 * docs/gallery.md; `npm test` compares each against the committed image and
 * fails on a change beyond a small tolerance (diffs in test-results/gallery/).
 * Text that changes every run (times left, random ids, the QR of a random
 * address) is masked. The fonts (DejaVu Sans and Sans Mono from the locked
 * npm package dejavu-fonts-ttf: the only fonts the browser is shown), the locale and the
 * time zone are pinned, so the pictures do not depend on what the machine has
 * installed.
 */
import { expect } from 'chai';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type Locator, type Page } from 'playwright';
import { PNG } from 'pngjs';
import { format, resolveConfig } from 'prettier';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/chromium.mjs';
import { startDemo, type RunningDemo } from '../../helpers/demo-server.js';
import {
  acceptanceProblems,
  approveArmed,
  NARROW,
  recordCspViolations,
  tally,
  VARIANTS,
  walletSettled,
  type InPage,
  type Variant,
} from './acceptance.js';
import { testEngine } from '../../helpers/engine/index.js';

const UPDATE = process.env['GALLERY_UPDATE'] === '1';
const DIR = 'docs/gallery';
const DIFFS = 'test-results/gallery';
/**
 * Taller than the wallet in any state: the element screenshot then never
 * scrolls, and a scroll would hide and show the approve button, which disarms
 * it for a moment (its clickjacking guard), a race with the picture.
 */
const VIEWPORT_HEIGHT = 2000;
/** Share of pixels that may differ (anti-aliasing aside) before a picture counts as changed. */
const TOLERANCE = 0.002;
/**
 * Pictures from another Chromium build (a Debian update the project did not
 * make) are compared at this share instead: a moved, missing or recoloured
 * part still fails, a browser's own anti-aliasing does not.
 */
const OTHER_BUILD_TOLERANCE = 0.02;
/** The Chromium build that took the committed pictures. */
const BUILD_FILE = `${DIR}/chromium-version.txt`;

/** The pinned faces: family, weight, file in the npm package. */
const require = createRequire(import.meta.url);
const FACES = [
  ['Gallery Sans', 400, 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'],
  ['Gallery Sans', 700, 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'],
  ['Gallery Mono', 400, 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'],
] as const;
const FONT_CSS = [
  ...FACES.map(
    ([family, weight], i) =>
      `@font-face { font-family: '${family}'; font-weight: ${weight}; font-display: block; src: url(/__gallery/${i}.ttf) format('truetype'); }`,
  ),
  ":root { --ew-font-family: 'Gallery Sans'; --ew-font-family-mono: 'Gallery Mono'; }",
].join('\n');

const shots: { state: string; caption: string }[] = [];
const changed: string[] = [];
/** What the acceptance checks found, state by state (acceptance.ts). */
const problems: string[] = [];

describe('the gallery: every state of the elements, as pictures compared with the committed ones', () => {
  if (testEngine() !== 'chromium') {
    it('runs in Chromium only (pictures are per engine)', { skip: 'pictures are taken in Chromium' }, () => {});
    return;
  }
  let demo: RunningDemo;
  let browser: Browser;
  let page: Page;
  let inPage: InPage;

  let fontDir: string;
  let tolerance = TOLERANCE;

  before(async () => {
    fontDir = await mkdtemp(join(tmpdir(), 'ew-gallery-fonts-'));
    [demo, browser] = await Promise.all([
      startDemo(),
      chromium.launch({
        executablePath: ensureChromium(),
        args: CHROMIUM_ARGS,
        env: { ...process.env, FONTCONFIG_FILE: await onlyPinnedFonts(fontDir) },
      }),
    ]);
    page = await browser.newPage({
      viewport: { width: 1024, height: VIEWPORT_HEIGHT },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    await page.addInitScript(recordCspViolations);
    inPage = (fn, arg) => page.evaluate(fn as never, arg);
    // GALLERY_CPU_SLOWDOWN=4 runs the page four times slower, as on a loaded CI machine: the
    // pictures must not change (every wait is on a state, never on a time).
    const slowdown = Number(process.env['GALLERY_CPU_SLOWDOWN'] ?? 1);
    if (slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    // The fonts come from the demo's own origin (its CSP allows 'self'), as a stylesheet link.
    await page.route('**/__gallery/**', async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!;
      if (name === 'fonts.css') return route.fulfill({ contentType: 'text/css', body: FONT_CSS });
      const face = FACES[Number(name.replace('.ttf', ''))];
      if (!face) return route.fulfill({ status: 404 });
      return route.fulfill({ contentType: 'font/ttf', body: await readFile(require.resolve(face[2])) });
    });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/__gallery/fonts.css' });
        document.head.append(link);
      }),
    );
    await mkdir(UPDATE ? DIR : DIFFS, { recursive: true });
    await mkdir(DIFFS, { recursive: true });
    const pictured = (await readFile(BUILD_FILE, 'utf8').catch(() => '')).trim();
    if (!UPDATE && pictured !== browser.version()) {
      tolerance = OTHER_BUILD_TOLERANCE;
      console.log(
        `gallery: the pictures are from Chromium ${pictured || '(unknown)'}, this is ${browser.version()}: ` +
          `compared at ${OTHER_BUILD_TOLERANCE * 100}% (npm run gallery takes them again)`,
      );
    }
  });
  after(async () => {
    await browser?.close();
    demo?.stop();
    if (fontDir) await rm(fontDir, { recursive: true, force: true });
  });

  const wallet = () => page.locator('#wallet');
  const approve = () => page.locator('#approve');

  /** Applies a variant through the demo's own switches (theme, accent, locale) and the viewport. */
  async function apply(variant: Variant): Promise<void> {
    await page.setViewportSize({ width: variant.width, height: VIEWPORT_HEIGHT });
    await page.selectOption('#theme', variant.theme);
    await page.locator('#accent').fill(variant.accent ?? '#3b3fd8');
    await page.selectOption('#locale', variant.locale);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, variant.locale);
    await page.evaluate(async (faces) => {
      const loaded = await Promise.all(
        faces.map(([family, weight]) => document.fonts.load(`${weight} 16px '${family}'`)),
      );
      if (loaded.some((found) => found.length === 0)) throw new Error('a pinned gallery font did not load');
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, FACES);
    // An approve button re-arms after each change of size or words, once in view: picture it armed.
    await page.evaluate(() =>
      document
        .querySelector('#approve')
        ?.shadowRoot?.querySelector('[part~="submit"]')
        ?.scrollIntoView({ block: 'center' }),
    );
    await armed();
  }

  /** Until an approve button on the page (if any) is armed. */
  const armed = () => page.waitForFunction(approveArmed);

  /**
   * Until nothing in the wallet is still loading: a slower machine then pictures the same state
   * as a fast one.
   */
  const settled = () => page.waitForFunction(walletSettled);

  /**
   * Paints what changes every run (times, ids, the address and its QR code) solid magenta, in
   * place. Playwright's own `mask` lays a pane over the whole page, and Approve, which disarms
   * itself while anything covers it (clickjacking), would then be pictured disarmed, or not, by
   * a race. Resolves to a function that takes the paint off again.
   */
  async function paintMasks(locators: Locator[]): Promise<() => Promise<void>> {
    const elements = (await Promise.all(locators.map((l) => l.elementHandles()))).flat();
    const paint = (el: Element, on: boolean) => {
      const targets = el instanceof SVGSVGElement ? [el, ...Array.from(el.children)] : [el];
      for (const target of targets as (HTMLElement | SVGElement)[]) {
        const child = target !== el;
        for (const [property, value] of Object.entries(
          child
            ? { visibility: 'hidden' }
            : { background: '#ff00ff', color: 'transparent', 'border-color': 'transparent' },
        )) {
          if (on) target.style.setProperty(property, value, 'important');
          else target.style.removeProperty(property);
        }
      }
    };
    for (const element of elements) await element.evaluate(paint, true);
    return async () => {
      for (const element of elements) await element.evaluate(paint, false).catch(() => undefined);
    };
  }

  /** Whether every element the masks find now is painted (none was drawn anew since `paintMasks`). */
  async function allPainted(locators: Locator[]): Promise<boolean> {
    const elements = (await Promise.all(locators.map((l) => l.elementHandles()))).flat();
    for (const element of elements)
      if (!(await element.evaluate((el) => (el as HTMLElement).style.getPropertyValue('background') !== '')))
        return false;
    return true;
  }

  /**
   * Screenshots the wallet in every variant: written with GALLERY_UPDATE=1, else
   * compared. Waits for every load to end first, unless the state is a wait.
   */
  async function shoot(state: string, caption: string, options: { mask?: Locator[]; loading?: true } = {}) {
    shots.push({ state, caption });
    for (const variant of VARIANTS) {
      await apply(variant);
      if (!options.loading) await settled();
      await armed(); // again: whatever the waits above let happen must not leave it disarmed
      const masks = () =>
        [
          '[part~="header"] .muted',
          '[part~="address"]',
          '[part~="qr"]',
          '.countdown',
          // The resend wait counts down from each code sent.
          'button.resend[disabled]',
          '[part~="account"]',
          'ew-sessions [part~="item"] .muted',
          // A receipt's time and its quote's random id.
          'time[datetime]',
          '[part~="reference"]',
        ]
          .map((css) => wallet().locator(css).filter({ visible: true }))
          .concat(options.mask ?? []);
      let png: Buffer;
      // A list that reloads meanwhile (the devices list) draws new, unpainted rows: painted and shot again.
      for (let attempt = 1; ; attempt++) {
        const unpaint = await paintMasks(masks());
        await armed(); // painting is a style change: Approve must still be armed when pictured
        png = await wallet().screenshot({ animations: 'disabled', caret: 'hide' });
        const whole = await allPainted(masks());
        await unpaint();
        if (whole || attempt === 3) break;
      }
      await check(`${state} ${variant.name}`, variant, true);
      const file = `${state}--${variant.name}.png`;
      if (UPDATE) {
        await writeFile(`${DIR}/${file}`, png);
        continue;
      }
      const committed = await readFile(`${DIR}/${file}`).catch(() => undefined);
      if (!committed) {
        changed.push(`${file}: no committed picture (run npm run gallery)`);
        continue;
      }
      const a = PNG.sync.read(committed);
      const b = PNG.sync.read(png);
      if (a.width !== b.width || a.height !== b.height) {
        changed.push(`${file}: ${a.width}x${a.height} -> ${b.width}x${b.height}`);
        await writeFile(`${DIFFS}/${file}`, png);
        continue;
      }
      const diff = new PNG({ width: a.width, height: a.height });
      const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
      if (differing > tolerance * a.width * a.height) {
        changed.push(`${file}: ${differing} pixels differ`);
        await writeFile(`${DIFFS}/${file}`, PNG.sync.write(diff));
        await writeFile(`${DIFFS}/${file.replace('.png', '.new.png')}`, png);
      }
    }
    for (const variant of VARIANTS.filter((v) => v.width === 375 && v.theme === '')) {
      await apply({ ...variant, width: NARROW });
      if (!options.loading) await settled();
      await check(`${state} ${variant.locale}-${NARROW}`, variant, false);
    }
    await apply(VARIANTS[0]!);
  }

  /** Runs the acceptance checks on the state as it stands (axe where it is pictured). */
  async function check(where: string, variant: Variant, axe: boolean): Promise<void> {
    await armed();
    for (const problem of await acceptanceProblems(inPage, variant.locale, { axe }))
      problems.push(`${where}: ${problem}`);
  }

  it('walks sign-in, the signed-in wallet, its sections, a cross-currency approval and its receipts', async () => {
    await page.goto(demo.url);
    await page.locator('#create-customer').getByLabel('Email').fill('gallery@example.com');
    await page.locator('#create-customer').getByLabel('Phone (optional)').fill('+14155550142');
    await page.getByRole('button', { name: 'Create customer with a wallet' }).click();
    await page.getByText('Created gallery@example.com with an embedded wallet.').waitFor();
    await wallet().getByRole('button', { name: 'Email me a code' }).waitFor();
    await shoot('sign-in', 'Signed out: a new wallet offers its code methods');

    await wallet().getByRole('button', { name: 'Email me a code' }).click();
    const code = page.locator('input[autocomplete="one-time-code"]');
    await code.waitFor();
    await shoot('code-sent', 'A code was sent: one field, resend later');
    await code.pressSequentially('111111');
    await wallet().getByRole('alert').waitFor();
    await shoot('wrong-code', 'A wrong code: the field keeps focus, the message says why');
    await code.fill('');
    // The first wallet read held back: the loading shape.
    // Every wallet read held (the overview's and the account settings'), then released together.
    const held: (() => void)[] = [];
    const release = () => held.splice(0).forEach((resume) => resume());
    await page.route('**/api/customers/internal-accounts*', async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await code.pressSequentially('000000');
    await wallet().getByRole('button', { name: 'Sign out' }).waitFor();
    await wallet().locator('ew-wallet-overview .skeleton').first().waitFor();
    await shoot('wallet-loading', 'Signed in, the wallet still being read: the shape of what is coming', {
      loading: true,
    });
    release();
    await page.unroute('**/api/customers/internal-accounts*');
    // Seven variants can outlast the client's 8 s wait for the held read on a loaded machine: read again.
    await wallet().getByRole('button', { name: 'Refresh' }).click();
    await wallet().locator('[part~="balance"]', { hasText: '$0.00' }).waitFor();
    await shoot('signed-in', 'Signed in: who, the time left, balance and address');
    await page.evaluate(() => document.querySelector('#wallet')!.setAttribute('appearance', 'plain'));
    await shoot('appearance-plain', 'appearance="plain": no box of its own, full width in the host\'s card');
    await page.evaluate(() => document.querySelector('#wallet')!.removeAttribute('appearance'));

    await wallet().getByRole('button', { name: 'Show QR code' }).click();
    await shoot('address-qr', 'The address with its QR code (masked here: the address is random)');
    await wallet().getByRole('button', { name: 'Hide QR code' }).click();

    // The wallet read failing: the error state.
    await page.route('**/api/customers/internal-accounts*', (route) =>
      route.fulfill({ status: 503, json: { status: 503, code: 'UNAVAILABLE', message: 'down' } }),
    );
    await wallet().getByRole('button', { name: 'Refresh' }).click();
    await wallet().locator('ew-wallet-overview [part~="error"]').waitFor();
    await shoot('wallet-error', 'The wallet could not be read: the error, and Refresh to try again');
    await page.unroute('**/api/customers/internal-accounts*');
    await wallet().getByRole('button', { name: 'Refresh' }).click();
    await wallet().locator('ew-wallet-overview [part~="error"]').waitFor({ state: 'detached' });

    for (const [title, state] of [
      ['Signed-in devices', 'devices'],
      ['Sign-in methods', 'methods'],
      ['Account settings', 'account-settings'],
      ['Recovery phrase', 'recovery-phrase'],
    ] as const) {
      const summary = wallet().locator('summary', { hasText: title });
      await summary.click();
      // A section whose first read outlasted the held reads above (the client waits 8 s) reads again.
      const again = wallet().getByRole('button', { name: 'Try again' });
      if (await again.isVisible()) {
        await again.click();
        await again.waitFor({ state: 'detached' });
      }
      await shoot(`section-${state}`, `The "${title}" section open`);
      await summary.click();
    }

    await page.getByRole('button', { name: 'Fund the wallet' }).click();
    await page.getByText(/^Funded \d+ cents\.$/).waitFor();
    await page.locator('#suffixes').selectOption('000');
    await page.locator('#account-currency').selectOption('MXN');
    await page.getByRole('button', { name: 'Add an external account' }).click();
    await page.getByText(/^Added external account …000 in MXN/).waitFor();
    await page.getByRole('button', { name: 'Create a quote' }).click();
    const button = approve().getByRole('button', { name: 'Approve' });
    await button.waitFor();
    await page.waitForFunction(() => {
      const root = document.querySelector('#approve')?.shadowRoot;
      return root?.querySelector<HTMLButtonElement>('[part~="submit"]')?.disabled === false;
    });
    await wallet().getByRole('button', { name: 'Refresh' }).click();
    await wallet().locator('[part~="balance"]', { hasText: '$500.00' }).waitFor();
    await shoot('approve-quote', 'A USD -> MXN payment to approve: both amounts, fees, rate, the payee');

    await button.click();
    await approve().locator('[data-status="completed"]').waitFor({ timeout: 20_000 });
    // The settled payment is read back into the balance: picture it after that read.
    await wallet().locator('[part~="balance"]', { hasText: '$490.00' }).waitFor();
    await shoot('receipt-completed', 'After approval the receipt: completed');
    await page.evaluate(() => {
      const el = document.querySelector('#approve') as HTMLElement & { status?: string };
      el.status = 'processing';
    });
    await approve().locator('[data-status="processing"]').waitFor();
    await shoot('receipt-processing', 'The receipt while the payment is on its way');
    await page.evaluate(() => {
      const el = document.querySelector('#approve') as HTMLElement & { status?: string; failureReason?: string };
      el.status = 'failed';
      el.failureReason = 'COUNTERPARTY_DELIVERY_FAILED';
    });
    await approve().locator('[data-status="failed"]').waitFor();
    await shoot('receipt-failed', "The receipt of a failed payment, in the user's words");

    await page.evaluate(() => {
      const el = document.querySelector('#approve') as HTMLElement & { quote?: Record<string, unknown> };
      el.quote = { ...el.quote, totalReceivingAmount: 1 };
    });
    await approve().getByRole('alert').waitFor();
    await shoot('approve-refused', 'A quote its payload contradicts: refused, nothing to approve');
    await page.evaluate(() => {
      const el = document.querySelector('#approve') as HTMLElement & { quote?: unknown };
      el.quote = undefined;
    });
    await approve().getByText('No payment to approve yet.').waitFor();
    await shoot('approve-empty', 'No quote yet: an empty state, not "Loading…"');

    if (UPDATE) {
      await writeIndex();
      await writeFile(BUILD_FILE, `${browser.version()}\n`);
    }
    console.log(
      `gallery: acceptance checks measured ${tally.targets} targets, ${tally.amounts} amounts, ${tally.times} times, ${tally.texts} texts`,
    );
    expect(
      Object.values(tally).every((n) => n > 0),
      'the acceptance checks measured something',
    ).to.equal(true);
    await writeFile(`${DIFFS}/acceptance.txt`, problems.join('\n'));
    expect(
      problems,
      `the acceptance checks (acceptance.ts) on every state: all in ${DIFFS}/acceptance.txt`,
    ).to.deep.equal([]);
    expect(changed, `pictures changed (see ${DIFFS}/; npm run gallery accepts them)`).to.deep.equal([]);
  });
});

/**
 * A fontconfig file that shows the browser the pinned faces and no font of the
 * machine's, so that a fallback (the demo's own text, a glyph outside a subset)
 * resolves the same everywhere. Rendering settings still come from the system's
 * conf.d (Debian's fontconfig-config); `reset-dirs` drops every font folder it
 * names (the user's included). Returns the file's path.
 */
async function onlyPinnedFonts(dir: string): Promise<string> {
  for (const [, , file] of FACES) await copyFile(require.resolve(file), join(dir, basename(file)));
  const conf = join(dir, 'fonts.conf');
  await writeFile(
    conf,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
  <reset-dirs/>
  <dir>${dir}</dir>
  <cachedir>${join(dir, 'cache')}</cachedir>
</fontconfig>
`,
  );
  return conf;
}

/** docs/gallery.md: one section per state, one picture per variant. */
async function writeIndex(): Promise<void> {
  const lines = [
    '# Gallery',
    '',
    'Every state of the wallet on the demo page, in Chromium: light and dark, a custom accent,',
    'Spanish, at 375 and 1024 px. `npm run gallery` refreshes the pictures; `npm test` compares',
    'them (test/pages/gallery/gallery.page.test.ts). Magenta boxes mask what changes on every run',
    '(times left, random ids and addresses). The browser is shown only the DejaVu fonts of the',
    'locked npm package; `gallery/chromium-version.txt` names the build that took the pictures',
    '(another build is compared at 2%, this one at 0.2%).',
    '',
  ];
  for (const { state, caption } of shots) {
    lines.push(`## ${caption}`, '');
    lines.push(`| ${VARIANTS.map((v) => v.title).join(' | ')} |`, `| ${VARIANTS.map(() => '---').join(' | ')} |`);
    lines.push(
      `| ${VARIANTS.map((v) => `![${caption}, ${v.title}](gallery/${state}--${v.name}.png)`).join(' | ')} |`,
      '',
    );
  }
  // Formatted as the repository's other Markdown (format:check runs over it).
  const file = 'docs/gallery.md';
  await writeFile(file, await format(lines.join('\n'), { ...(await resolveConfig(file)), filepath: file }));
}
