/** Detail of `ew-otp-sent`. */
export type EwOtpSentDetail = { channel: 'email' | 'sms'; destination: string };

/** `ew-otp-sent`: A code was sent (masked destination only). Bubbles and is composed. */
export class EwOtpSentEvent extends CustomEvent<EwOtpSentDetail> {
  static readonly eventName = 'ew-otp-sent';
  constructor(detail: EwOtpSentDetail) {
    super('ew-otp-sent', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-otp-sent': EwOtpSentEvent;
  }
}
