/**
 * Isolated mode in the browser suites: `<ew-wallet frame>` (the host script,
 * src/host.ts) showing the wallet's frame page from the sources
 * (test/frame-link/fixtures/wallet-frame.html) on this server's other origin
 * (`localhost` and `127.0.0.1`), whose relay (`/api-frame`) takes sign-ins
 * from that origin only. What the frame shows of an approval comes from the
 * fixture's probe, since a page cannot look into a frame of another origin.
 */
import '../../src/host.js';
import type { EwWallet } from '../../src/elements/index.js';
import type { ApprovalWindowMode } from '../../src/frame-page/config.js';
import { sandboxKeys, type TestWallet } from './browser-stack.js';
import { sendKeys, waitFor } from './dom.js';

const other = new URL(location.href);
other.hostname = other.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
export const FRAME_ORIGIN = other.origin;
/**
 * The frame on a host name of its own (`wallet.localhost`, which engines resolve to this machine), for
 * passkeys: its RP id is its exact host, which the test page's `localhost` cannot claim. Its relay is
 * `/api-passkey-frame` (harness/wallet-stack.ts).
 */
const walletHost = new URL(location.href);
walletHost.hostname = 'wallet.localhost';
export const PASSKEY_FRAME_ORIGIN = walletHost.origin;

/** Where the frame page is served and what its frame.json adds (default: FRAME_ORIGIN and its relay). */
export interface FrameSite {
  origin?: string;
  attributes?: Record<string, string>;
  /** frame.json's `oauth` (the frame's own identity provider). */
  oauth?: Record<string, string>;
  /** The in-page test authenticator in the frame and its passkey window (fixtures/frame-authenticator.ts). */
  authenticator?: boolean;
}

/** The frame page's URL, with the frame.json it reads. */
export async function framePage(
  parentOrigins: string[],
  approvalWindow: ApprovalWindowMode = 'never',
  site: FrameSite = {},
): Promise<string> {
  const keys = await sandboxKeys();
  const config = {
    v: 1,
    parentOrigins,
    // The frame's own arming is what most tests measure; the confirmation window has tests of its own.
    approvalWindow,
    attributes: {
      'api-base': '/api-frame',
      'otp-target-key': keys.otpTarget,
      'export-key': keys.export,
      ...site.attributes,
    },
    ...(site.oauth ? { oauth: site.oauth } : {}),
  };
  const url = new URL('/test/frame-link/fixtures/wallet-frame.html', site.origin ?? FRAME_ORIGIN);
  url.searchParams.set('config', JSON.stringify(config));
  if (site.authenticator) url.searchParams.set('authenticator', '');
  return url.href;
}

/**
 * Runs `fn` as a page script that ran before the host script would: it keeps the host's end of every
 * channel made on this page meanwhile (`ports`, filled as they are made).
 */
export async function withHostPorts<T>(fn: (ports: MessagePort[]) => Promise<T>): Promise<T> {
  const ports: MessagePort[] = [];
  const Engine = window.MessageChannel;
  window.MessageChannel = class extends Engine {
    constructor() {
      super();
      ports.push(this.port1);
    }
  };
  try {
    return await fn(ports);
  } finally {
    window.MessageChannel = Engine;
  }
}

/** The events isolated tests listen for on the host's element. */
const HEARD = [
  'ew-ready',
  'ew-load-error',
  'ew-error',
  'ew-otp-sent',
  'ew-signed-in',
  'ew-signed-out',
  'ew-credential-added',
  'ew-wallet-exported',
];

/**
 * `<ew-wallet frame>` (or another element: `tag`) for `wallet`, every event it fires recorded as
 * `name` or `name CODE`; `inside` (e.g. an `<ew-approve-quote>`) is put in it before it joins the
 * page, in `parent`.
 */
