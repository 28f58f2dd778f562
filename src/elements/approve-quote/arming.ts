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
const tracksVisibility =
  typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

/** True when `el`'s page is shown inside a frame: a framing page can hide it and catch its clicks. */
export const isFramed = (el: Element): boolean => {
  const view = el.ownerDocument.defaultView;
  return !view || view.self !== view.top;
};

export class Arming implements ReactiveController {
  /** Whether a click on the button may approve. */
  armed = false;
  /** Whether the button is in view and its wait is running (the button shows it filling). */
  waiting = false;
  private observer: IntersectionObserver | undefined;
  /** The button the observer watches, and the session it was drawn for: either changing restarts the wait. */
  private watched: { button: HTMLButtonElement; sessionId: string | undefined } | undefined;
  private armTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.disarm();
  }

  /** Stops the wait; the next `watch` starts it again for whatever button is drawn. */
  disarm(): void {
    clearTimeout(this.armTimer);
    this.set(false);
    this.setWaiting(false);
    this.observer?.disconnect();
    this.observer = undefined;
    this.watched = undefined;
  }

  /** Follows `button` as drawn for `sessionId` (none: nothing to arm); `mayArm` false keeps it off. */
  watch(button: HTMLButtonElement | undefined, sessionId: string | undefined, mayArm: boolean): void {
    // A button drawn anew (after a sign-out and back in) or for another session starts the wait
    // over: the user must see this button, now, for the moment it takes to arm.
    if (this.watched && (this.watched.button !== button || this.watched.sessionId !== sessionId)) this.disarm();
    if (!button || this.watched || !mayArm) return;
    this.watched = { button, sessionId };
    this.observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(this.armTimer);
        this.set(false);
        const visible = !tracksVisibility || (entry as IntersectionObserverEntry & { isVisible?: boolean })?.isVisible;
        const inView = !!entry && entry.intersectionRatio >= 0.99 && !!visible;
        this.setWaiting(inView);
        if (inView) this.armTimer = setTimeout(() => this.set(true), ARM_AFTER_MS);
      },
      { threshold: [0, 0.99, 1], ...(tracksVisibility ? { trackVisibility: true, delay: 100 } : {}) },
    );
    this.observer.observe(button);
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
