/**
 * The one lazy-file helper: loads once, forgets a failure or a stall so the
 * next call tries again, and reports every failure as the caller's typed
 * error. Runs in Node and in every browser.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { lazyModule } from '../../src/packaging/lazy-module.js';

class TypedError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

const spec = (load: () => Promise<{ n: number }>, timeoutMs?: number) => ({
  name: 'thing',
  neededBy: 'The thing needs',
  load,
  refuse: (message: string, cause: unknown) => new TypedError(message, cause),
  ...(timeoutMs ? { timeoutMs } : {}),
});

describe('lazyModule', () => {
  it('loads once, however many callers ask, and then answers at once', async () => {
    let loads = 0;
    const load = lazyModule(spec(async () => ({ n: ++loads })));
    expect(load.current).to.equal(undefined);
    expect(load.file).to.equal('embedded-wallet-thing.js');
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).to.equal(b);
    expect(await load()).to.equal(a);
    expect([loads, load.current]).to.deep.equal([1, a]);
  });

  it("a failure is the caller's typed error naming the file, and the next call tries again", async () => {
    let fail = true;
    let loads = 0;
    const load = lazyModule(
      spec(async () => {
        loads++;
        if (fail) throw new Error('404');
        return { n: 1 };
      }),
    );
    const error = await load().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(TypedError);
    expect((error as TypedError).message)
      .to.include('The thing needs')
      .and.include('thing')
      .and.include('404');
    expect((error as TypedError).cause).to.be.instanceOf(Error);
    fail = false;
    expect(await load()).to.deep.equal({ n: 1 });
    expect(loads).to.equal(2);
  });

  it('a stalled load fails after its timeout, and the next call asks again', async () => {
    let loads = 0;
    const load = lazyModule(spec(() => (++loads === 1 ? new Promise<never>(() => {}) : Promise.resolve({ n: 2 })), 50));
    const error = await load().then(
      () => undefined,
      (e: unknown) => e as TypedError,
    );
    expect(error?.message).to.include('did not load within 0.05 s');
    expect(await load()).to.deep.equal({ n: 2 });
  });
});
