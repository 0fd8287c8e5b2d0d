// The product form's sections per class (issue 15 item 3): for a variation parent its attribute values and its
// variations (a table linking each, a form to add one, a button to take one out); for a set or bundle its
// components in order (add by SKU, move up or down, remove); for every product its quantity rule; and on
// "New product" the class with, for a parent, its variation attribute.

import type { AdminComponentList, AdminProduct, AdminVariationFamily } from '@store/core';
import { useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FormResult as EditResult } from './ProductEditPage.tsx';
import { CLASS_CHOICES, RULE_FIELDS, ruleFieldCheck, valueName } from './product-class-form.ts';
import { SelectField } from './workspace-ui.tsx';

type SectionProps = { result?: EditResult; busy: boolean };

/** Where the section's result shows, and focus goes to it (or to the first field in error). */
function useSection(result: EditResult | undefined, id: string) {
  const ref = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, ref, `${id}-error`);
  return {
    ref,
    alerts: (
      <>
        <FormAlert id={`${id}-error`} message={result?.formError} />
        <FormAlert id={`${id}-saved`} message={result?.saved ? result.message : null} tone="success" />
      </>
    ),
  };
}

/** "New product": the class, and for a variation parent its attribute and the values buyers choose from. */
export function NewProductClassFields({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const [productClass, setProductClass] = useState(values.productClass || 'Simple');
  return (
    <>
      <div className="field">
        <label htmlFor="product-productClass" className="field__label">
          Product class
        </label>
        <select
          id="product-productClass"
          name="productClass"
          className="field__input"
          value={productClass}
          onChange={(e) => setProductClass(e.target.value)}
        >
          {CLASS_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {productClass === 'VariationParent' ? (
        <fieldset
          className="workspace__book"
          aria-describedby={errors.attribute ? 'product-attribute-error' : undefined}
        >
          <legend>Variation attribute</legend>
          {errors.attribute ? (
            <p id="product-attribute-error" className="field__error">
              {errors.attribute}
            </p>
          ) : null}
          <TextField
            form="product"
            name="attributeName"
            label="Attribute name"
            defaultValue={values.attributeName ?? ''}
            hint="For example Coverage."
            required
          />
          <TextField
            form="product"
            name="attributeValues"
            label="Allowed values"
            defaultValue={values.attributeValues ?? ''}
            hint="Separated by commas, in the order buyers see them."
            required
          />
        </fieldset>
      ) : null}
    </>
  );
}

export function VariationsSection({ family, result, busy }: SectionProps & { family: AdminVariationFamily }) {
  const { ref, alerts } = useSection(result, 'variations');
  const adding = result?.intent === 'addVariation' ? result : undefined;
  const errors = adding?.fieldErrors ?? {};
  const values = adding?.values ?? {};
  return (
    <section aria-labelledby="variations-title">
      <h2 id="variations-title">Variations</h2>
      <dl className="workspace__facts">
        {family.attributes.map((a) => (
          <div key={a.name}>
            <dt>{a.name}</dt>
            <dd>{a.values.join(', ')}</dd>
          </div>
        ))}
      </dl>
      {alerts}
      {family.variations.length ? (
        <table className="orders__table">
          <caption>Variations of this product</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Name</th>
              {family.attributes.map((a) => (
                <th scope="col" key={a.name}>
                  {a.name}
                </th>
              ))}
              <th scope="col">Status</th>
              <th scope="col">Take out</th>
            </tr>
          </thead>
          <tbody>
            {family.variations.map((v) => (
              <tr key={v.id}>
                <td>
                  <Link to={`/admin/products/${v.id}`}>{v.sku}</Link>
                </td>
                <td>{v.name}</td>
                {family.attributes.map((a) => (
                  <td key={a.name}>{v.values[a.name] ?? ''}</td>
                ))}
                <td>{v.status}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="removeVariation" />
                    <input type="hidden" name="variationId" value={v.id} />
                    <button
                      type="submit"
                      className="btn"
                      aria-label={`Remove ${v.sku}`}
                      aria-disabled={busy || undefined}
                    >
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No variations yet: buyers see this product once it has at least one Live variation.</p>
      )}
      <h3 id="variation-add-title">Add a variation</h3>
      <Form method="post" className="form" noValidate ref={ref} aria-labelledby="variation-add-title">
        <input type="hidden" name="intent" value="addVariation" />
        <TextField
          form="variation"
          name="sku"
          label="Variation SKU"
          defaultValue={values.sku ?? ''}
          error={errors.sku}
          required
        />
        <TextField
          form="variation"
          name="name"
          label="Variation name"
          defaultValue={values.name ?? ''}
          error={errors.name}
          required
        />
        {family.attributes.map((a) => (
          <SelectField
            key={a.name}
            id={`variation-${valueName(a.name)}`}
            name={valueName(a.name)}
            label={a.name}
            defaultValue={values[valueName(a.name)] ?? ''}
            options={[['', `Choose ${a.name}`], ...a.values.map((v) => [v, v] as const)]}
          />
        ))}
        {errors.values ? (
          <p className="field__error" role="alert">
            {errors.values}
          </p>
        ) : null}
        <SelectField
          id="variation-status"
          name="status"
          label="Variation status"
          defaultValue={values.status ?? 'Live'}
          options={[
            ['Live', 'Live'],
            ['Draft', 'Draft (not on the storefront)'],
          ]}
        />
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Add variation
        </button>
      </Form>
    </section>
  );
}

export function ComponentsSection({
  product,
  list,
  result,
  busy,
}: SectionProps & { product: AdminProduct; list: AdminComponentList }) {
  const { ref, alerts } = useSection(result, 'components');
  const what = product.productClass === 'Set' ? 'set' : 'bundle';
  const last = list.components.length - 1;
  return (
    <section aria-labelledby="components-title">
      <h2 id="components-title">Components</h2>
      <p>
        {product.productClass === 'Set'
          ? 'Buyers add every component to their cart together; the set itself has no price.'
          : 'Buyers buy the bundle at its own price and get a download per dataset in it.'}
      </p>
      {alerts}
      {list.components.length ? (
        <table className="orders__table">
          <caption>In this {what}, in order</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">SKU</th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {list.components.map((c, i) => (
              <tr key={c.productId}>
                <td>{c.position}</td>
                <td>
                  <Link to={`/admin/products/${c.productId}`}>{c.sku}</Link>
                </td>
                <td>{c.name}</td>
                <td>{c.status}</td>
                <td>
                  <Form method="post" className="workspace__row-actions">
                    <input type="hidden" name="intent" value="components" />
                    <input type="hidden" name="index" value={i} />
                    {i > 0 ? (
                      <button
                        type="submit"
                        name="op"
                        value="up"
                        className="btn"
                        aria-label={`Move up ${c.sku}`}
                        aria-disabled={busy || undefined}
                      >
                        Move up
                      </button>
                    ) : null}
                    {i < last ? (
                      <button
                        type="submit"
                        name="op"
                        value="down"
                        className="btn"
                        aria-label={`Move down ${c.sku}`}
                        aria-disabled={busy || undefined}
                      >
                        Move down
                      </button>
                    ) : null}
                    <button
                      type="submit"
                      name="op"
                      value="remove"
                      className="btn"
                      aria-label={`Remove ${c.sku}`}
                      aria-disabled={busy || undefined}
                    >
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nothing in this {what} yet.</p>
      )}
      <Form method="post" className="form" noValidate ref={ref} aria-label={`Add to the ${what}`}>
        <input type="hidden" name="intent" value="components" />
        <input type="hidden" name="op" value="add" />
        <TextField
          form="components"
          name="sku"
          label="SKU to add"
          hint="A dataset or a variation of this store; it goes last."
          error={result?.intent === 'components' ? result.fieldErrors?.sku : undefined}
          required
        />
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Add component
        </button>
      </Form>
    </section>
  );
}

export function QuantityRuleSection({ product, result, busy }: SectionProps & { product: AdminProduct }) {
  const { ref, alerts } = useSection(result, 'rule');
  const labels = { minimum: 'Minimum quantity', maximum: 'Maximum quantity', increment: 'Increment' };
  return (
    <section aria-labelledby="rule-title">
      <h2 id="rule-title">Quantity rule</h2>
      <p>How many a buyer may add to a cart: from the minimum up to the maximum, in steps of the increment.</p>
      {alerts}
      <Form method="post" className="form" noValidate ref={ref} aria-labelledby="rule-title">
        <input type="hidden" name="intent" value="quantityRule" />
        {RULE_FIELDS.map((f) => (
          <TextField
            key={f}
            form="rule"
            name={f}
            label={labels[f]}
            inputMode="numeric"
            defaultValue={result?.values?.[f] ?? product.quantityRule[f]}
            error={result?.fieldErrors?.[f]}
            rule={ruleFieldCheck}
            required
          />
        ))}
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Save quantity rule
        </button>
      </Form>
    </section>
  );
}
