/**
 * Which enclave keys a bundle must be signed by: the production keys, as
 * published in Turnkey's @turnkey/crypto (docs/protocol.md, "Enclave
 * bundles"), and the pin given for each bundle kind. They differ by kind:
 * pin the right one for each, or pin the local sandbox's own keys.
 */
/** Production enclave key: OTP target bundles are signed by the TLS fetcher. */
export const PRODUCTION_OTP_TARGET_SIGNER_KEY =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201';
/** Production enclave key: export bundles are signed by the signer enclave. */
export const PRODUCTION_EXPORT_SIGNER_KEY =
  '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569';

/** How a bundle's signer is checked. */
export interface EnclaveTrust {
  /** The enclave public key (SEC1 hex, either form) this bundle kind must be signed by. */
  pinnedKey: string;
  /**
   * Also accepts the hosted sandbox's unsigned form: `dataSignature` and
   * `enclaveQuorumPublic` both empty (export bundles only). A
   * bundle that carries a signer is still held to `pinnedKey`. Never in
   * production: whoever can alter answers could then choose what is opened.
   */
  dangerouslyAcceptUnsignedSandboxBundle?: boolean;
}
