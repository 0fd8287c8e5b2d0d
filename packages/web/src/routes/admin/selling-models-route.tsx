// The store's selling models: /admin/selling-models lists them with their terms and how many products use
// each, with a form for a new subscription model; /admin/selling-models/:sellingModelId changes one. Which
// models a product is offered with, and its price in each, is set on the product's price form.

import type { AdminSellingModel } from '@store/core';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formValues } from '../../lib/forms.ts';
import {
  MODEL_FIELDS,
  MODEL_RULES,
  modelFields,
  modelValues,
  termsLabel,
  type ModelValues,
} from './selling-model-form.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { SelectField } from './workspace-ui.tsx';

const BASE = '/admin/selling-models';

interface ModelResult {
  errors?: Record<string, string>;
  formError?: string;
  saved?: boolean;
  values?: ModelValues;
}

function ModelForm({ model, result }: { model: AdminSellingModel | null; result?: ModelResult }) {
  const v = result?.values ?? modelValues(model);
  const e = result?.errors ?? {};
  const oneTime = model?.sellingModelType === 'OneTime';
  const title = model ? `Edit ${model.name}` : 'New subscription model';
  return (
    <Form method="post" className="form" noValidate aria-label={title} key={model?.id ?? 'new'}>
      <FormAlert id="model-error" message={result?.formError ?? e.model} />
      <FormAlert id="model-saved" message={result?.saved ? 'The selling model has been saved.' : null} tone="success" />
      <TextField
        form="model"
        name="name"
        label="Name"
        required
        defaultValue={v.name}
        rule={MODEL_RULES.name}
        error={e.name}
      />
      {oneTime ? null : (
        <>
          {model ? (
            <input type="hidden" name="sellingModelType" value={v.sellingModelType} />
          ) : (
            <SelectField
              id="model-type"
              name="sellingModelType"
              label="Type"
              defaultValue={v.sellingModelType}
              options={[
                ['Evergreen', 'Auto-renew (until cancelled)'],
                ['TermDefined', 'Term-defined (a number of terms)'],
              ]}
            />
          )}
          <TextField
            form="model"
            name="pricingTerm"
            label="Billed every"
            required
            inputMode="numeric"
            defaultValue={v.pricingTerm}
            rule={MODEL_RULES.pricingTerm}
            error={e.pricingTerm}
          />
          <SelectField
            id="model-unit"
            name="pricingTermUnit"
            label="Billing unit"
            defaultValue={v.pricingTermUnit}
            options={[
              ['Months', 'Months'],
              ['Annual', 'Years'],
            ]}
          />
          <fieldset className="workspace__book">
            <legend>Terms a buyer chooses from (term-defined only)</legend>
            <TextField
              form="model"
              name="minimum"
              label="Shortest term"
              inputMode="numeric"
              defaultValue={v.minimum}
              error={e.minimum}
            />
            <TextField
              form="model"
              name="maximum"
              label="Longest term"
              inputMode="numeric"
              defaultValue={v.maximum}
              error={e.maximum}
            />
            <TextField
              form="model"
              name="increment"
              label="Step"
              inputMode="numeric"
              defaultValue={v.increment}
              error={e.increment}
            />
          </fieldset>
        </>
      )}
      <button type="submit" className="btn btn--primary">
        {model ? 'Save selling model' : 'Create selling model'}
      </button>
    </Form>
  );
}

function SellingModelsPage() {
  const models = useLoaderData() as AdminSellingModel[];
  const result = useActionData() as ModelResult | undefined;
  return (
    <section aria-labelledby="models-title">
      <h1 id="models-title">Selling models</h1>
      <table className="orders__table workspace__table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Terms</th>
            <th scope="col" className="num">
              Products
            </th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.id}>
              <td>
                <Link to={`${BASE}/${m.id}`}>{m.name}</Link>
              </td>
              <td>{termsLabel(m)}</td>
              <td className="num">{m.productCount.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>New subscription model</h2>
      <ModelForm model={null} result={result} />
    </section>
  );
}

function SellingModelPage() {
  const model = useLoaderData() as AdminSellingModel;
  return (
    <div className="workspace__edit">
      <h1>{model.name}</h1>
      <p>
        {termsLabel(model)}. Offered with {model.productCount.toLocaleString('en-US')}{' '}
        {model.productCount === 1 ? 'product' : 'products'}; a change shows on their pages at once.
      </p>
      <ModelForm model={model} result={useActionData() as ModelResult | undefined} />
    </div>
  );
}

/** Both pages' save: create (then go to the new model) or change the fields of one. */
async function saveModel(
  getApi: () => StoreApi,
  id: string | undefined,
  form: FormData,
): Promise<ModelResult | Response> {
  const w = workspaceOf(getApi);
  const values = formValues(form, MODEL_FIELDS) as ModelValues;
  const current = id ? (await w.sellingModels()).items.find((m) => m.id === id) : undefined;
  try {
    if (current?.sellingModelType === 'OneTime') {
      const problem = MODEL_RULES.name(values.name.trim());
      if (problem) return { errors: { name: problem }, values };
      await w.updateSellingModel(current.id, { name: values.name.trim() });
      return { saved: true };
    }
    const { fields, errors } = modelFields(values);
    if (Object.keys(errors).length) return { errors, values };
    if (!id) return redirect(`${BASE}/${(await w.createSellingModel(fields)).id}`);
    const { sellingModelType: _type, ...change } = fields;
    await w.updateSellingModel(id, change);
    return { saved: true };
  } catch (error) {
    return { formError: errorMessage(error), values };
  }
}

export function sellingModelsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs) =>
      (await loaded(workspaceOf(getApi).sellingModels({ signal: request.signal }))).items,
    action: async ({ request }: ActionFunctionArgs) => saveModel(getApi, undefined, await request.formData()),
    Component: SellingModelsPage,
    handle: workspaceHead(() => 'Selling models'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}

export function sellingModelRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ params, request }: LoaderFunctionArgs) => {
      const all = (await loaded(workspaceOf(getApi).sellingModels({ signal: request.signal }))).items;
      const model = all.find((m) => m.id === params.sellingModelId);
      if (!model) throw data(null, { status: 404, statusText: 'Not Found' });
      return model;
    },
    action: async ({ params, request }: ActionFunctionArgs) =>
      saveModel(getApi, params.sellingModelId, await request.formData()),
    Component: SellingModelPage,
    handle: workspaceHead((d) => (d as AdminSellingModel | undefined)?.name ?? 'Selling model'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
