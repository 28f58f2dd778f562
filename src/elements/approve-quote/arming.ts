/**
 * When Approve may be pressed (against clickjacking): only once the whole
 * button has been in view, and the layout still, for ARM_AFTER_MS. Any change
 * (scrolled away, covered by a resize) disarms and restarts the wait; where
 * the engine can tell (IntersectionObserver v2), a button that is covered or
 * made transparent does not arm either. A button drawn anew, or drawn for
 * another session, starts the wait over.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How long the button must have been fully in view, and the layout still, before it arms. */
export const ARM_AFTER_MS = 600;

/** Whether this engine reports occlusion and opacity (IntersectionObserver v2: `isVisible`). */
export const tracksVisibility =
  typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

/** True when `el`'s page is shown inside a frame: a framing page can hide it and catch its clicks. */
export const isFramed = (el: Element): boolean => {
  const view = el.ownerDocument.defaultView;
  return !view || view.self !== view.top;
};

/** How often a framed button that is off asks the observer again (see `reask`). */
const REASK_MS = 1_000;

/** Events after which the button is measured again where the observer may have missed them (see `recheck`). */
const RECHECK_ON = ['scroll', 'resize'] as const;

/**
 * The observer's rule without it: the whole button inside the viewport (a pixel's slack for
 * fractional layout), and the button itself the topmost thing at its centre (no box clips or covers it).
 */
function fullyInView(target: HTMLElement): boolean {
  const box = target.getBoundingClientRect();
  const viewport = target.ownerDocument.documentElement;
  const inside =
    box.width > 0 &&
    box.top >= -1 &&
    box.left >= -1 &&
    box.bottom <= viewport.clientHeight + 1 &&
    box.right <= viewport.clientWidth + 1;
  const root = target.getRootNode() as Document | ShadowRoot;
  const hit = inside ? root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
  return hit !== null && target.contains(hit);
}

/** What `Arming.watch` follows. */
export interface Watched {
  /** The button as drawn (none: nothing to arm). */
  button: HTMLButtonElement | undefined;
  /** The session it was drawn for: another one restarts the wait. */
  sessionId: string | undefined;
  /** False keeps it off (a frame the host did not allow, a payee still being read). */
  mayArm: boolean;
  /** What must be fully in view with the button (in the wallet's frame: who asks, the payee and the amounts). */
  card?: readonly HTMLElement[];
  /**
   * In the wallet's frame (isolated mode): only the observer's entries count. They are measured
   * against the top page's viewport, so they see the host page cropping the frame; measuring in
   * here sees only the frame. A stale entry then keeps Approve off rather than arming it.
   */
  framed?: boolean;
}

