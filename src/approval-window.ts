/**
 * The script of isolated mode's confirmation window (`dist/frame/approve.html`,
 * `embedded-wallet-approval.js`): the page the wallet's frame opens for a payment
 * to be confirmed in (frame-page/approval-window/run-window.ts). A page of its
 * own with this one script: lit once, so its Trusted Types policy is made once.
 */
import { runApprovalWindow } from './frame-page/approval-window/run-window.js';

runApprovalWindow(window);
