/**
 * The frame's configuration, `frame.json` beside its page on the frame's own
 * origin: which pages may show it, and the wallet attributes no host may set
 * (where its calls go, the keys codes and exports are sealed to). Read strictly:
 * a configuration the frame cannot read shows nothing rather than guessing.
 */
import { FRAME_CONFIG_ATTRIBUTES } from '../frame-link/surface.js';
import { isWebOrigin } from '../protocol/web-origin.js';

export interface FrameConfig {
  /** The origins whose pages may show the frame, exactly as browsers write them (`https://shop.example`). */
  parentOrigins: string[];
  /** Attributes set on every element the frame draws (`api-base`, `otp-target-key`, …). */
  attributes: Record<string, string>;
  /**
   * When a payment is confirmed in a window of the frame's own origin after Approve
   * (approval-window/): `where-unseen` (the default) in engines that cannot tell a covered or
   * see-through frame from a seen one, `always`, or `never` (that risk then stays, docs/isolated-mode.md).
   */
  approvalWindow: ApprovalWindowMode;
  /** OAuth sign-in, asked of the identity provider by the frame itself (oauth-window/); none when unset. */
  oauth: FrameOAuth | undefined;
}

/** The identity provider the frame signs in with (OpenID Connect, `response_type=id_token`). */
export interface FrameOAuth {
  /** The provider's authorization endpoint (https; http only on this machine's names, for development). */
  authorizationUrl: string;
  /** The frame's client id at the provider: the id_token's audience. */
  clientId: string;
  /** The scopes asked, `openid` among them (default `openid`). */
  scope: string;
  /** The sign-in button's words (the wallet's `oauth-label`), e.g. "Continue with Google". */
  label: string | undefined;
}

export const APPROVAL_WINDOW_MODES = ['where-unseen', 'always', 'never'] as const;
export type ApprovalWindowMode = (typeof APPROVAL_WINDOW_MODES)[number];

export class FrameConfigError extends Error {
  override name = 'FrameConfigError';
}

const hexKey = (value: string) =>
  /^(?:04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/.test(value) ? undefined : 'must be a P-256 public key in hex';

/** What each value must look like: a mistake here is read strictly, never as the looser setting. */
const VALUE_CHECKS: Record<string, (value: string) => string | undefined> = {
  'api-base': (value) =>
    /^(?:\/(?!\/)|https:\/\/)\S*$/.test(value) ? undefined : 'must be a path ("/api/wallet") or an https URL',
  'otp-target-key': hexKey,
  'export-key': hexKey,
  'max-session-seconds': (value) => (/^[1-9][0-9]{0,6}$/.test(value) ? undefined : 'must be a whole number of seconds'),
  // A boolean attribute is on whenever present: "false" would turn it on. Present means "".
  'dangerously-trust-unpinned-sandbox': (value) =>
    value === '' ? undefined : 'is on whenever present: give "" to turn it on, or leave it out',
};

/** The configuration in `json`, or a FrameConfigError that says what is wrong with it. */
export function parseFrameConfig(json: unknown): FrameConfig {
  const fail = (why: string): never => {
    throw new FrameConfigError(`frame.json: ${why}`);
  };
  if (typeof json !== 'object' || json === null) fail('not a JSON object');
  const {
    v,
    parentOrigins,
    attributes = {},
    approvalWindow = 'where-unseen',
    oauth,
    ...rest
  } = json as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    fail(
      `${JSON.stringify(unknown[0])} is not a setting of frame.json (v, parentOrigins, attributes, approvalWindow, oauth)`,
    );
  if (v !== 1) fail(`"v" must be 1 (this frame reads version 1)`);
  if (!Array.isArray(parentOrigins) || parentOrigins.length === 0)
    fail('"parentOrigins" must list the origins of the pages that show the frame');
  for (const origin of parentOrigins as unknown[])
    if (!isWebOrigin(origin))
      fail(`"parentOrigins": ${JSON.stringify(origin)} is not an origin such as "https://shop.example"`);
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes))
    fail('"attributes" must be an object of attribute names and values');
  const owned: readonly string[] = FRAME_CONFIG_ATTRIBUTES;
  for (const [name, value] of Object.entries(attributes as object)) {
    if (!owned.includes(name)) fail(`"attributes": "${name}" is not one frame.json sets (only ${owned.join(', ')})`);
    if (typeof value !== 'string') fail(`"attributes": "${name}" must be a string`);
    const problem = VALUE_CHECKS[name]?.(value as string);
    if (problem) fail(`"attributes": "${name}" ${problem}`);
  }
  if (!(APPROVAL_WINDOW_MODES as readonly unknown[]).includes(approvalWindow))
    fail(`"approvalWindow" must be one of ${APPROVAL_WINDOW_MODES.map((m) => `"${m}"`).join(', ')}`);
  return {
    parentOrigins: [...(parentOrigins as string[])],
    attributes: { ...(attributes as Record<string, string>) },
    approvalWindow: approvalWindow as ApprovalWindowMode,
    oauth: oauth === undefined ? undefined : parseOAuth(oauth, fail),
  };
}

/** This machine's names, where a development provider may answer over http. */
const LOCAL = /^(?:localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)$/;

function parseOAuth(value: unknown, fail: (why: string) => never): FrameOAuth {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('"oauth" must be an object: authorizationUrl, clientId, scope, label');
  const { authorizationUrl, clientId, scope = 'openid', label, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    fail(
      `"oauth": ${JSON.stringify(unknown[0])} is not one of its settings (authorizationUrl, clientId, scope, label)`,
    );
  let url: URL | undefined;
  try {
    url = new URL(authorizationUrl as string);
  } catch {
    url = undefined;
  }
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOCAL.test(url.hostname));
  if (typeof authorizationUrl !== 'string' || !url || !secure || url.hash)
    fail('"oauth": "authorizationUrl" must be the provider\'s https URL (without a #fragment)');
  if (typeof clientId !== 'string' || !/^\S{1,256}$/.test(clientId))
    fail('"oauth": "clientId" must be the client id your provider gave the frame');
  if (typeof scope !== 'string' || !scope.split(' ').includes('openid'))
    fail('"oauth": "scope" must be space-separated scopes, "openid" among them');
  if (label !== undefined && (typeof label !== 'string' || label.trim() === '' || label.length > 64))
    fail('"oauth": "label" must be the button\'s words, at most 64 characters');
  return {
    authorizationUrl: url!.href,
    clientId: clientId as string,
    scope: scope as string,
    label: label as string | undefined,
  };
}
