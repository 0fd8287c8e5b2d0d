// AI agents (/account/agents, issue 18) in real Chromium against the real server: Casey opens the page from the
// account navigation, makes a token for an assistant (shown once, with a copy button), sees it work at the MCP
// server, finds it listed (never shown again) and revokes it after a confirmation; the MCP server then refuses it.
// axe-core (WCAG A/AA) finds nothing on each state of the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from './axe.ts';
import { liveStore } from './browser.ts';
import { fillLogin, openShopper } from './shopper-session.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';

const live = liveStore();

async function noViolations(page: Page, state: string) {
  const found = await axeViolations(page, state);
  assert.equal(found.length, 0, describeViolations(found));
}

/** A tools/list call at the MCP server with the token: its HTTP status. */
async function mcpStatus(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  await res.text();
  return res.status;
}

test('a buyer makes an agent token, sees it once, and revokes it', async () => {
  const s = live.server;
  const { context, page, errors } = await openShopper(live.browser, { bypassCSP: true });
  await page.goto(`${s.url}/login`);
  await fillLogin(page, DEMO_USERS.consumer.email);
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.goto(`${s.url}/account`);
  await page
    .getByRole('navigation', { name: /account/i })
    .getByRole('link', { name: 'AI agents' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'AI agents' }).waitFor();
  assert.match(await page.locator('main').innerText(), new RegExp(`${s.url}/mcp`));
  await noViolations(page, 'AI agents, no tokens');

  // A blank name is refused on the page, and nothing is made.
  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByText('Enter a name for the token.').first().waitFor();
  assert.equal(await page.getByRole('row').count(), 0);

  await page.getByLabel('Token name').fill('Claude on my laptop');
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('region', { name: 'Your new token “Claude on my laptop”' });
  await shown.waitFor();
  const token = await shown.getByLabel('New token').inputValue();
  assert.match(token, /^ddat_[A-Za-z0-9_-]{40,}$/);
  await noViolations(page, 'AI agents, a new token shown');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
  await shown.getByRole('button', { name: 'Copy token' }).click();
  await shown.getByRole('status').getByText('Copied.').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token);
  assert.equal(await mcpStatus(s.url, token), 200, 'the token works at the MCP server');

  // Listed, with its expiry; the token itself is never shown again.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'AI agents' }).waitFor();
  assert.equal(await page.getByRole('region', { name: /Your new token/ }).count(), 0);
  assert.equal((await page.content()).includes(token), false, 'the token is not on the page again');
  const row = page.getByRole('row', { name: /Claude on my laptop/ });
  assert.match(await row.innerText(), /Active/);

  await row.getByRole('button', { name: 'Revoke Claude on my laptop' }).click();
  await row.getByText('Revoke “Claude on my laptop”? It stops working at once.').waitFor();
  await noViolations(page, 'AI agents, confirming a revocation');
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await page.getByText('The token was revoked.').waitFor();
  // The action's message can show before the list's revalidated data: wait for the row to say so.
  const revokedRow = page.getByRole('row', { name: /Claude on my laptop/ });
  await revokedRow.getByText(/^Revoked /).waitFor();
  assert.doesNotMatch(await revokedRow.innerText(), /Active/);
  await noViolations(page, 'AI agents, a token revoked');
  assert.equal(await mcpStatus(s.url, token), 401, 'the revoked token is refused');
  assert.deepEqual(errors, []);
  await context.close();
});
