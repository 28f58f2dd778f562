/**
 * The load benchmark's in-page probe, added as a Playwright init script before
 * the partner page runs: it records, on the page's own clock, when each step
 * of the way to an interactive <ew-wallet> happened. Test-side only: it wraps
 * platform functions (customElements.define, attachShadow, indexedDB.open and
 * indexedDB.databases); the product has no hooks for it.
 */
export interface LoadMarks {
  /** The script tag's download: start and end (Resource Timing). */
  scriptStart: number;
  scriptEnd: number;
  /** <ew-wallet> defined: the bundle has been evaluated. */
  defined: number;
  /** The <ew-wallet> element's shadow root made: its first render. */
  walletRendered: number;
  /** <ew-sign-in> and <ew-otp-sign-in> upgraded (their shadow roots made): the sign-in form on its way. */
  signInRendered?: number;
  otpRendered?: number;
  /** indexedDB.open called, and its success event (undefined when never opened). */
  idbOpen?: number;
  idbOpened?: number;
  /** indexedDB.databases called (the vault asks whether its database exists), and its answer. */
  idbList?: number;
  idbListed?: number;
  /** Each wallet call (Resource Timing under /api/): path, start, end. */
  calls: { path: string; start: number; end: number }[];
  /** The wallet's restore over: its view stops being busy. */
  restored?: number;
  /** The first "Email me a code" button in the DOM, enabled and visible (painted at the next frame). */
  interactive: number;
  /** The start of the first frame after that: when it is painted. */
  painted: number;
}

/** Installs the probe; the page later reads `window.__loadMarks()`. Runs in the page: no imports. */
export function installLoadProbe(buttonText: string): void {
  const marks: Partial<LoadMarks> = {};
  let paintedResolve: (at: number) => void = () => undefined;
  const painted = new Promise<number>((resolve) => (paintedResolve = resolve));
  const now = () => performance.now();
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ctor, options) => {
    define(name, ctor, options);
    if (name === 'ew-wallet') marks.defined = now();
  };
  const roots: ShadowRoot[] = [];
  let walletRoot: ShadowRoot | undefined;
  const check = () => {
    if (marks.restored === undefined && walletRoot?.querySelector('[part=base][aria-busy=false]'))
      marks.restored = now();
    if (marks.interactive !== undefined) return;
    for (const root of roots) {
      for (const button of root.querySelectorAll('button')) {
        if (!button.disabled && button.textContent?.trim() === buttonText && button.checkVisibility()) {
          marks.interactive = now();
          requestAnimationFrame(() => {
            marks.painted = now();
            paintedResolve(marks.painted);
          });
          return;
        }
      }
    }
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    if (this.localName === 'ew-wallet' && marks.walletRendered === undefined) {
      marks.walletRendered = now();
      walletRoot = root;
    }
    if (this.localName === 'ew-sign-in') marks.signInRendered ??= now();
    if (this.localName === 'ew-otp-sign-in') marks.otpRendered ??= now();
    roots.push(root);
    new MutationObserver(check).observe(root, { childList: true, subtree: true, attributes: true });
    return root;
  };
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (name: string, version?: number) => {
    const request = open(name, version);
    marks.idbOpen ??= now();
    request.addEventListener('success', () => (marks.idbOpened ??= now()));
    return request;
  };
  const databases = indexedDB.databases?.bind(indexedDB);
  if (databases) {
    indexedDB.databases = () => {
      marks.idbList ??= now();
      return databases().finally(() => (marks.idbListed ??= now()));
    };
  }
  (window as unknown as { __painted: Promise<number> }).__painted = painted;
  (window as unknown as { __loadMarks(): Partial<LoadMarks> }).__loadMarks = () => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const script = resources.find((e) => e.name.includes('embedded-wallet-elements'));
    return {
      ...marks,
      scriptStart: script?.startTime ?? 0,
      scriptEnd: script?.responseEnd ?? 0,
      calls: resources
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
    };
  };
}
