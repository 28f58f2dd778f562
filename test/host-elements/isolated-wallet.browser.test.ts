/**
 * `<ew-wallet frame>` from the host script (src/host.ts), against its frame page
 * on another origin of the test server (`localhost` and `127.0.0.1`) and the
 * sandbox through the relay: the sign-in happens in the frame, by keyboard, and
 * the host page gets the typed events, never the code, the client or a key.
 */
import { expect } from 'chai';
import { afterEach, describe, it, itNeeds } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { sendKeys, waitFor } from '../helpers/dom.js';
import { isolatedWallet, pressInFrame, signInByKeyboard, withHostPorts } from '../helpers/isolated-frame.js';

afterEach(() => document.querySelectorAll('ew-wallet').forEach((el) => el.remove()));

describe('isolated mode: <ew-wallet frame> from the host script', () => {
  it('signs in inside the frame by keyboard; the host gets typed events, and never the code or a client', async () => {
    const typed: string[] = [];
    const skim = (event: Event) => typed.push(String((event.target as HTMLInputElement).value ?? ''));
    document.addEventListener('input', skim, true);
    try {
      const wallet = await newWallet();
      const { el, heard, details } = await isolatedWallet(wallet);
      await waitFor(() => heard.includes('ew-ready'), 'ew-ready from the frame');
      // The iframe takes the height of what the frame draws.
      await waitFor(() => el.getBoundingClientRect().height > 100, 'the frame sized to its content');
      await signInByKeyboard(heard);
      expect(details['ew-signed-in']).to.include({ method: 'EMAIL_OTP' });
      expect(typed, 'what a page script heard typed').to.deep.equal([]);
      expect((el as unknown as { client?: unknown }).client).to.equal(undefined);
      // The frame's relay takes sign-ins from the frame's origin only (frameOrigin): not from this page.
      const verify = await fetch(`/api-frame/auth/credentials/${wallet.emailCredentialId}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ew-account-id': wallet.accountId },
        body: JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: '{}' }),
      });
      expect(verify.status, 'a verify from the host page').to.equal(403);
      // A command the host may give: sign-out, answered by the frame.
      await el.signOut();
      await waitFor(() => heard.includes('ew-signed-out'), 'ew-signed-out from the frame');
    } finally {
      document.removeEventListener('input', skim, true);
    }
  });

  it('a client, a transport or a token provider set on the host element is refused, by name', async () => {
    const { el, heard } = await isolatedWallet(await newWallet());
    (el as unknown as { client: unknown }).client = {};
    (el as unknown as { oidcTokenProvider: unknown }).oidcTokenProvider = () => 'token';
    expect(heard).to.deep.equal(['ew-error CONFIG_FRAME_REFUSED', 'ew-error CONFIG_FRAME_REFUSED']);
  });

  it('a frame whose frame.json does not list this page refuses it: ew-load-error FRAME_PARENT_NOT_ALLOWED', async () => {
    const { heard } = await isolatedWallet(await newWallet(), ['https://shop.example']);
    await waitFor(() => heard.length >= 2, 'the load error');
    expect(heard).to.deep.equal(['ew-load-error FRAME_PARENT_NOT_ALLOWED', 'ew-error FRAME_PARENT_NOT_ALLOWED']);
  });

  it('without frame: ew-load-error CONFIG_FRAME_MISSING, and no iframe', async () => {
    const el = document.createElement('ew-wallet');
    const heard: string[] = [];
    el.addEventListener('ew-load-error', (event) => heard.push(event.detail.code));
    document.body.append(el);
    expect(heard).to.deep.equal(['CONFIG_FRAME_MISSING']);
    expect(el.getBoundingClientRect().height).to.equal(0);
  });

  it('commands wait for the frame: signOut() right away resolves once it answers; removed meanwhile, it rejects FRAME_CLOSED', async () => {
    const wallet = await newWallet();
    const { el } = await isolatedWallet(wallet);
    await el.signOut(); // asked before the frame answered the handshake: sent once it does
    const { el: gone } = await isolatedWallet(wallet);
    const pending = gone.signOut();
    gone.remove();
    const error = await pending.then(
      () => expect.fail('resolved'),
      (e: unknown) => e as { code?: string },
    );
    expect(error.code).to.equal('FRAME_CLOSED');
  });

  itNeeds(
    () => ('moveBefore' in Element.prototype ? {} : { missing: 'no Element.moveBefore (atomic moves)' }),
    'moved with moveBefore(), it keeps its link (the iframe kept) or links anew (reloaded): commands are answered',
    async () => {
      const wallet = await newWallet();
      const { el, heard } = await isolatedWallet(wallet);
      await waitFor(() => heard.includes('ew-ready'), 'ew-ready');
      const box = document.createElement('div');
      document.body.append(box);
      (box as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(el, null);
      // Chromium keeps the iframe's document. An engine that reloads it (Firefox) links the new one,
      // whose wallet says it is ready again; a command sent meanwhile is refused FRAME_RELOADED.
      const readies = () => heard.filter((h) => h === 'ew-ready').length;
      const until = Date.now() + 3_000;
      while (readies() < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const outcome = await Promise.race([
        el.signOut().then(
          () => 'answered',
          (e: { code?: string }) => `rejected ${e.code}`,
        ),
        new Promise((r) => setTimeout(() => r('no answer in 5 s'), 5_000)),
      ]);
      expect(outcome).to.equal('answered');
      box.remove();
    },
  );

  it('what a page script posts on the host end of the channel is held to the table in the frame', async () => {
    // A page script that ran first keeps the host's end of every channel made on this page.
    await withHostPorts(async (ports) => {
      const { el, heard } = await isolatedWallet(await newWallet());
      await waitFor(() => heard.includes('ew-ready'), 'ew-ready from the frame');
      const [port] = ports;
      const answers: unknown[] = [];
      port!.addEventListener('message', (event) => answers.push(event.data));
      // Where the wallet's calls go is the frame's to say; export and approve are no commands of the host's.
      port!.postMessage({ t: 'attr', name: 'api-base', value: 'https://evil.example/api' });
      port!.postMessage({ t: 'command', id: 900, name: 'exportWallet' });
      port!.postMessage({ t: 'init', attributes: { 'api-base': '/nowhere' } });
      // The frame also sends its height on this port, whenever it changes: wait for the answer itself.
      await waitFor(() => answers.some((a) => (a as { t?: string }).t === 'result'), 'the answer to the command');
      expect(answers).to.deep.include({
        t: 'result',
        id: 900,
        ok: false,
        error: { code: 'COMMAND_REFUSED', message: 'exportWallet is not allowed' },
      });
      // The wallet still calls its own relay: a code sign-in completes.
      (document.activeElement as HTMLElement | null)?.blur();
      await pressInFrame('Email me a code', 'Enter', 6);
      await waitFor(() => heard.includes('ew-otp-sent'), 'the code sent through the frame’s relay');
      await sendKeys({ type: '000000' });
      await waitFor(() => heard.includes('ew-signed-in'), 'signed in');
      await el.signOut();
    });
  });

  it('a frame on this page’s own origin is refused: it would isolate nothing', async () => {
    const el = document.createElement('ew-wallet');
    const heard: string[] = [];
    el.addEventListener('ew-load-error', (event) => heard.push(event.detail.code));
    el.setAttribute('frame', new URL('/test/frame-link/fixtures/wallet-frame.html', location.origin).href);
    document.body.append(el);
    expect(heard).to.deep.equal(['CONFIG_FRAME_SAME_ORIGIN']);
  });
});
