// What the product page's class forms do (issue 15 item 3): add or remove a variation, move, remove or add a
// component, and save the quantity rule. Each answers an EditResult for its own section; the loader then reads
// the product again, so the section shows what the server now holds.

import type { WorkspaceCalls } from '@store/client/workspace';
import { errorMessage } from '../../lib/errors.ts';
import type { FormResult as EditResult } from './ProductEditPage.tsx';
import { quantityRuleOf, reorderedSkus, variationInput, type ComponentOp } from './product-class-form.ts';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/** The class form's result, or null when the intent is not one of them. */
export async function productClassAction(
  w: WorkspaceCalls,
  productId: string,
  form: FormData,
): Promise<EditResult | null> {
  const intent = text(form, 'intent');
  const failed = (error: unknown): EditResult => ({
    intent: intent as EditResult['intent'],
    formError: errorMessage(error),
  });
  try {
    if (intent === 'addVariation') {
      const family = await w.getVariations(productId);
      const { input, errors } = variationInput(form, family.attributes);
      if (errors) return { intent, fieldErrors: errors, values: Object.fromEntries(form) as Record<string, string> };
      const made = await w.addVariation(productId, input);
      return { intent, saved: true, message: `The variation ${made.sku} has been added.` };
    }
    if (intent === 'removeVariation') {
      await w.removeVariation(productId, text(form, 'variationId'));
      return { intent, saved: true, message: 'The variation has been taken out (it is now a Draft product).' };
    }
    if (intent === 'components') {
      const current = await w.getComponents(productId);
      const skus = reorderedSkus(
        current.components,
        text(form, 'op') as ComponentOp,
        Number(text(form, 'index') || -1),
        text(form, 'sku'),
      );
      if (!skus) return { intent, fieldErrors: { sku: 'Enter the SKU of a product to add.' } };
      await w.replaceComponents(
        productId,
        skus.map((sku) => ({ sku })),
      );
      return { intent, saved: true, message: 'The components have been saved.' };
    }
    if (intent === 'quantityRule') {
      const { rule, fieldErrors, problem } = quantityRuleOf(form);
      if (Object.keys(fieldErrors).length) return { intent, fieldErrors, values: { ...rule } };
      if (problem) return { intent, formError: problem, values: { ...rule } };
      await w.setQuantityRule(productId, rule);
      return { intent, saved: true, message: 'The quantity rule has been saved.' };
    }
  } catch (error) {
    return failed(error);
  }
  return null;
}
