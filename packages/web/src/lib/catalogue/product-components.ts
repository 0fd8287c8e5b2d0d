// What a set or bundle is made of, for its page: the components read through the children call (each
// with its name, SKU, record count and this buyer's price; the server leaves out any the buyer may not
// see), and what "Add all to cart" tells the shopper once the cart has answered for each line.

import {
  COMPONENT_PARENT_CLASSES,
  addToCartErrorMessage,
  type CartBatchResults,
  type CartItemInput,
  type ProductComponent,
  type ProductDetail,
} from '@store/core';
import type { StoreApi } from '../api.ts';
import type { ToastConfig } from '../toast-queue.ts';

/** A set's or bundle's components, or null for any other product (or when they could not be read). */
export async function readComponents(
  api: StoreApi,
  product: Pick<ProductDetail, 'id' | 'productClass'>,
  signal: AbortSignal,
): Promise<ProductComponent[] | null> {
  if (!COMPONENT_PARENT_CLASSES.includes(product.productClass)) return null;
  try {
    return (await api.client.getProductComponents(product.id, { signal })).products;
  } catch {
    return null;
  }
}

/** One line of each component, as "Add all to cart" sends them. */
export function componentInputs(components: readonly Pick<ProductComponent, 'id'>[]): CartItemInput[] {
  return components.map((c) => ({ productId: c.id, quantity: '1', type: 'Product' }));
}

/** How adding went for one component: added, or not with the add-to-cart wording of its error (spec 03 §8). */
export type ComponentAddResult = { state: 'added' } | { state: 'failed'; message: string };

/** Each component's outcome, from the batch's results (in the order sent). */
export function componentResults(
  components: readonly Pick<ProductComponent, 'id'>[],
  batch: Pick<CartBatchResults, 'results' | 'asyncOperationStatus'>,
): Map<string, ComponentAddResult> {
  const out = new Map<string, ComponentAddResult>();
  // Sent to the background (a large batch): the cart store waits it out, and nothing came back refused.
  if (batch.asyncOperationStatus === 'Processing') {
    for (const c of components) out.set(c.id, { state: 'added' });
    return out;
  }
  components.forEach((c, i) => {
    const r = batch.results[i];
    if (r && r.statusCode >= 200 && r.statusCode < 300) out.set(c.id, { state: 'added' });
    else
      out.set(c.id, {
        state: 'failed',
        message: addToCartErrorMessage(r && Array.isArray(r.result) ? { errors: r.result } : null),
      });
  });
  return out;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** "A", "A and B", "A, B and C". */
function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The toast after "Add all to cart": what was added, and each component that was not, with why. */
export function componentsToast(
  components: readonly Pick<ProductComponent, 'id' | 'name'>[],
  results: ReadonlyMap<string, ComponentAddResult>,
): ToastConfig {
  const added = components.filter((c) => results.get(c.id)?.state === 'added').map((c) => c.name);
  const failed = components.flatMap((c) => {
    const r = results.get(c.id);
    return r?.state === 'failed' ? [sentence(`${c.name}: ${r.message}`)] : [];
  });
  if (!failed.length) return { label: 'Added to your cart', message: `${listed(added)}.`, variant: 'success' };
  const notAdded = `Not added: ${failed.join(' ')}`;
  return added.length
    ? { label: 'Some products were not added', message: `Added: ${listed(added)}. ${notAdded}`, variant: 'warning' }
    : { label: 'Nothing was added', message: notAdded, variant: 'error' };
}
