/**
 * Every user-facing string of the elements, in one typed table. Terms that
 * interpolate are functions. Hosts override per element (`el.strings = {...}`)
 * or globally (`setWalletStrings({...})`); a second locale ships as
 * `STRINGS_ES` to show the mechanism.
 */
export interface WalletStrings {
  signInTitle: string;
  signInWithEmail: string;
  signInWithSms: string;
  signInWithPasskey: string;
  signInWithOAuth: string;
  sendingCode: string;
  codeSentTo: (destination: string) => string;
  codeLabel: string;
  codeHint: string;
  verify: string;
  verifying: string;
  resend: string;
  resendIn: (seconds: number) => string;
  useAnotherMethod: string;
  waitingForPasskey: string;
  cancel: string;
  signedInAs: (nickname: string) => string;
  sessionTimeLeft: (minutes: number, seconds: number) => string;
  refreshSession: string;
  signOut: string;
  signedOutLocallyOnly: string;
  storageWarning: string;
  loading: string;
  working: string;
  tryAgain: string;
  // Quote approval
  approveTitle: string;
  youSend: string;
  recipientGets: string;
  fees: string;
  rate: string;
  destination: string;
  expiresIn: (minutes: number, seconds: number) => string;
  noQuote: string;
  paymentProcessing: string;
  paymentCompleted: string;
  paymentFailed: string;
  failureReasons: Record<string, string>;
  receiptTitle: string;
  quoteExpired: string;
  approve: string;
  approving: string;
  armHint: string;
  reauthToApprove: string;
  /** A quote refused before anything was shown or signed; `field` names what failed its check. */
  quoteRefused: (field: string) => string;
  /** Shown when the host allowed a payment whose payload the wallet cannot read. */
  paymentUnverified: string;
  // Sessions
  sessionsTitle: string;
  thisDevice: string;
  signedInWith: (type: string) => string;
  expiresAt: (time: string) => string;
  revoke: string;
  noSessions: string;
  // Credentials
  credentialsTitle: string;
  addPasskey: string;
  addOAuth: string;
  remove: string;
  removeBlocked: string;
  credentialType: (type: string) => string;
  // Export
  exportTitle: string;
  exportWarning: string;
  exportScriptWarning: string;
  exportConfirm: string;
  reveal: string;
  hide: string;
  copy: string;
  copied: string;
  balanceLabel: string;
  addressLabel: string;
  copyAddress: string;
  showQr: string;
  hideQr: string;
  qrLabel: string;
  refreshWallet: string;
  exportHidden: string;
  // Account settings (<ew-account-settings>)
  accountSettingsTitle: string;
  emailLabel: string;
  phoneLabel: string;
  notSet: string;
  changeEmail: string;
  addEmail: string;
  changePhone: string;
  addPhone: string;
  newEmailLabel: string;
  countryLabel: string;
  /** A country's name in the phone form's list (by default the browser's own, `Intl.DisplayNames`). */
  countryName: (region: string) => string;
  phoneNumberLabel: string;
  /** The exact number that will be sent (E.164). */
  phoneSavedAs: (e164: string) => string;
  save: string;
  saving: string;
  invalidEmail: string;
  invalidPhone: string;
  emailChanged: (email: string) => string;
  phoneChanged: (phone: string) => string;
  verifyWithCode: string;
  contactVerified: string;
  privateWallet: string;
  privateWalletHint: string;
  privacyOn: string;
  privacyOff: string;
  wrongCode: string;
  expiredCode: string;
  /** Per error code overrides of the default messages. */
  answerFailedCheck: string;
  payloadRefused: string;
  errors: Record<string, string>;
}

