// The Chromium the browser tests drive: Debian's (/usr/bin/chromium, or CHROMIUM_PATH), headless, with
// the background services that would reach the network switched off. Never a downloaded browser.
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../packages/server/src/test-support/server.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The store under test for one test file: the real server with the storefront on a fresh database, and
 * Chromium, started before the file's tests and stopped after them. `setup` runs once both are up (node's
 * test runner does not promise an order between top-level hooks of different modules, so a file's own
 * preparation goes here rather than in a hook of its own).
 */
export function liveStore(
  setup?: (live: { server: TestServer; browser: Browser }) => Promise<void>,
  options: TestServerOptions = {},
): {
  readonly server: TestServer;
  readonly browser: Browser;
} {
  const live = {} as { server: TestServer; browser: Browser };
  before(async () => {
    live.server = await startTestServer({ ...options, storefront: true });
    live.browser = await launchChromium();
    await setup?.(live);
  });
  after(async () => {
    await live.browser?.close();
    await live.server?.close();
  });
  return live;
}