export async function isolatedWallet(
  wallet: TestWallet,
  parentOrigins = [location.origin],
  inside?: Element,
  parent: Element = document.body,
  {
    approvalWindow,
    site,
    sections = false,
    tag = 'ew-wallet',
  }: { approvalWindow?: ApprovalWindowMode; site?: FrameSite; sections?: boolean; tag?: string } = {},
) {
  const el = document.createElement(tag) as EwWallet;
  el.setAttribute('frame', await framePage(parentOrigins, approvalWindow, site));
  el.setAttribute('account-id', wallet.accountId);
  el.setAttribute('customer-id', wallet.customerId);
  if (!sections && tag === 'ew-wallet') el.setAttribute('hide-sections', '');
  if (inside) el.append(inside);
  const heard: string[] = [];
  const details: Record<string, unknown> = {};
  for (const name of HEARD)
    el.addEventListener(name, (event) => {
      const { detail } = event as CustomEvent<{ code?: string }>;
      heard.push(detail?.code ? `${name} ${detail.code}` : name);
      details[name] = detail;
    });
  parent.append(el);
  return { el, heard, details };
}

/**
 * Presses Tab until the frame reports focus on `name` (a button, a section's summary, a field by its
 * label), then `key`: a keyboard user's way to a control in the frame, which this page cannot reach.
 * Each report is awaited, so a press never goes before the control is drawn and focused.
 */
export async function pressInFrame(name: string, key = 'Enter', maxPresses = 40): Promise<void> {
  await waitFor(
    () => frameWallets().some((w) => w.buttons.includes(name) || w.focus === name),
    `"${name}" in the frame`,
  ).catch(() => {
    throw new Error(`no "${name}" in the frame: ${JSON.stringify(frameWallets())}`);
  });
  // The frame reports every 50 ms: wait for the second report from now (the first may have been made
  // before the frame handled the last key), however slow a loaded machine makes them.
  const freshReport = async () => {
    const after = walletReports;
    await waitFor(() => walletReports >= after + 2, 'the frame reporting');
  };
  /** What the frame shows, as text: the same twice running is a view done rendering. */
  const view = () => JSON.stringify(frameWallets().map((w) => [w.buttons, w.focus, w.focusDisabled]));
  // The frame's own focus counts only while this page's focus is in the element that holds the frame
  // (its shadow root is closed: the element itself is focused here). A frame's view can focus a
  // button while this page's focus is elsewhere, and a key then goes to this page.
  const inElement = () => !!document.activeElement?.localName.startsWith('ew-');
  const focused = () => inElement() && frameWallets().some((w) => w.focus === name && !w.focusDisabled);
  // A button turned off under the focus (its element reading) takes the key once it is on again: wait, do not Tab.
  const turnedOff = () => inElement() && frameWallets().some((w) => w.focus === name && w.focusDisabled);
  for (let tabs = 0, looks = 0; ; looks++) {
    // Pressed only on a view that holds still with the focus on `name`: a key sent while a view
    // re-renders (a sign-out's sign-in view taking its methods) lands on nothing.
    const seen = view();
    await freshReport();
    if (focused() && view() === seen) break;
    const stuck = () => new Error(`Tab never reached "${name}" (${JSON.stringify(frameWallets())})`);
    if (looks === 100) throw stuck();
    if (!focused() && !turnedOff()) {
      if (tabs++ === maxPresses) throw stuck();
      await sendKeys({ press: 'Tab' });
    }
  }
  await sendKeys({ press: key });
}

/** Signs in inside the frame by keyboard only: Tab into the frame to `method`'s button, Enter, then the code. */
export async function signInByKeyboard(heard: string[], method = 'Email me a code'): Promise<void> {
  await waitFor(() => heard.includes('ew-ready'), 'ew-ready from the frame');
  (document.activeElement as HTMLElement | null)?.blur();
  await pressInFrame(method, 'Enter', 6);
  await waitFor(() => heard.includes('ew-otp-sent'), `ew-otp-sent from the frame (heard ${heard.join(', ')})`);
  await sendKeys({ type: '000000' });
  await waitFor(() => heard.includes('ew-signed-in'), 'ew-signed-in from the frame');
}

type Box = { x: number; y: number; width: number; height: number };
/** What the frame shows of its `<ew-approve-quote>` (wallet-frame.ts's probe). */
export interface FrameApproval {
  attributes: string[];
  submit: Box | null;
  payee: Box | null;
  requesterBox: Box | null;
  count: number;
  armed: boolean | null;
  reading: boolean;
  requester: string | null;
  error: string | null;
  status: string | null;
  summary: string | null;
}