/** English defaults. */
export const STRINGS_EN: WalletStrings = {
  signInTitle: 'Sign in to your wallet',
  signInWithEmail: 'Email me a code',
  signInWithSms: 'Text me a code',
  signInWithPasskey: 'Sign in with a passkey',
  signInWithOAuth: 'Continue with your account',
  sendingCode: 'Sending a code…',
  codeSentTo: (d) => `We sent a code to ${d}.`,
  codeLabel: 'Verification code',
  codeHint: 'Enter the 6-digit code.',
  verify: 'Verify',
  verifying: 'Checking the code…',
  resend: 'Send a new code',
  resendIn: (s) => `Send a new code in ${s} s`,
  useAnotherMethod: 'Use another method',
  waitingForPasskey: 'Waiting for your passkey…',
  cancel: 'Cancel',
  signedInAs: (n) => `Signed in as ${n}`,
  sessionTimeLeft: (m, s) => `Session ends in ${m}:${String(s).padStart(2, '0')}`,
  refreshSession: 'Stay signed in',
  signOut: 'Sign out',
  signedOutLocallyOnly:
    'Signed out on this device. The session could not be ended at the service; it will expire by itself.',
  storageWarning: 'This device will not remember you after you close this page.',
  loading: 'Loading…',
  working: 'Working…',
  tryAgain: 'Try again',
  approveTitle: 'Approve payment',
  youSend: 'You send',
  recipientGets: 'Recipient gets',
  fees: 'Fees',
  rate: 'Rate',
  destination: 'To',
  expiresIn: (m, s) => `Quote expires in ${m}:${String(s).padStart(2, '0')}`,
  noQuote: 'No payment to approve yet.',
  paymentProcessing: 'Approved. Your payment is on its way…',
  paymentCompleted: 'Payment sent.',
  paymentFailed: 'The payment did not go through.',
  failureReasons: {
    EXECUTION_FAILED: 'It could not be started. Your money was returned.',
    COUNTERPARTY_DELIVERY_FAILED: "The recipient's bank could not receive it. Your money was returned.",
    RETURNED_BY_RECEIVING_BANK: "The recipient's bank sent it back. Your money was returned.",
    USER_CANCELLED: 'It was cancelled. Your money was returned.',
    PAYOUT_AND_REFUND_FAILED: 'It could not be delivered or returned yet. Contact support.',
    INSUFFICIENT_FUNDS: 'Your balance does not cover it.',
    QUOTE_EXPIRED: 'The quote expired before it was sent. Request a new one.',
  },
  receiptTitle: 'Payment',
  quoteExpired: 'This quote has expired. Request a new one.',
  approve: 'Approve',
  approving: 'Signing…',
  armHint: 'The approve button turns on once it has been in view for a moment.',
  reauthToApprove: 'Your session has ended. Sign in again to approve.',
  quoteRefused: (field) =>
    `This payment cannot be approved because a detail failed its safety check (${field}). Nothing was signed.`,
  paymentUnverified:
    'The payment details cannot be verified: the wallet cannot read what it would sign. Approve only if you trust this app.',
  sessionsTitle: 'Signed-in devices',
  thisDevice: 'This device',
  signedInWith: (t) => `Signed in with ${t}`,
  expiresAt: (t) => `until ${t}`,
  revoke: 'Sign out device',
  noSessions: 'No active sessions.',
  credentialsTitle: 'Sign-in methods',
  addPasskey: 'Add a passkey',
  addOAuth: 'Link your account',
  remove: 'Remove',
  removeBlocked: 'You are signed in with this method. Sign in with another one to remove it.',
  credentialType: (t) =>
    ({ EMAIL_OTP: 'Email code', SMS_OTP: 'Text message code', PASSKEY: 'Passkey', OAUTH: 'Linked account' })[t] ?? t,
  exportTitle: 'Recovery phrase',
  exportWarning:
    'Anyone with these words controls your wallet. Never share them, and only reveal them where no one can see your screen.',
  exportScriptWarning: 'Scripts running on this page can read what is shown here.',
  exportConfirm: 'I understand, show my recovery phrase',
  reveal: 'Reveal recovery phrase',
  hide: 'Hide',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  balanceLabel: 'Balance',
  addressLabel: 'Wallet address',
  copyAddress: 'Copy address',
  showQr: 'Show QR code',
  hideQr: 'Hide QR code',
  qrLabel: 'QR code of your wallet address',
  refreshWallet: 'Refresh',
  exportHidden: 'The recovery phrase is hidden.',
  accountSettingsTitle: 'Account settings',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
  notSet: 'Not set',
  changeEmail: 'Change email',
  addEmail: 'Add email',
  changePhone: 'Change phone',
  addPhone: 'Add phone',
  newEmailLabel: 'New email',
  countryLabel: 'Country',
  countryName: (r) => new Intl.DisplayNames('en', { type: 'region' }).of(r) ?? r,
  phoneNumberLabel: 'Phone number',
  phoneSavedAs: (n) => `Will be saved as ${n}`,
  save: 'Save',
  saving: 'Saving…',
  invalidEmail: 'Enter an email address such as name@example.com.',
  invalidPhone: 'Enter the whole phone number for the country chosen.',
  emailChanged: (e) => `Your email is now ${e}.`,
  phoneChanged: (p) => `Your phone number is now ${p}.`,
  verifyWithCode: 'Verify with a code',
  contactVerified: 'Verified.',
  privateWallet: 'Private wallet',
  privateWalletHint: "Keeps your wallet's activity private. You can turn this off at any time.",
  privacyOn: 'Your wallet is now private.',
  privacyOff: 'Your wallet is no longer private.',
  wrongCode: 'That code is not right. Check it and try again.',
  expiredCode: 'That code or request has expired. Ask for a new one.',
  answerFailedCheck:
    "The wallet service's answer failed a security check, so nothing was sent. Try again; if it keeps happening, contact support.",
  payloadRefused: 'The request to sign did not match what you asked for, so nothing was signed.',
  errors: {
    PAYLOAD_PARAMETER_MISMATCH:
      'This request was changed on its way and was not signed. Nothing in your wallet changed.',
    PAYLOAD_DUPLICATE_KEY: 'This request was changed on its way and was not signed. Nothing in your wallet changed.',
    SESSION_REPLACED: 'Your session was replaced elsewhere or could not be confirmed. Please sign in again.',
  },
};

