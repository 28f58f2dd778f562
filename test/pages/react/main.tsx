/**
 * A React 19 partner page using the elements from the package's ESM build:
 * attributes, an object property (`strings`) and `on<event>` listeners, as
 * React 19 passes them to custom elements. Built by the page test with vite.
 */
import 'embedded-wallet-elements';
import type {} from 'embedded-wallet-elements/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const config = Object.fromEntries(new URLSearchParams(location.search));

function App() {
  const [status, setStatus] = useState('Signed out');
  return (
    <main>
      <h1>Your wallet</h1>
      <p role="status">{status}</p>
      <ew-wallet
        api-base="/api"
        account-id={config['account']}
        otp-target-key={config['otpTarget']}
        export-key={config['exportKey']}
        strings={{ signInWithEmail: 'Send me a sign-in code' }}
        onew-signed-in={(event) => setStatus(`Signed in with ${event.detail.method}`)}
        onew-signed-out={() => setStatus('Signed out')}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
