/**
 * `npm start` as a developer runs it: the command starts, prints its URL, and
 * the page it serves (in real Chromium) reaches the sandbox through the relay
 * (issue: sandbox and relay, acceptance 5).
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe('npm start', () => {
  let child: ChildProcess;
  let url: string;
  let output = '';
  let browser: Browser;

  before(async () => {
    child = spawn('npm', ['start'], {
      env: { ...process.env, PORT: '0', SANDBOX_PORT: '0' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no URL in 60 s:\n${output}`)), 60_000);
      const take = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Embedded wallet demo: (http:\/\/localhost:\d+\/)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', take);
      child.stderr!.on('data', take);
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });

  after(async () => {
    await browser?.close();
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  });

  it('prints the demo URL, the relay and the seeded wallet', () => {
    expect(output).to.match(/relay: +http:\/\/localhost:\d+\/api\/ -> sandbox http:\/\/127\.0\.0\.1:\d+\/2025-10-13/);
    expect(output).to.match(/wallet InternalAccount:[0-9a-f-]{36}/);
  });

  it('serves a page whose script lists the wallet credentials fetched through the relay', async () => {
    const page = await browser.newPage();
    const relayCalls: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/')) relayCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(url);
    await page.locator('#credentials li').first().waitFor({ timeout: 30_000 });
    const items = await page.locator('#credentials li').allTextContents();
    expect(items).to.deep.equal(['EMAIL_OTP: demo@example.com', 'SMS_OTP: +14155550123']);
    expect(relayCalls).to.deep.equal(['200 /api/auth/credentials']);
  });

  it('keeps platform calls off the relay', async () => {
    const response = await fetch(new URL('/api/customers', url), { method: 'POST', body: '{}' });
    expect(response.status).to.equal(404);
  });
});
