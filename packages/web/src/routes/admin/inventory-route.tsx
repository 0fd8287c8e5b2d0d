// A product's stock: on hand at each of the store's locations (editable), reserved (what placed orders hold,
// read-only) and what is left to sell there. The storefront reads stock per request, so the product page's
// availability (out of stock at 0) follows with the shopper's next page. Datasets have no stock.

import { checkField, type ProductInventory } from '@store/core';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { textOf, type CustomerResult } from './customer-form.ts';
import { Outcome } from './customer-ui.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

type InventoryResult = CustomerResult;

const onHandRule = (v: string) =>
  checkField(v, { required: true, type: 'number', min: 0, max: 1_000_000_000, step: 1 });

function InventoryPage() {
  const stock = useLoaderData() as ProductInventory;
  const result = useActionData() as InventoryResult | undefined;
  return (
    <div className="workspace__edit">
      <p>
        <Link to={`/admin/products/${stock.productId}`}>Back to {stock.sku}</Link>
      </p>
      <h1>Inventory: {stock.name}</h1>
      {stock.levels.length === 0 ? (
        <p>{stock.sku} is a dataset: it is delivered as a download and has no stock to count.</p>
      ) : (
        <>
          <Outcome id="inventory" result={result} intent="inventory" />
          <Form method="post" className="form" noValidate aria-label={`Stock of ${stock.sku}`}>
            <table className="orders__table workspace__table">
              <thead>
                <tr>
                  <th scope="col">Location</th>
                  <th scope="col">On hand</th>
                  <th scope="col" className="num">
                    Reserved by orders
                  </th>
                  <th scope="col" className="num">
                    Free to sell
                  </th>
                </tr>
              </thead>
              <tbody>
                {stock.levels.map((l) => (
                  <tr key={l.locationId}>
                    <th scope="row">{l.locationName}</th>
                    <td>
                      <TextField
                        form={`stock-${l.locationId}`}
                        name={`onHand-${l.locationId}`}
                        label={`On hand at ${l.locationName}`}
                        inputMode="numeric"
                        required
                        defaultValue={String(l.onHand)}
                        rule={onHandRule}
                        error={result?.fieldErrors?.[l.locationId]}
                      />
                    </td>
                    <td className="num">{l.reserved}</td>
                    <td className="num">{Math.max(0, l.onHand - l.reserved)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="submit" className="btn btn--primary">
              Save stock
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export function inventoryRoute(getApi: () => StoreApi) {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) =>
      loaded(workspaceOf(getApi).getInventory(params.productId ?? '', { signal: request.signal })),
    action: async ({ params, request }: ActionFunctionArgs): Promise<InventoryResult> => {
      const form = await request.formData();
      const w = workspaceOf(getApi);
      const stock = await w.getInventory(params.productId ?? '');
      const fieldErrors: Record<string, string> = {};
      const levels = stock.levels.map((l) => {
        const text = textOf(form, `onHand-${l.locationId}`);
        const problem = onHandRule(text);
        if (problem) fieldErrors[l.locationId] = problem;
        return { locationId: l.locationId, onHand: Number(text) };
      });
      if (Object.keys(fieldErrors).length) return { intent: 'inventory', fieldErrors };
      try {
        await w.setInventory(stock.productId, { levels });
      } catch (error) {
        return { intent: 'inventory', formError: errorMessage(error) };
      }
      return { intent: 'inventory', done: 'The stock has been saved. The product page shows it now.' };
    },
    Component: InventoryPage,
    handle: workspaceHead((d) => `Inventory: ${(d as ProductInventory | undefined)?.sku ?? ''}`),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
