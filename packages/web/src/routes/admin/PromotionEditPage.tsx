// The promotion editor: every rule the promotions engine knows (discount as percent, amount or buy-more-save-
// more tiers; item or cart; products and categories; buyer groups and accounts; dates; priority and stacking;
// one-time purchases only; on/off; coupon codes with usage limits), core's verdict shown as the seller types,
// and a "Try it" panel that prices a sample cart with the fields as they stand.

import type { AdminBuyerGroup, AdminCategory, AdminPromotionWithUsage, PromotionTrialResult } from '@store/core';
import { promotionProblem } from '@store/core';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import {
  couponUse,
  promotionDraft,
  promotionRule,
  promotionValues,
  rowsFor,
  TRIAL_ROWS,
  type DiscountType,
} from './promotion-form.ts';
import { PromotionTrialTable } from './PromotionTrialTable.tsx';
import { CheckField, SelectField } from './workspace-ui.tsx';

export interface PromotionEditData {
  promotion: AdminPromotionWithUsage | null;
  categories: AdminCategory[];
  /** Null when the role may not read customers (the catalogue manager): buyer groups are typed as ids. */
  buyerGroups: AdminBuyerGroup[] | null;
  /** The promotion's products as SKUs, comma-separated. */
  products: string;
  created: boolean;
}

export interface PromotionResult {
  intent: 'save' | 'try';
  fieldErrors?: Record<string, string>;
  formError?: string;
  saved?: boolean;
  trial?: PromotionTrialResult;
}

const F = 'promotion';

