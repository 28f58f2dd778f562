/**
 * The frame channel's wire (src/frame-link): what each side accepts, what it
 * drops, and that the drops are counted, over a real `MessageChannel` (the
 * engine's structured clone), in Node and in every browser. A property test
 * feeds arbitrary values to every reader: each is refused or read as a message
 * that reads back the same, and none throws.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { describe, it } from '#test-harness';
import { FRAME_PROTOCOL, HELLO, type FrameMessage, type HostMessage } from '../../src/frame-link/messages.js';
import { linkPort } from '../../src/frame-link/port.js';
import {
  MAX_DEPTH,
  MAX_WIRE_SIZE,
  readFrameMessage,
  readHello,
  readHostMessage,
  readRefused,
  readWire,
} from '../../src/frame-link/validate.js';

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

describe('frame channel: the readers', () => {
  it('read the messages each side sends, as sent', () => {
    const host: HostMessage[] = [
      { t: 'init', attributes: { 'account-id': 'InternalAccount:1', 'hide-sections': '' }, locale: 'es' },
      { t: 'init', attributes: {} },
      { t: 'attr', name: 'account-id', value: 'InternalAccount:1' },
      { t: 'attr', name: 'hide-sections', value: null },
      { t: 'data', name: 'quote', value: { id: 'Quote:1', amounts: [1, 2], at: new Date(0), ok: true, none: null } },
      { t: 'locale', tag: 'es-MX' },
      { t: 'theme', values: { '--ew-accent': '#0a58ca', '--ew-radius': '12px' } },
      { t: 'command', id: 7, name: 'signOut' },
      { t: 'child', child: 1, tag: 'ew-approve-quote', attributes: { 'app-name': 'Acme Shop' } },
      { t: 'attr', name: 'status', value: 'completed', child: 1 },
      { t: 'data', name: 'quote', value: { id: 'Quote:1' }, child: 1 },
      { t: 'unchild', child: 1 },
    ];
    for (const message of host) expect(readHostMessage(message), message.t).to.deep.equal(message);
    const frame: FrameMessage[] = [
      { t: 'welcome', v: FRAME_PROTOCOL, version: '0.3.0' },
      { t: 'event', name: 'ew-signed-in', detail: { method: 'EMAIL_OTP', sessionExpiresAt: new Date(1) } },
      { t: 'size', height: 412.5 },
      { t: 'event', name: 'ew-signature', detail: { quoteId: 'Quote:1' }, child: 2 },
      { t: 'state', values: { paymentPending: true } },
      { t: 'result', id: 7, ok: false, error: { code: 'FRAME_USER_ACTION_ONLY', message: 'Only the user can.' } },
    ];
    for (const message of frame) expect(readFrameMessage(message), message.t).to.deep.equal(message);
    expect(readHello({ ew: HELLO, versions: [1], tag: 'ew-wallet' })).to.deep.equal({
      ew: HELLO,
      versions: [1],
      tag: 'ew-wallet',
    });
    expect(readRefused({ ew: 'ew-frame-refused', code: 'FRAME_PARENT_NOT_ALLOWED' })).to.deep.equal({
      ew: 'ew-frame-refused',
      code: 'FRAME_PARENT_NOT_ALLOWED',
    });
  });

  it('carry over only the fields they know', () => {
    expect(readHostMessage({ t: 'command', id: 1, name: 'signOut', extra: 'approve' })).to.deep.equal({
      t: 'command',
      id: 1,
      name: 'signOut',
    });
  });

  it('refuse malformed messages, each for its own reason', () => {
    const refusedHost = [
      null,
      'attr',
      [],
      { t: 'attr', name: 'onclick=alert(1)', value: 'x' },
      { t: 'attr', name: 'account-id', value: 5 },
      { t: 'attr', name: 'account-id', value: 'x'.repeat(2_001) },
      { t: 'data', name: 'quote', value: () => 1 },
      { t: 'data', name: 'quote', value: nested(MAX_DEPTH + 1) },
      { t: 'data', name: 'quote', value: 'x'.repeat(MAX_WIRE_SIZE + 1) },
      { t: 'data', name: 'quote', value: { ['__proto__']: 1 } },
      { t: 'data', name: 'quote', value: JSON.parse('{"__proto__": {"admin": true}}') },
      { t: 'data', name: 'quote', value: new Map() },
      { t: 'data', name: 'quote', value: Number.NaN },
      { t: 'data', name: 'quote', value: new Date(Number.NaN) },
      { t: 'locale', tag: 'es_MX; x' },
      { t: 'init', attributes: { 'account-id': 1 } },
      { t: 'init', attributes: { Bad_Name: 'x' } },
      { t: 'init', attributes: {}, locale: '<es>' },
      { t: 'theme', values: { '--ew-accent': 'red; background: url(https://evil.example/)' } },
      { t: 'theme', values: { color: 'red' } },
      { t: 'theme', values: { '--ew-font': 'x}@import "y"' } },
      { t: 'command', id: 1.5, name: 'signOut' },
      { t: 'command', id: 1, name: 'sign-out()' },
      { t: 'approve' },
      { t: 'child', child: 0, tag: 'ew-approve-quote', attributes: {} },
      { t: 'child', child: 1, tag: 'iframe', attributes: {} },
      { t: 'child', child: 1, tag: 'ew-approve-quote', attributes: { onclick: 1 } },
      { t: 'attr', name: 'status', value: 'completed', child: '1' },
      { t: 'data', name: 'quote', value: {}, child: -1 },
      { t: 'unchild', child: 1.5 },
    ];
    for (const message of refusedHost)
      expect(readHostMessage(message), JSON.stringify(message) ?? String(message)).to.equal(undefined);
    const refusedFrame = [
      { t: 'welcome', v: '1', version: '0.3.0' },
      { t: 'event', name: 'click', detail: null },
      { t: 'event', name: 'ew-signature', detail: undefined },
      { t: 'event', name: 'ew-signature', detail: null, child: Number.MAX_SAFE_INTEGER + 1 },
      { t: 'size', height: -1 },
      { t: 'size', height: Number.POSITIVE_INFINITY },
      { t: 'state', values: [] },
      { t: 'result', id: 1, ok: false, error: { code: 'lower', message: '' } },
    ];
    for (const message of refusedFrame) expect(readFrameMessage(message), JSON.stringify(message)).to.equal(undefined);
    expect(readHello({ ew: HELLO, versions: [], tag: 'ew-wallet' }), 'no version').to.equal(undefined);
    expect(readHello({ ew: HELLO, versions: [1], tag: 'iframe' }), 'not an element of ours').to.equal(undefined);
    expect(readRefused({ ew: 'ew-frame-refused', code: '<b>' })).to.equal(undefined);
  });

  it('never throw, whatever they are given: a getter that throws, a cycle, a proxy', () => {
    const trap = {
      get value() {
        throw new Error('boom');
      },
    };
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    for (const value of [trap, cycle, proxy]) {
      expect(readWire(value)).to.equal(undefined);
      expect(readHostMessage({ t: 'data', name: 'quote', value })).to.equal(undefined);
    }
  });

  it('any value: refused, or read as a message that reads back the same (never a throw)', () => {
    const readers = [readHostMessage, readFrameMessage, readHello, readRefused] as const;
    const shaped = fc.record({
      t: fc.constantFrom(
        'init',
        'attr',
        'data',
        'locale',
        'theme',
        'command',
        'child',
        'unchild',
        'welcome',
        'event',
        'size',
        'state',
        'result',
      ),
      name: fc.oneof(fc.string(), fc.constantFrom('account-id', 'ew-signed-in', 'signOut')),
      value: fc.anything({ withDate: true, withMap: true, withNullPrototype: true }),
      values: fc.dictionary(fc.string(), fc.string()),
      attributes: fc.dictionary(fc.constantFrom('account-id', 'locale', 'X'), fc.anything()),
      locale: fc.oneof(fc.constant('es'), fc.string()),
      id: fc.oneof(fc.integer(), fc.double()),
      tag: fc.oneof(fc.string(), fc.constant('ew-approve-quote')),
      child: fc.oneof(fc.integer(), fc.anything()),
      v: fc.anything(),
      version: fc.string(),
      detail: fc.anything({ withDate: true }),
      height: fc.double(),
      ok: fc.anything(),
    });
    fc.assert(
      fc.property(fc.oneof(fc.anything({ withDate: true, withObjectString: true }), shaped), (value) => {
        for (const read of readers) {
          const message = read(value);
          if (message !== undefined) expect(read(message)).to.deep.equal(message);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('frame channel: a port', () => {
  it('hands on what its reader accepts, drops and counts the rest, and sends nothing once closed', async () => {
    const { port1, port2 } = new MessageChannel();
    const got: HostMessage[] = [];
    const frameSide = linkPort<HostMessage, FrameMessage>(port2, readHostMessage, (m) => got.push(m));
    const sent: FrameMessage[] = [];
    const hostSide = linkPort<FrameMessage, HostMessage>(port1, readFrameMessage, (m) => sent.push(m));
    hostSide.send({ t: 'attr', name: 'account-id', value: 'InternalAccount:1' });
    port1.postMessage({ t: 'approve' }); // what a hostile host may post on its end of the port
    port1.postMessage({ t: 'data', name: 'quote', value: nested(MAX_DEPTH + 2) });
    hostSide.send({ t: 'command', id: 1, name: 'signOut' });
    frameSide.send({ t: 'size', height: 300 });
    await until(() => got.length === 2 && sent.length === 1);
    expect(got).to.deep.equal([
      { t: 'attr', name: 'account-id', value: 'InternalAccount:1' },
      { t: 'command', id: 1, name: 'signOut' },
    ]);
    expect(frameSide.dropped).to.equal(2);
    expect(sent).to.deep.equal([{ t: 'size', height: 300 }]);
    frameSide.close();
    frameSide.send({ t: 'size', height: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).to.have.length(1);
    hostSide.close();
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition(), 'the messages arrived').to.equal(true);
}
