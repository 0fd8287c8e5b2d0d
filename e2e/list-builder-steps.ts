// What the list builder's browser tests share: how the page writes counts and prices, and the counts the API
// gives for the flagship "US Dentists, Email and Phone" (DS-00001) whole and narrowed to Texas with an email.
import type { TestServer } from '../packages/server/src/test-support/server.ts';

/** "$1,234.50", as the page writes a price. */
export const money = (v: string) =>
  `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** "1,234 records" ("1 record"). */
export const records = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'}`;

/** DS-00001, and the counts API's answers for it whole and for `region=TX&email=1`. */
export async function dentistCounts(server: TestServer) {
  const product = (await server.api('/products?skus=DS-00001')).body.products[0];
  return {
    product,
    whole: (await server.api(`/datasets/${product.id}/counts`)).body,
    texasWithEmail: (await server.api(`/datasets/${product.id}/counts?region=TX&email=1`)).body,
  };
}