export class Arming implements ReactiveController {
  /** Whether a click on the button may approve. */
  armed = false;
  /** Whether the button is in view and its wait is running (the button shows it filling). */
  waiting = false;
  private observer: IntersectionObserver | undefined;
  /** The button the observer watches, and the session it was drawn for: either changing restarts the wait. */
  private watched: { button: HTMLButtonElement; sessionId: string | undefined; targets: HTMLElement[] } | undefined;
  /** Which of the targets the observer last saw fully in view. */
  private readonly inView = new Map<Element, boolean>();
  private armTimer: ReturnType<typeof setTimeout> | undefined;
  private reaskTimer: ReturnType<typeof setInterval> | undefined;
  private recheckQueued = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.disarm();
  }

  /** Stops the wait; the next `watch` starts it again for whatever button is drawn. */
  disarm(): void {
    clearTimeout(this.armTimer);
    clearInterval(this.reaskTimer);
    this.set(false);
    this.setWaiting(false);
    this.observer?.disconnect();
    this.observer = undefined;
    this.inView.clear();
    const view = this.watched?.button.ownerDocument.defaultView;
    for (const type of RECHECK_ON) view?.removeEventListener(type, this.recheck, true);
    this.watched = undefined;
  }

  /**
   * Firefox was seen to lose track of the button: after the page scrolled to it, its observer
   * delivered an entry measured before the scroll (out of view) and none after, so Approve stayed
   * off for good. Where the observer cannot tell covered from seen anyway, its stale entries give
   * way to measuring the button now, and so does a scroll (of the page or any box around it) or a
   * resize, once per frame.
   */
  private readonly recheck = (): void => {
    if (this.recheckQueued) return;
    this.recheckQueued = true;
    requestAnimationFrame(() => {
      this.recheckQueued = false;
      const targets = this.watched?.targets;
      if (!targets) return;
      for (const target of targets) this.inView.set(target, fullyInView(target));
      const inView = this.allInView();
      if (inView !== (this.waiting || this.armed)) this.seen(inView);
    });
  };

  /** Follows the button as drawn for its session; see `Watched`. */
  watch({ button, sessionId, mayArm, card = [], framed = false }: Watched): void {
    // A button drawn anew (after a sign-out and back in) or for another session starts the wait
    // over: the user must see this button, now, for the moment it takes to arm.
    if (this.watched && (this.watched.button !== button || this.watched.sessionId !== sessionId)) this.disarm();
    if (!button || this.watched || !mayArm) return;
    const targets = [...card, button];
    this.watched = { button, sessionId, targets };
    const observer = new IntersectionObserver(
      (entries) => {
        // A report for a button no longer followed (disarmed since) says nothing of the one now.
        if (observer !== this.observer) return;
        for (const entry of entries) {
          const target = entry.target as HTMLElement;
          const full = entry.intersectionRatio >= 0.99;
          if (tracksVisibility)
            this.inView.set(target, full && !!(entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible);
          else if (framed) this.inView.set(target, full);
          else {
            // An entry measured before the target last moved is stale (see `recheck`): measure it now.
            const [was, now] = [entry.boundingClientRect, target.getBoundingClientRect()];
            const moved = Math.abs(was.top - now.top) > 1 || Math.abs(was.left - now.left) > 1;
            this.inView.set(target, moved ? fullyInView(target) : full);
          }
        }
        this.seen(this.allInView());
      },
      { threshold: [0, 0.99, 1], ...(tracksVisibility ? { trackVisibility: true, delay: 100 } : {}) },
    );
    this.observer = observer;
    for (const target of targets) observer.observe(target);
    const view = button.ownerDocument.defaultView;
    if (!tracksVisibility && !framed)
      for (const type of RECHECK_ON) view?.addEventListener(type, this.recheck, { capture: true, passive: true });
    // In the frame, where measuring in here cannot stand in for a stale entry (see `recheck`), the
    // observer is asked again now and then while the button is off: each new observe reports afresh.
    if (framed && !tracksVisibility) this.reaskTimer = setInterval(() => this.reask(), REASK_MS);
  }

  private reask(): void {
    if (this.armed || this.waiting || !this.observer || !this.watched) return;
    for (const target of this.watched.targets) {
      this.observer.unobserve(target);
      this.observer.observe(target);
    }
  }

  /**
   * Follows the Approve button drawn in `root`; in the wallet's frame (`framed`), who asks, the
   * payee and the amounts must be fully in view with it.
   */
  follow(root: ParentNode, rule: Omit<Watched, 'button' | 'card'>): void {
    const button = root.querySelector<HTMLButtonElement>('[part~="submit"]') ?? undefined;
    const parts = '[part~="requester"], [part~="payee"], [part~="summary"]';
    const card = rule.framed ? [...root.querySelectorAll<HTMLElement>(parts)] : [];
    this.watch({ ...rule, button, card });
  }

  private allInView(): boolean {
    return !!this.watched && this.watched.targets.every((target) => this.inView.get(target) === true);
  }

  /** The button came into view (the wait starts over) or left it (off until it is back). */
  private seen(inView: boolean): void {
    clearTimeout(this.armTimer);
    this.set(false);
    this.setWaiting(inView);
    if (inView) this.armTimer = setTimeout(() => this.set(true), ARM_AFTER_MS);
  }

  private set(armed: boolean): void {
    if (armed) this.waiting = false;
    if (this.armed === armed) return;
    this.armed = armed;
    this.host.requestUpdate();
  }

  private setWaiting(waiting: boolean): void {
    if (this.waiting === waiting) return;
    this.waiting = waiting;
    this.host.requestUpdate();
  }
}
