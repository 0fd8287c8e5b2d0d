// The action half of a dataset pick list (DatasetPickForm): the typed SKUs or ids resolved in order, checked
// for count and repeats, then the list replaced through the given call; the server's refusal is the form's.

import type { WorkspaceCalls } from '@store/client/workspace';
import { errorMessage } from '../../lib/errors.ts';
import type { PickResult } from './DatasetPickForm.tsx';
import { productIdsOf, productRefsOf, unknownSkus } from './product-refs.ts';

export async function savePicks<I extends string>(
  w: WorkspaceCalls,
  form: FormData,
  intent: I,
  max: number,
  saved: string,
  save: (productIds: string[]) => Promise<unknown>,
): Promise<PickResult & { intent: I }> {
  const values = String(form.get('products') ?? '');
  const refs = productRefsOf(values);
  if (refs.length > max) return { intent, typed: values, fieldError: `Enter at most ${max} products.` };
  if (new Set(refs.map((r) => r.toLowerCase())).size !== refs.length)
    return { intent, typed: values, fieldError: 'Enter each product once.' };
  try {
    const { ids, unknown } = await productIdsOf(w, refs);
    if (unknown.length) return { intent, typed: values, fieldError: unknownSkus(unknown) };
    await save(ids);
  } catch (error) {
    return { intent, typed: values, formError: errorMessage(error) };
  }
  return { intent, savedMessage: saved };
}
