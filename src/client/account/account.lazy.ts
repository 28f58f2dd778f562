// What only a signed-in user's settings and lists need, as one lazy module (src/packaging/lazy-module.ts,
// opened by load-account.ts): the ESM build's chunk account.lazy.js, the script tag's embedded-wallet-account.js.
// Sign-in, refresh and sign-out are not here: a signed-out page and the signed-in header never load it.
export { listSessions, revokeListedSession } from './sessions.js';
export { exportWallet, setWalletPrivacy, updateContact } from './wallet-settings.js';
export { accountContact, getWallet } from './wallet-info.js';
export { getPayee } from './payee.js';
export { revokeCredential } from './credentials.js';
export { addCodeCredential } from './code-credential.js';
