// Selling models in the workspace, in real Chromium against the real server and database (issue 15 §3): the
// administrator creates a term-defined subscription model (12 months), offers a dataset with it and prices it
// through the product's price form; a shopper's product page then offers the subscription with its term and
// price, with no wait.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveStore } from './browser.ts';
import { hydrated, logInTo, openPage as open } from './workspace-login.ts';
import { DEMO_USERS } from '../packages/server/src/seed/access.ts';
import { axeViolations, describeViolations } from './axe.ts';

const live = liveStore();
const MODEL = 'Twelve-Month Data Plan';

/** A live dataset the store sells one-time only (so its page offers no subscription before the test). */
async function oneTimeDataset() {
  const db = live.server.db.db;
  const rows = await db
    .selectFrom('product')
    .innerJoin('product_selling_model', 'product_selling_model.product_id', 'product.id')
    .select(['product.id', 'product.sku'])
    .select((eb) => eb.fn.count<number>('product_selling_model.selling_model_id').as('n'))
    .where('product.sku', 'like', 'DS-%')
    .where('product.is_active', '=', 1)
    .groupBy(['product.id', 'product.sku'])
    .orderBy('product.sku')
    .execute();
  return rows.find((r) => Number(r.n) === 1)!;
}

test('the administrator creates a subscription model and prices a dataset in it; the shopper’s page offers it', async () => {
  const product = await oneTimeDataset();
  assert.ok(product, 'a dataset sold one-time only');

  const admin = await open(live.browser, { bypassCSP: true });
  const a = admin.page;
  await logInTo(a, live.server.url, DEMO_USERS.admin.email, '/admin/selling-models');
  await a.getByRole('heading', { level: 1, name: 'Selling models' }).waitFor();

  // A term-defined model whose terms don't add up is refused with core's words, before anything is sent.
  await a.getByRole('textbox', { name: /^Name/ }).fill(MODEL);
  await a.getByLabel('Type').selectOption('TermDefined');
  await a.getByRole('textbox', { name: /^Billed every/ }).fill('1');
  await a.getByLabel('Billing unit').selectOption('Months');
  await a.getByLabel('Shortest term').fill('12');
  await a.getByLabel('Longest term').fill('30');
  await a.getByLabel('Step').fill('12');
  await a.getByRole('button', { name: 'Create selling model' }).click();
  await a.getByText('The longest term must be the shortest plus a number of steps.').waitFor();

  await a.getByLabel('Longest term').fill('12');
  await a.getByRole('button', { name: 'Create selling model' }).click();
  await a.getByRole('heading', { level: 1, name: MODEL }).waitFor();
  await a.getByText('term-defined: 12 months, billed monthly').waitFor();
  const a11y = await axeViolations(a, 'selling model page');
  assert.equal(a11y.length, 0, `axe violations:\n${describeViolations(a11y)}`);

  // The dataset's price form: offer it with the new model and price it in the store's book.
  await a.goto(`${live.server.url}/admin/products/${product.id}`);
  await hydrated(a);
  await a.getByLabel(`Offer with ${MODEL}`, { exact: false }).check();
  await a.getByLabel(`${MODEL} price (Store Price Book)`).fill('41.50');
  await a.getByRole('button', { name: 'Save prices' }).click();
  await a.getByText('The prices have been saved.').waitFor();
  assert.equal(await a.getByLabel(`${MODEL} price (Store Price Book)`).inputValue(), '41.50');
  assert.equal(await a.getByLabel(`Offer with ${MODEL}`, { exact: false }).isChecked(), true);
  const formA11y = await axeViolations(a, 'price form with subscriptions');
  assert.equal(formA11y.length, 0, `axe violations:\n${describeViolations(formA11y)}`);

  // A guest's product page offers the subscription at once: its term and its price for the term.
  const shopper = await open(live.browser);
  const s = shopper.page;
  await s.goto(`${live.server.url}/product/${product.id}`);
  await hydrated(s);
  const type = s.getByLabel('Purchase type');
  await type.selectOption({ label: 'term-defined' });
  const price = s.locator('.price__main');
  await price.filter({ hasText: '$498.00' }).waitFor();
  assert.match((await price.textContent()) ?? '', /\$498\.00/, '12 months at $41.50 a month');
  // The term: a choice of one (shown as text, or a select's only option).
  assert.match((await s.locator('.subscription').textContent()) ?? '', /12 months/);

  assert.deepEqual([...admin.errors, ...shopper.errors], []);
  await admin.context.close();
  await shopper.context.close();
});