/** Spanish, shipped to show a second locale working (demo locale switch). */
export const STRINGS_ES: WalletStrings = {
  ...STRINGS_EN,
  signInTitle: 'Inicia sesión en tu billetera',
  signInWithEmail: 'Envíame un código por correo',
  signInWithSms: 'Envíame un código por SMS',
  signInWithPasskey: 'Iniciar sesión con una llave de acceso',
  signInWithOAuth: 'Continuar con tu cuenta',
  sendingCode: 'Enviando un código…',
  codeSentTo: (d) => `Enviamos un código a ${d}.`,
  codeLabel: 'Código de verificación',
  codeHint: 'Escribe el código de 6 dígitos.',
  verify: 'Verificar',
  verifying: 'Comprobando el código…',
  resend: 'Enviar un código nuevo',
  resendIn: (s) => `Enviar un código nuevo en ${s} s`,
  waitingForPasskey: 'Esperando tu llave de acceso…',
  cancel: 'Cancelar',
  signedInAs: (n) => `Sesión iniciada como ${n}`,
  sessionTimeLeft: (m, s) => `La sesión termina en ${m}:${String(s).padStart(2, '0')}`,
  refreshSession: 'Seguir conectado',
  signOut: 'Cerrar sesión',
  approveTitle: 'Aprobar pago',
  youSend: 'Envías',
  recipientGets: 'El destinatario recibe',
  fees: 'Comisiones',
  rate: 'Tipo de cambio',
  destination: 'Para',
  expiresIn: (m, s) => `La cotización vence en ${m}:${String(s).padStart(2, '0')}`,
  noQuote: 'Todavía no hay un pago para aprobar.',
  paymentProcessing: 'Aprobado. Tu pago está en camino…',
  paymentCompleted: 'Pago enviado.',
  paymentFailed: 'El pago no se realizó.',
  failureReasons: {
    EXECUTION_FAILED: 'No se pudo iniciar. Se te devolvió el dinero.',
    COUNTERPARTY_DELIVERY_FAILED: 'El banco del destinatario no pudo recibirlo. Se te devolvió el dinero.',
    RETURNED_BY_RECEIVING_BANK: 'El banco del destinatario lo devolvió. Se te devolvió el dinero.',
    USER_CANCELLED: 'Se canceló. Se te devolvió el dinero.',
    PAYOUT_AND_REFUND_FAILED: 'Todavía no se pudo entregar ni devolver. Contacta a soporte.',
    INSUFFICIENT_FUNDS: 'Tu saldo no alcanza.',
    QUOTE_EXPIRED: 'La cotización venció antes del envío. Solicita una nueva.',
  },
  receiptTitle: 'Pago',
  quoteExpired: 'Esta cotización venció. Solicita una nueva.',
  approve: 'Aprobar',
  approving: 'Firmando…',
  sessionsTitle: 'Dispositivos conectados',
  thisDevice: 'Este dispositivo',
  revoke: 'Cerrar sesión del dispositivo',
  credentialsTitle: 'Métodos de inicio de sesión',
  addPasskey: 'Agregar una llave de acceso',
  remove: 'Quitar',
  exportTitle: 'Frase de recuperación',
  reveal: 'Mostrar frase de recuperación',
  hide: 'Ocultar',
  copy: 'Copiar',
  balanceLabel: 'Saldo',
  addressLabel: 'Dirección de la billetera',
  copyAddress: 'Copiar dirección',
  showQr: 'Mostrar código QR',
  hideQr: 'Ocultar código QR',
  qrLabel: 'Código QR de la dirección de tu billetera',
  refreshWallet: 'Actualizar',
  wrongCode: 'Ese código no es correcto. Revísalo e inténtalo de nuevo.',
  expiredCode: 'Ese código venció. Solicita uno nuevo.',
  useAnotherMethod: 'Usar otro método',
  signedOutLocallyOnly:
    'Se cerró la sesión en este dispositivo. No se pudo cerrar en el servicio; vencerá por sí sola.',
  storageWarning: 'Este dispositivo no te recordará cuando cierres esta página.',
  loading: 'Cargando…',
  working: 'Procesando…',
  tryAgain: 'Intentar de nuevo',
  armHint: 'El botón de aprobar se activa cuando ha estado visible un momento.',
  reauthToApprove: 'Tu sesión terminó. Inicia sesión de nuevo para aprobar.',
  quoteRefused: (field) =>
    `Este pago no se puede aprobar porque un dato no pasó su control de seguridad (${field}). No se firmó nada.`,
  paymentUnverified:
    'No se pueden verificar los datos del pago: la billetera no puede leer lo que firmaría. Apruébalo solo si confías en esta aplicación.',
  signedInWith: (t) => `Sesión iniciada con ${t}`,
  expiresAt: (t) => `hasta las ${t}`,
  noSessions: 'No hay sesiones activas.',
  addOAuth: 'Vincular tu cuenta',
  removeBlocked: 'Iniciaste sesión con este método. Inicia sesión con otro para quitarlo.',
  credentialType: (t) =>
    ({
      EMAIL_OTP: 'Código por correo',
      SMS_OTP: 'Código por SMS',
      PASSKEY: 'Llave de acceso',
      OAUTH: 'Cuenta vinculada',
    })[t] ?? t,
  exportWarning:
    'Quien tenga estas palabras controla tu billetera. No las compartas nunca y muéstralas solo donde nadie vea tu pantalla.',
  exportScriptWarning: 'Los scripts de esta página pueden leer lo que se muestra aquí.',
  exportConfirm: 'Entiendo, mostrar mi frase de recuperación',
  copied: 'Copiado al portapapeles.',
  exportHidden: 'La frase de recuperación está oculta.',
  accountSettingsTitle: 'Configuración de la cuenta',
  emailLabel: 'Correo electrónico',
  phoneLabel: 'Teléfono',
  notSet: 'Sin configurar',
  changeEmail: 'Cambiar correo',
  addEmail: 'Agregar correo',
  changePhone: 'Cambiar teléfono',
  addPhone: 'Agregar teléfono',
  newEmailLabel: 'Correo nuevo',
  countryLabel: 'País',
  countryName: (r) => new Intl.DisplayNames('es', { type: 'region' }).of(r) ?? r,
  phoneNumberLabel: 'Número de teléfono',
  phoneSavedAs: (n) => `Se guardará como ${n}`,
  save: 'Guardar',
  saving: 'Guardando…',
  invalidEmail: 'Escribe un correo como nombre@ejemplo.com.',
  invalidPhone: 'Escribe el número de teléfono completo del país elegido.',
  emailChanged: (e) => `Tu correo ahora es ${e}.`,
  phoneChanged: (p) => `Tu número de teléfono ahora es ${p}.`,
  verifyWithCode: 'Verificar con un código',
  contactVerified: 'Verificado.',
  privateWallet: 'Billetera privada',
  privateWalletHint: 'Mantiene privada la actividad de tu billetera. Puedes desactivarlo cuando quieras.',
  privacyOn: 'Tu billetera ahora es privada.',
  privacyOff: 'Tu billetera ya no es privada.',
  // The errors a wallet user can meet; any other code falls back to English.
  errors: {
    UNAUTHORIZED: 'No se pudo verificar tu identidad.',
    RATE_LIMITED: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    INTERNAL_ERROR: 'El servicio de billetera tuvo un problema. Inténtalo de nuevo en un momento.',
    UPSTREAM_TIMEOUT: 'El servicio de billetera no respondió a tiempo. Inténtalo de nuevo.',
    UPSTREAM_UNAVAILABLE: 'No se puede contactar al servicio de billetera en este momento.',
    NETWORK_ERROR: 'Parece que no tienes conexión. Revísala e inténtalo de nuevo.',
    RELAY_UNREACHABLE: 'No se pudo contactar la billetera. Revisa tu conexión e inténtalo de nuevo.',
    RELAY_NOT_FOUND: 'La billetera no está disponible en este sitio en este momento.',
    RELAY_MISCONFIGURED: 'La billetera no está disponible en este sitio en este momento.',
    CONFIG_CSP_CONNECT_SRC: 'La billetera no está disponible en este sitio en este momento.',
    CONFIG_MISSING_ATTRIBUTE: 'La billetera no está disponible en este sitio en este momento.',
    CONFIG_INVALID_ATTRIBUTE: 'La billetera no está disponible en este sitio en este momento.',
    CONFIG_CONFLICTING_WALLETS: 'La billetera no está disponible en este sitio en este momento.',
    CONFIG_PASSKEY_ORIGIN: 'Las llaves de acceso no se pueden usar en esta página. Usa otra forma de iniciar sesión.',
    CONFIG_PASSKEY_FILE: 'Las llaves de acceso no se pueden usar en esta página. Usa otra forma de iniciar sesión.',
    CONFIG_BUNDLE_FILE: 'La billetera no está disponible en este sitio en este momento.',
    TIMEOUT: 'La solicitud tardó demasiado. Inténtalo de nuevo.',
    INVALID_RESPONSE: 'El servicio de billetera envió una respuesta inesperada.',
    NOT_SIGNED_IN: 'Inicia sesión para continuar.',
    SESSION_EXPIRED: 'Tu sesión venció. Inicia sesión de nuevo.',
    NO_OTHER_CREDENTIAL: 'Para quitar este método, inicia sesión con otro primero.',
    QUOTE_EXPIRED: 'Esta cotización venció. Solicita una nueva.',
    QUOTE_NOT_SIGNABLE: 'Este pago no se puede aprobar desde esta billetera.',
    OUTCOME_UNKNOWN: 'No pudimos confirmar si funcionó. Revisa e inténtalo de nuevo.',
    CHALLENGE_EXPIRED: 'Tardó demasiado. Inténtalo de nuevo.',
    PASSKEY_CANCELLED: 'La solicitud de llave de acceso se canceló o venció.',
    PASSKEY_NOT_SUPPORTED: 'Este navegador no admite llaves de acceso.',
    PASSKEY_WRONG_RP: 'Esta llave de acceso no pertenece a este sitio.',
    PASSKEY_ALREADY_REGISTERED: 'Esta llave de acceso ya está registrada.',
    PASSKEY_NO_AUTHENTICATOR: 'No se encontró una llave de acceso en este dispositivo.',
    PASSKEY_FAILED: 'No se pudo usar la llave de acceso.',
    PAYLOAD_PARAMETER_MISMATCH: 'Esta solicitud se modificó por el camino y no se firmó. Tu billetera no cambió.',
    PAYLOAD_DUPLICATE_KEY: 'Esta solicitud se modificó por el camino y no se firmó. Tu billetera no cambió.',
    SESSION_REPLACED: 'Tu sesión se reemplazó en otro lugar o no se pudo confirmar. Inicia sesión de nuevo.',
  },
  answerFailedCheck:
    'La respuesta del servicio de billetera no pasó una verificación de seguridad, así que no se envió nada. Inténtalo de nuevo.',
  payloadRefused: 'La solicitud de firma no coincide con lo que pediste, así que no se firmó nada.',
};

let globalStrings: WalletStrings = STRINGS_EN;

/** Replaces strings for every element on the page (merged over English). */
export function setWalletStrings(strings: Partial<WalletStrings>): void {
  globalStrings = { ...STRINGS_EN, ...strings };
  // Elements inside other elements' shadow roots (a wallet's overview, its lists) redraw too.
  const redraw = (root: ParentNode) =>
    root.querySelectorAll('*').forEach((el) => {
      if (el.tagName.startsWith('EW-')) (el as HTMLElement & { requestUpdate?: () => void }).requestUpdate?.();
      if (el.shadowRoot) redraw(el.shadowRoot);
    });
  redraw(document);
}

/** The strings an element uses: global ones with its own overrides on top. */
export function resolveStrings(own: Partial<WalletStrings> | undefined): WalletStrings {
  return own ? { ...globalStrings, ...own } : globalStrings;
}