/** What a frame shows of its wallet: its language and its buttons' names. */
export interface FrameWallet {
  lang: string;
  buttons: string[];
  /** Theme values the frame applied on its wallet, by name ('' where none). */
  theme: Record<string, string>;
  /** The text (for a field, its label) of the element that has focus in the frame, if any. */
  focus: string | null;
  /** The focused element is a button turned off (its element is reading or working). */
  focusDisabled: boolean;
  /** How many words of the recovery phrase the frame shows. */
  words: number;
  /** The passkey ceremonies the frame's iframe delegates to it (Chromium's policy; null elsewhere). */
  delegated: string[] | null;
}

/** What the frame's confirmation window shows (wallet-frame.ts's probe in it). */
export interface ApprovalWindowState {
  lost: boolean;
  title: string;
  submit: Box | null;
  cancel: Box | null;
  armed: boolean | null;
  requester: string | null;
  payee: string | null;
  summary: string | null;
  error: string | null;
}

/** What the frame's passkey window shows (its probe, test/frame-link/fixtures/passkey-window.ts). */
export interface PasskeyWindowState {
  state: 'asking' | 'waiting' | 'done' | 'lost';
  /** Whether Continue takes a press yet. */
  armed: boolean;
  kind: 'get' | 'create' | null;
  title: string;
  text: string;
  continue: Box | null;
  cancel: Box | null;
}

/** Whether `origin` is a frame origin of this server: another host name, or its second port (same-site). */
const fromFrame = (origin: string) =>
  origin !== location.origin && /^http:\/\/(?:localhost|127\.0\.0\.1|wallet\.localhost):\d+$/.test(origin);

let latest: FrameApproval | null | undefined;
/** How many wallet reports have come (each frame sends one every 50 ms). */
let walletReports = 0;
let passkeyReport: { state: PasskeyWindowState | null; at: number } | undefined;
/** The confirmation window's last report, and when it came (a closed window stops reporting). */
let windowReport: { state: ApprovalWindowState | null; at: number } | undefined;
/** Each frame's last report of its wallet, by the frame's window. */
const wallets = new Map<MessageEventSource, FrameWallet>();
addEventListener('message', (event) => {
  const data = event.data as {
    ewTestProbe?: boolean;
    approve?: FrameApproval | null;
    wallet?: FrameWallet;
    window?: ApprovalWindowState | null;
    passkeyWindow?: PasskeyWindowState | null;
  } | null;
  if (!fromFrame(event.origin) || !data?.ewTestProbe) return;
  if ('window' in data) {
    windowReport = { state: data.window ?? null, at: Date.now() };
    return;
  }
  if ('passkeyWindow' in data) {
    passkeyReport = { state: data.passkeyWindow ?? null, at: Date.now() };
    return;
  }
  latest = data.approve ?? null;
  if (data.wallet && event.source) {
    wallets.set(event.source, data.wallet);
    walletReports++;
  }
});

/** The frame's approval as last reported (one wallet frame per test). */
export const frameApproval = (): FrameApproval | null | undefined => latest;

/** The confirmation window as it reported in the last 300 ms; undefined when none did (closed, or never opened). */
export const approvalWindow = (): ApprovalWindowState | null | undefined =>
  windowReport && Date.now() - windowReport.at < 300 ? windowReport.state : undefined;

/** The passkey window as it reported in the last 300 ms; undefined when none did. */
export const passkeyWindow = (): PasskeyWindowState | null | undefined =>
  passkeyReport && Date.now() - passkeyReport.at < 300 ? passkeyReport.state : undefined;

/** What each wallet frame on the page last reported, in no particular order. */
export const frameWallets = (): FrameWallet[] => [...wallets.values()];

/** Forgets the last reports (between tests, and when frames are replaced). */
export const resetFrameApproval = () => {
  latest = undefined;
  windowReport = undefined;
  passkeyReport = undefined;
  wallets.clear();
};
