/**
 * Every element of the package, once: those a signed-out page needs here,
 * the signed-in views and the payment approval in lazy-elements.ts (loaded
 * when first shown, or once their tag is in the page). Each
 * class states its own tag (`static tag`); registration (define.ts) reads
 * them from here, and test/build/element-list.node.test.ts holds these
 * lists, the root exports, the React/Vue typings and the docs' index to
 * custom-elements.json.
 */
import { EwOAuthSignIn } from './oauth-sign-in/oauth-sign-in.js';
import { EwOtpSignIn } from './otp-sign-in/otp-sign-in.js';
import { EwPasskeySignIn } from './passkey-sign-in/passkey-sign-in.js';
import { EwSignIn } from './sign-in/sign-in.js';
import { EwWallet } from './wallet/wallet.js';

export const ELEMENTS = [EwWallet, EwSignIn, EwOtpSignIn, EwPasskeySignIn, EwOAuthSignIn] as const;
