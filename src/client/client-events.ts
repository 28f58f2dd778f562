/** The events a `WalletClient` fires, and their details. */
import type { SessionInfo, WalletState } from './session/state.js';

/** The client's events and their details: `addEventListener('change', (e) => e.detail.status)` type-checks. */
export interface WalletClientEventMap {
  /** Signed in, out, refreshed or restored: the new state. */
  change: CustomEvent<WalletState>;
  /** The session is inside the refresh margin. */
  expiring: CustomEvent<{ session: SessionInfo; msLeft: number }>;
  /** This device will not remember the session (IndexedDB unusable). */
  'storage-warning': CustomEvent<{ reason: string; message: string }>;
  /** A background refresh failed. */
  error: CustomEvent<{ error: unknown; operation: string }>;
}

/** A listener for an event of type `E`, as `addEventListener` takes it. */
export type Listener<E> = ((event: E) => unknown) | { handleEvent(event: E): unknown } | null;
