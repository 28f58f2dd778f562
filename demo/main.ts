/**
 * The demo page's script: reads the seeded wallet from the demo server and
 * lists its credentials through the relay. The full QA demo replaces this
 * with the elements.
 */
export {}; // a module, so its names stay out of the global scope

interface DemoConfig {
  accountId: string;
  customerId: string;
}

const status = document.querySelector<HTMLParagraphElement>('#status')!;
const list = document.querySelector<HTMLUListElement>('#credentials')!;

async function main(): Promise<void> {
  const config = (await (await fetch('/demo-config.json')).json()) as DemoConfig;
  const response = await fetch(`/api/auth/credentials?accountId=${encodeURIComponent(config.accountId)}`, {
    headers: { 'ew-account-id': config.accountId },
  });
  const body = (await response.json()) as { data?: { type: string; nickname: string }[]; message?: string };
  if (!response.ok || !body.data) {
    status.textContent = `The relay answered ${response.status}: ${body.message ?? 'no details'}`;
    return;
  }
  status.textContent = `Wallet ${config.accountId} has ${body.data.length} credential(s):`;
  for (const credential of body.data) {
    const item = document.createElement('li');
    item.textContent = `${credential.type}: ${credential.nickname}`;
    list.append(item);
  }
}

main().catch((error: unknown) => {
  status.textContent = `Could not reach the relay: ${String(error)}`;
});
