/**
 * Text the relay hands over (where a code went, a sign-in method's or a
 * session's nickname) cannot reorder or hide what the user reads: bidi
 * controls and invisible characters are shown as visible `[U+…]` marks. A
 * tampering transport rewrites the sandbox's real answers on their way.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet, recording } from '../helpers/browser-stack.js';
import { deepQueryAll, waitFor } from '../helpers/dom.js';
import { mountWallet, openSection, signInByTyping } from '../helpers/elements.js';
import type { Transport } from '../../src/protocol/index.js';

const RLO = '\u202E';
const ZWSP = '\u200B';
const shown = (root: Element, selector: string) =>
  deepQueryAll(selector, root)
    .map((el) => el.textContent ?? '')
    .join(' ');

/** A relay that appends right-to-left overrides to every nickname it passes on. */
function nicknameRewriter(): Transport {
  const { transport } = recording();
  const rewrite = (item: unknown): unknown =>
    item && typeof item === 'object' && typeof (item as { nickname?: unknown }).nickname === 'string'
      ? { ...item, nickname: (item as { nickname: string }).nickname.replace('@', `@${RLO}${ZWSP}`) + RLO }
      : item;
  return async (request) => {
    const answer = await transport(request);
    const body = answer.body as { data?: unknown[] } | undefined;
    if (!body || typeof body !== 'object') return answer;
    const data = Array.isArray(body.data) ? { data: body.data.map(rewrite) } : {};
    return { ...answer, body: { ...(rewrite(body) as object), ...data } };
  };
}

describe('relay-given text is shown with its hidden characters made visible', () => {
  afterEach(() => document.querySelectorAll('ew-wallet').forEach((el) => el.remove()));

  it('where the code went, the signed-in contact and the session list', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet, {}, { transport: nicknameRewriter() });
    // Read while the code is typed, as the user reads it (the message goes once signed in).
    const sent = waitFor(() => shown(el, '[part~="message"][role="status"]') || undefined, 'code sent');
    await signInByTyping(el);
    const again = el;
    expect(await sent).to.include('@[U+202E][U+200B]');
    expect(await sent).to.not.include(RLO);
    const identity = await waitFor(() => shown(again, '[part~="identity"]') || undefined, 'identity');
    expect(identity).to.include('[U+202E]');
    expect(identity).to.not.include(RLO);
    await openSection(again, 'Signed-in devices');
    const listed = await waitFor(
      // The relay's nickname is in the row's details (its title is this device's browser and system).
      () => shown(deepQueryAll('ew-sessions', again)[0] ?? again, '[part~="item"] .muted') || undefined,
      'the session list',
    );
    expect(listed).to.include('[U+202E]');
    expect(listed).to.not.include(RLO);
    expect(again.shadowRoot!.innerHTML.includes(RLO)).to.equal(false);
  });
});
