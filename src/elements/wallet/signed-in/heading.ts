/** The signed-in view's heading: focused when the user signs in (../view-focus.ts), read first by screen readers. */
export const HEADING_ID = 'wallet-heading';