export function PromotionEditPage({
  data,
  result,
  busy,
}: {
  data: PromotionEditData;
  result?: PromotionResult;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const saveResult = result?.intent === 'save' ? result : undefined;
  const tryResult = result?.intent === 'try' ? result : undefined;
  useFormResultFocus(saveResult, formRef, 'promotion-error');
  useFormResultFocus(tryResult, formRef, 'trial-error');
  const { promotion } = data;
  const v = promotionValues(promotion);
  const [discountType, setDiscountType] = useState<DiscountType>(v.discountType);
  // Core's verdict on the discount, dates and codes as the seller types (null until the first edit).
  const [live, setLive] = useState<string | null>(null);
  // Typing is an input event and a choice a change event: Preact hands the form's handlers the native events
  // (React made every keystroke a change), so the form checks on both.
  const check = (e: FormEvent<HTMLFormElement>) =>
    setLive(promotionProblem(promotionDraft(new FormData(e.currentTarget)).fields));
  const errors = { ...saveResult?.fieldErrors, ...tryResult?.fieldErrors };
  const field = (name: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField form={F} name={name} label={label} error={errors[name]} {...extra} />
  );

  return (
    <div className="workspace__edit">
      <h1>{promotion ? promotion.name : 'New promotion'}</h1>
      {promotion ? (
        <p>
          Used by {promotion.usage.orderCount.toLocaleString('en-US')}{' '}
          {promotion.usage.orderCount === 1 ? 'order' : 'orders'}
          {promotion.usage.discountTotals.map((t) => ` · ${t.amount} ${t.currencyIsoCode}`).join('')}
        </p>
      ) : null}
      <FormAlert
        id="promotion-created"
        message={data.created ? 'The promotion has been created.' : null}
        tone="success"
      />
      <FormAlert id="promotion-error" message={saveResult?.formError} />
      <FormAlert
        id="promotion-saved"
        message={saveResult?.saved ? 'The promotion has been saved.' : null}
        tone="success"
      />
      <Form
        method="post"
        className="form"
        noValidate
        ref={formRef}
        key={promotion?.id ?? 'new'}
        aria-label={promotion ? `Edit ${promotion.name}` : 'New promotion'}
        onInput={check}
        onChange={check}
      >
        <p id="promotion-check" className={live ? 'field__error' : undefined} aria-live="polite">
          {live ?? ''}
        </p>
        {field('name', 'Name', { required: true, defaultValue: v.name, rule: promotionRule('name') })}
        <div className="field">
          <label htmlFor={`${F}-termsAndConditions`} className="field__label">
            Terms and conditions
          </label>
          <textarea
            id={`${F}-termsAndConditions`}
            name="termsAndConditions"
            className="field__input"
            rows={2}
            defaultValue={v.termsAndConditions}
          />
        </div>

        <fieldset className="workspace__book">
          <legend>Discount</legend>
          <div className="field">
            <label htmlFor={`${F}-discountType`} className="field__label">
              Discount type
            </label>
            <select
              id={`${F}-discountType`}
              name="discountType"
              className="field__input"
              value={discountType}
              onChange={(e) => setDiscountType(e.currentTarget.value as DiscountType)}
            >
              <option value="PercentOff">Percent off</option>
              <option value="AmountOff">Amount off</option>
              <option value="TieredPercentOff">Buy more, save more (percent by quantity)</option>
            </select>
          </div>
          {discountType === 'PercentOff'
            ? field('percent', 'Percent off', {
                defaultValue: v.percent,
                inputMode: 'decimal',
                hint: 'e.g. 10 or 12.5',
              })
            : null}
          {discountType === 'AmountOff'
            ? field('amount', 'Amount off', {
                defaultValue: v.amount,
                inputMode: 'decimal',
                hint: 'Per item, or once for the cart.',
              })
            : null}
          {discountType === 'TieredPercentOff' ? (
            <table className="orders__table">
              <caption>Tiers (the highest tier reached applies)</caption>
              <thead>
                <tr>
                  <th scope="col">From quantity</th>
                  <th scope="col">Percent off</th>
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: rowsFor(v.tiers.length, 3) }, (_, i) => (
                  <tr key={i}>
                    <td>
                      <input
                        className="field__input"
                        name={`tier-${i}-min`}
                        aria-label={`Tier ${i + 1} from quantity`}
                        aria-invalid={errors[`tier-${i}-min`] ? true : undefined}
                        inputMode="numeric"
                        defaultValue={v.tiers[i]?.minQuantity ?? ''}
                      />
                    </td>
                    <td>
                      <input
                        className="field__input"
                        name={`tier-${i}-percent`}
                        aria-label={`Tier ${i + 1} percent off`}
                        inputMode="decimal"
                        defaultValue={v.tiers[i]?.percent ?? ''}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <SelectField
            id={`${F}-target`}
            name="target"
            label="Applies to"
            defaultValue={v.target}
            options={[
              ['Item', 'Each qualifying item'],
              ['Cart', 'The cart (once)'],
            ]}
          />
        </fieldset>

        <fieldset className="workspace__book">
          <legend>Which products</legend>
          {field('products', 'Products', {
            defaultValue: data.products,
            hint: 'SKUs or product ids, separated by commas. Leave empty, with no category, for every product.',
          })}
          <div className="field">
            <label htmlFor={`${F}-categoryIds`} className="field__label">
              Categories
            </label>
            <select
              id={`${F}-categoryIds`}
              name="categoryIds"
              className="field__input"
              multiple
              size={6}
              defaultValue={v.categoryIds}
            >
              {data.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.path}
                </option>
              ))}
            </select>
          </div>
        </fieldset>

        <fieldset className="workspace__book">
          <legend>Who gets it</legend>
          {data.buyerGroups ? (
            <fieldset>
              <legend>Buyer groups (none ticked: everyone)</legend>
              {data.buyerGroups.map((g) => (
                <CheckField
                  key={g.id}
                  id={`${F}-group-${g.id}`}
                  name="buyerGroupIds"
                  value={g.id}
                  label={g.name}
                  defaultChecked={v.buyerGroupIds.includes(g.id)}
                />
              ))}
            </fieldset>
          ) : (
            field('buyerGroupIdsText', 'Buyer group ids', {
              defaultValue: v.buyerGroupIds.join(', '),
              hint: 'Separated by commas; empty for everyone.',
            })
          )}
          {field('accountIds', 'Account ids', {
            defaultValue: v.accountIds,
            hint: 'Separated by commas; empty for every account.',
          })}
        </fieldset>

        <fieldset className="workspace__book">
          <legend>When and how</legend>
          {field('startsAt', 'Starts (UTC)', { type: 'datetime-local', defaultValue: v.startsAt })}
          {field('endsAt', 'Ends (UTC)', { type: 'datetime-local', defaultValue: v.endsAt })}
          {field('priority', 'Priority', {
            defaultValue: v.priority,
            inputMode: 'numeric',
            required: true,
            rule: promotionRule('priority'),
            hint: 'Lower numbers apply first.',
          })}
          <SelectField
            id={`${F}-stacking`}
            name="stacking"
            label="Stacking"
            defaultValue={v.stacking}
            options={[
              ['Stackable', 'Stackable (combines with others)'],
              ['Exclusive', 'Exclusive (applies alone)'],
            ]}
          />
          <CheckField
            id={`${F}-oneTimeOnly`}
            name="oneTimeOnly"
            value="true"
            label="One-time purchases only (not subscriptions)"
            defaultChecked={v.oneTimeOnly}
          />
          <CheckField
            id={`${F}-isActive`}
            name="isActive"
            value="true"
            label="Switched on"
            defaultChecked={v.isActive}
          />
        </fieldset>

        <fieldset className="workspace__book">
          <legend>Coupon codes (none: applies automatically)</legend>
          <table className="orders__table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Usage limit (orders)</th>
                <th scope="col">Per customer (orders)</th>
                <th scope="col">Used</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rowsFor(v.coupons.length, 2) }, (_, i) => {
                const c = v.coupons[i];
                return (
                  <tr key={i}>
                    <td>
                      <input
                        className="field__input"
                        name={`coupon-${i}-code`}
                        aria-label={`Coupon ${i + 1} code`}
                        defaultValue={c?.code ?? ''}
                      />
                    </td>
                    <LimitCell
                      name={`coupon-${i}-maxUses`}
                      label={`Coupon ${i + 1} usage limit`}
                      value={c?.maxUses}
                      error={errors[`coupon-${i}-maxUses`]}
                    />
                    <LimitCell
                      name={`coupon-${i}-maxUsesPerCustomer`}
                      label={`Coupon ${i + 1} limit per customer`}
                      value={c?.maxUsesPerCustomer}
                      error={errors[`coupon-${i}-maxUsesPerCustomer`]}
                    />
                    <td>{c ? couponUse(c) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>

        <button type="submit" name="intent" value="save" className="btn btn--primary" aria-disabled={busy || undefined}>
          {promotion ? 'Save promotion' : 'Create promotion'}
        </button>

        <section aria-labelledby="trial-title" className="workspace__book">
          <h2 id="trial-title">Try it</h2>
          <p>
            A sample cart for a guest or a buyer account, priced as the storefront would price it for them, with this
            promotion as the form has it (saved or not) and, unless tried alone, the store’s other live promotions.
            Nothing is saved.
          </p>
          <FormAlert id="trial-error" message={tryResult?.formError} />
          <table className="orders__table">
            <caption>Sample cart</caption>
            <thead>
              <tr>
                <th scope="col">Product (SKU or id)</th>
                <th scope="col">Quantity</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: TRIAL_ROWS }, (_, i) => {
                const productError = errors[`line-${i}-product`];
                const quantityError = errors[`line-${i}-quantity`];
                return (
                  <tr key={i}>
                    <td>
                      <input
                        className="field__input"
                        name={`line-${i}-product`}
                        aria-label={`Sample line ${i + 1} product`}
                        aria-invalid={productError ? true : undefined}
                        aria-describedby={productError ? `line-${i}-product-error` : undefined}
                      />
                      {productError ? (
                        <p id={`line-${i}-product-error`} className="field__error">
                          {productError}
                        </p>
                      ) : null}
                    </td>
                    <td>
                      <input
                        className="field__input"
                        name={`line-${i}-quantity`}
                        aria-label={`Sample line ${i + 1} quantity`}
                        aria-invalid={quantityError ? true : undefined}
                        aria-describedby={quantityError ? `line-${i}-quantity-error` : undefined}
                        inputMode="numeric"
                        defaultValue="1"
                      />
                      {quantityError ? (
                        <p id={`line-${i}-quantity-error`} className="field__error">
                          {quantityError}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {field('trialAccount', 'Buyer account id', {
            hint: 'Empty: a guest. An account is priced with its buyer groups’ prices and promotions.',
          })}
          {field('trialCoupon', 'Coupon code typed in the cart', {
            hint: 'Empty: the promotion’s first code, if it has one.',
          })}
          <CheckField
            id={`${F}-alone`}
            name="alone"
            value="true"
            label="Try it alone (without the store’s other promotions)"
            defaultChecked={false}
          />
          <button
            type="submit"
            name="intent"
            value="try"
            className="btn btn--secondary"
            aria-disabled={busy || undefined}
          >
            Try it
          </button>
          {tryResult?.trial ? <PromotionTrialTable trial={tryResult.trial} /> : null}
        </section>
      </Form>
    </div>
  );
}

/** A coupon's limit field (a number of orders, blank = none) with its message. */
function LimitCell(p: { name: string; label: string; value: number | null | undefined; error: string | undefined }) {
  return (
    <td>
      <input
        className="field__input"
        name={p.name}
        aria-label={p.label}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${p.name}-error` : undefined}
        inputMode="numeric"
        defaultValue={p.value ?? ''}
      />
      {p.error ? (
        <p id={`${p.name}-error`} className="field__error">
          {p.error}
        </p>
      ) : null}
    </td>
  );
}
