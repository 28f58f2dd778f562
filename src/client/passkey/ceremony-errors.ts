/**
 * Passkey ceremony failures, translated once from WebAuthn and
 * @simplewebauthn/browser errors into {@link PasskeyError} (the WebAuthn
 * boundary's one mapper). The original error stays as `cause`.
 */
import { PasskeyError } from '../passkey-error.js';

/** Maps a ceremony failure to a PasskeyError. */
function toPasskeyError(error: unknown, operation: string): PasskeyError {
  const library = error as { code?: unknown; cause?: unknown } | null;
  const code = typeof library?.code === 'string' && library.code.startsWith('ERROR_') ? library.code : undefined;
  const cause = code ? (library!.cause ?? error) : error;
  const name = (cause as { name?: string } | null)?.name;
  const message = (cause as Error | null)?.message ?? String(error);
  if (library?.code === 'POPUP_BLOCKED') return new PasskeyError('POPUP_BLOCKED', message, operation, { cause: error });
  if (code === 'ERROR_INVALID_RP_ID' || code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError') {
    return new PasskeyError('PASSKEY_WRONG_RP', message, operation, { cause: error });
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new PasskeyError('PASSKEY_ALREADY_REGISTERED', message, operation, { cause: error });
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyError('PASSKEY_CANCELLED', message, operation, { cause: error });
  }
  if (name === 'NotSupportedError' || code === 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG') {
    return new PasskeyError('PASSKEY_NO_AUTHENTICATOR', message, operation, { cause: error });
  }
  if (/does not support WebAuthn/i.test(message))
    return new PasskeyError('PASSKEY_NOT_SUPPORTED', message, operation, { cause: error });
  return new PasskeyError('PASSKEY_FAILED', message, operation, { cause: error });
}

/** The outcome of a WebAuthn ceremony, its failures as {@link PasskeyError}. */
export async function passkeyCeremony<T>(ceremony: Promise<T>, operation: string): Promise<T> {
  try {
    return await ceremony;
  } catch (error) {
    throw toPasskeyError(error, operation);
  }
}

/**
 * A service refusal of a completed ceremony that names the origin or the RP
 * id (the page is not where the service's passkeys live), as a setup error
 * that says which origin and RP id this page used; undefined for any other.
 */
export function originRefusal(error: unknown, rpId: string | undefined, operation: string): PasskeyError | undefined {
  const e = error as { code?: unknown; reason?: unknown } | null;
  if (e?.code !== 'UNAUTHORIZED' || typeof e.reason !== 'string' || !/origin|rp ?id/i.test(e.reason)) return undefined;
  const page = typeof location === 'undefined' ? 'this page' : location.origin;
  return new PasskeyError(
    'CONFIG_PASSKEY_ORIGIN',
    `The service refused a passkey made on ${page} for RP id ${rpId ?? (typeof location === 'undefined' ? '?' : location.hostname)} ` +
      `(${e.reason}). Serve this page from an origin the service accepts for passkeys, under the relay's passkeys.rpId`,
    operation,
    { cause: error },
  );
}
