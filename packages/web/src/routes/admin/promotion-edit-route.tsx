// One promotion in the workspace: /admin/promotions/new creates it, /admin/promotions/:promotionId edits it.
// The editor's one form posts here with an intent: "save" checks the fields with the shared rules and core's
// promotionProblem, turns SKUs into product ids, then creates or changes the promotion; "try" prices the
// sample cart with the editor's fields as they stand (saved or not) through the server's trial run, which
// writes nothing. The server's refusal is shown at the form.

import type { AdminBuyerGroup, AdminCategory, AdminPromotionWithUsage } from '@store/core';
import { CommerceFetchError } from '@store/client';
import {
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { PromotionEditPage, type PromotionEditData, type PromotionResult } from './PromotionEditPage.tsx';
import { promotionDraft, trialLines } from './promotion-form.ts';
import { productIdsOf as productIds, unknownSkus } from './product-refs.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

export const PROMOTION_SAVED = 'The promotion has been saved.';

function PromotionEditRoute() {
  const navigation = useNavigation();
  const data = useLoaderData() as PromotionEditData;
  return (
    <PromotionEditPage
      // A fresh editor per promotion: its discount type and live check start from that promotion.
      key={data.promotion?.id ?? 'new'}
      data={data}
      result={useActionData() as PromotionResult | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}

export function promotionEditRoute(getApi: () => StoreApi) {
  async function loader({ params, request }: LoaderFunctionArgs): Promise<PromotionEditData> {
    const w = workspaceOf(getApi);
    const signal = request.signal;
    const id = params.promotionId;
    const [promotion, categories, buyerGroups] = await Promise.all([
      id ? loaded(w.getPromotion(id, { signal })) : Promise.resolve(null as AdminPromotionWithUsage | null),
      loaded(w.categories({ signal })).then((r): AdminCategory[] => r.items),
      // The catalogue manager may not read customers: the audience is then typed as buyer group ids.
      w.buyerGroups({ signal }).then(
        (r): AdminBuyerGroup[] | null => r.items,
        (error: unknown) => {
          if (error instanceof CommerceFetchError && error.status === 403) return null;
          throw error;
        },
      ),
    ]);
    const skus = await Promise.all(
      (promotion?.productIds ?? []).map((p) =>
        w.getProduct(p, { signal }).then(
          (product) => product.sku,
          () => p,
        ),
      ),
    );
    const created = new URL(request.url).searchParams.get('created') === '1';
    return { promotion, categories, buyerGroups, products: skus.join(', '), created };
  }

  async function action({ params, request }: ActionFunctionArgs): Promise<PromotionResult | Response> {
    const w = workspaceOf(getApi);
    const form = await request.formData();
    const id = params.promotionId;
    const draft = promotionDraft(form);
    const products = await productIds(w, draft.products);
    const fieldErrors = { ...draft.fieldErrors };
    if (products.unknown.length) fieldErrors.products = unknownSkus(products.unknown);
    const fields = { ...draft.fields, productIds: draft.products.length ? products.ids : null };

    if (form.get('intent') === 'try') {
      const sample = trialLines(form);
      const lines = await productIds(
        w,
        sample.lines.map((l) => l.product),
      );
      const trialErrors = { ...sample.errors };
      if (lines.unknown.length) trialErrors['line-0-product'] = unknownSkus(lines.unknown);
      if (Object.keys(trialErrors).length) return { intent: 'try', fieldErrors: trialErrors };
      try {
        const trial = await w.tryPromotion({
          ...(id ? { promotionId: id } : {}),
          promotion: fields,
          lines: sample.lines.map((l, i) => ({ productId: lines.ids[i]!, quantity: l.quantity })),
          ...(sample.couponCode ? { couponCodes: [sample.couponCode] } : {}),
          ...(sample.accountId ? { accountId: sample.accountId } : {}),
          alone: form.get('alone') === 'true',
        });
        return { intent: 'try', trial };
      } catch (error) {
        return { intent: 'try', formError: errorMessage(error) };
      }
    }

    if (Object.keys(fieldErrors).length || draft.problem)
      return { intent: 'save', fieldErrors, formError: draft.problem ?? undefined };
    try {
      if (!id) {
        const made = await w.createPromotion(fields);
        return redirect(`/admin/promotions/${made.id}?created=1`);
      }
      await w.updatePromotion(id, fields);
    } catch (error) {
      return { intent: 'save', formError: errorMessage(error) };
    }
    return { intent: 'save', saved: true };
  }

  return {
    loader,
    action,
    Component: PromotionEditRoute,
    handle: workspaceHead((d) => (d as PromotionEditData | undefined)?.promotion?.name ?? 'New promotion'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
