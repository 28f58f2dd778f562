// The page's own script (every page): the shop's sign-in, then the wallet
// configured for that user, then paying: the backend quotes, the user
// approves in <ew-approve-quote>, the backend executes with the signature.
const $ = (selector) => document.querySelector(selector);
const wallet = $('ew-wallet');
const approve = $('ew-approve-quote');
const status = $('#status');

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? `${path}: ${response.status}`);
  return answer;
}

/** Shows the checkout for the signed-in shop user: their wallet, pinned to the service's enclave keys. */
async function showCheckout(user) {
  // In isolated mode (the `frame` attribute) the keys are the frame's, in its frame.json.
  if (!wallet.hasAttribute('frame')) {
    const { enclaveKeys } = await call('GET', '/config');
    wallet.setAttribute('otp-target-key', enclaveKeys.otpTarget);
    wallet.setAttribute('export-key', enclaveKeys.export);
  }
  wallet.setAttribute('customer-id', user.customerId);
  wallet.setAttribute('account-id', user.accountId);
  $('#login').hidden = true;
  $('#checkout').hidden = false;
}

$('#login').addEventListener('submit', async (event) => {
  event.preventDefault();
  await showCheckout(await call('POST', '/login', { email: new FormData(event.target).get('email') }));
});

$('#pay').addEventListener('click', async () => {
  status.textContent = 'Preparing the payment…';
  try {
    approve.quote = await call('POST', '/pay', { amount: 1000 });
    approve.hidden = false;
    status.textContent = 'Approve the payment in your wallet.';
  } catch (error) {
    status.textContent = `Could not prepare the payment: ${error.message}`;
  }
});

approve.addEventListener('ew-signature', async ({ detail }) => {
  status.textContent = 'Paying…';
  try {
    let quote = await call('POST', '/pay/execute', detail);
    while (!['COMPLETED', 'FAILED'].includes(quote.status)) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      quote = await call('GET', `/pay/status?quoteId=${encodeURIComponent(detail.quoteId)}`);
    }
    status.textContent = quote.status === 'COMPLETED' ? 'Payment completed.' : 'The payment failed.';
  } catch (error) {
    status.textContent = `The payment did not go through: ${error.message}`;
  }
});

// Already signed in to the shop (a reload): straight to the checkout.
const { user } = await call('GET', '/me');
if (user) await showCheckout(user);
