/**
 * What the host page may do with each element in isolated mode: the attributes
 * it may set (everything else about the element is the frame's, from its own
 * configuration), the commands it may call, and the events the frame sends
 * back. Both sides read this one table: the host forwards only these, and the
 * frame applies only these, whatever arrives.
 */
export interface Surface {
  /**
   * Attributes the host sets and the frame copies onto its element. None is text the frame shows
   * as its own (a button's label is the frame's words, not the host's).
   */
  attributes: readonly string[];
  /** Methods the host may call: none of them signs, exports or signs in. */
  commands: readonly string[];
  /** `ew-*` events the frame forwards, re-dispatched on the host's element. */
  events: readonly string[];
  /**
   * Properties the host gives as data (`quote`): the frame's element checks each as it would a
   * value set in-page (a quote is held to its signed payload before anything of it is shown).
   */
  data?: readonly string[];
  /** Elements the host may put inside this one, each drawn in this element's frame, with its own row. */
  children?: Readonly<Record<string, Surface>>;
}

/**
 * The wallet's attributes that only the frame's configuration (frame.json) sets: where its calls
 * go, the keys its codes and exports are sealed to, and what would loosen its checks.
 */
export const FRAME_CONFIG_ATTRIBUTES = [
  'api-base',
  'otp-target-key',
  'export-key',
  'rp-id',
  'session-key-mode',
  'organization-id',
  'max-session-seconds',
  'dangerously-trust-unpinned-sandbox',
] as const;

/**
 * Never from the host, whatever the element: the configuration's attributes, and an approval's
 * checks (a framed approval arms by the frame's rule, arming.ts; an unverified payment is never
 * approved on a host's word).
 */
export const FRAME_OWNED = [...FRAME_CONFIG_ATTRIBUTES, 'allow-framed', 'allow-unverified-payment'] as const;

/** `<ew-approve-quote>` inside `<ew-wallet frame>`: the host gives the quote and its labels; Approve is the user's. */
const APPROVE_QUOTE: Surface = {
  attributes: ['app-name', 'destination-label', 'status', 'failure-reason', 'hidden', 'locale'],
  commands: [],
  data: ['quote'],
  events: [
    'ew-signature',
    'ew-receipt-done',
    'ew-quote-change',
    'ew-payment-settled',
    'ew-error',
    'ew-ready',
    'ew-load-error',
  ],
};

/**
 * An element drawn in a frame of its own: the host gives the wallet (`account-id`, `customer-id`),
 * `locale` and the element's own `attributes`. For a part of the wallet used on its own
 * (`<ew-sessions frame>`), the frame makes the client from them and frame.json
 * (frame-page/part-client.ts); `<ew-wallet>` makes its own.
 */
const part = (attributes: string[], events: string[], commands: string[] = []): Surface => ({
  attributes: ['account-id', 'customer-id', 'locale', ...attributes],
  commands,
  events: [...events, 'ew-error', 'ew-ready', 'ew-load-error'],
});

/** One sign-in method's button (`channel` and `code-length` are the code's; the others ignore them). */
const METHOD = part(
  ['credential-id', 'channel', 'code-length'],
  ['ew-signed-in', 'ew-otp-sent', 'ew-credential-added'],
);

/**
 * The parts: none takes words of the host's (a button's label is the frame's); the host may only
 * have the balance read again (the others read again when the user acts or the session changes).
 */
export const PARTS: Readonly<Record<string, Surface>> = {
  'ew-sign-in': part(['first-sign-in'], ['ew-signed-in', 'ew-otp-sent', 'ew-credential-added']),
  'ew-otp-sign-in': METHOD,
  'ew-passkey-sign-in': METHOD,
  'ew-oauth-sign-in': METHOD,
  'ew-wallet-overview': part([], [], ['load']),
  'ew-sessions': part(['hide-title'], ['ew-session-revoked', 'ew-signed-out']),
  'ew-credentials': part(['hide-title'], ['ew-credential-added', 'ew-credential-removed']),
  'ew-account-settings': part(['hide-title'], ['ew-otp-sent', 'ew-signed-in']),
  'ew-export-wallet': part(['hide-title'], ['ew-wallet-exported']),
};

export const SURFACES: Readonly<Record<string, Surface>> = {
  ...PARTS,
  'ew-wallet': {
    ...part(
      ['theme', 'appearance', 'first-sign-in', 'hide-sections', 'balance-refresh-seconds'],
      [
        'ew-signed-in',
        'ew-signed-out',
        'ew-session-expiring',
        'ew-storage-warning',
        // Bubbling up from the views inside, as they do to an in-page wallet.
        'ew-otp-sent',
        'ew-credential-added',
        'ew-credential-removed',
        'ew-session-revoked',
        'ew-wallet-exported',
      ],
      ['signOut', 'refreshBalance'],
    ),
    children: { 'ew-approve-quote': APPROVE_QUOTE },
  },
};
