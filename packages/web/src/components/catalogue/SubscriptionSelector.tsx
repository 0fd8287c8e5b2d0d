// The subscription selector (spec 03 §4, §5 "Subscription selector", §9): a purchase type (one-time,
// auto-renew, term-defined) and a detail (billing or term) for products sold by more than one selling
// model. The rules are core's (selling-model.ts); this renders them and announces each change with a
// `subscriptionchanged` event carrying {productSellingModelId, subscriptionTerm}, as the platform's
// component does, besides telling its parent through onChange.

import { useId, useRef, useState } from 'react';
import {
  changeSubscriptionDetail,
  changeSubscriptionType,
  createSubscriptionSelector,
  subscriptionSelectorView,
  type SelectorChange,
  type SellingModelLike,
  type SellingModelSelection,
  type SellingModelType,
} from '@store/core';

export const SUBSCRIPTION_CHANGED_EVENT = 'subscriptionchanged';

/** The event's detail (spec 03 §3 "Subscription-changed event payload"). */
export interface SubscriptionChangedDetail {
  productSellingModelId: string;
  subscriptionTerm?: number;
}

export interface SubscriptionSelectorProps {
  models: readonly SellingModelLike[];
  /** The selection to show first; without one the first type and its first detail are picked. */
  current?: SellingModelSelection | null;
  /** Shown, not changeable, and nothing is announced. */
  readOnly?: boolean;
  onChange?: (selection: SellingModelSelection) => void;
}

/** Our wording: what the detail of each type is about (the spec names no labels). */
const DETAIL_LABELS: Readonly<Record<SellingModelType, string>> = {
  OneTime: 'Option',
  Evergreen: 'Billing',
  TermDefined: 'Term',
};

export function SubscriptionSelector({ models, current, readOnly = false, onChange }: SubscriptionSelectorProps) {
  const id = useId();
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const [state, setState] = useState(() => createSubscriptionSelector(models, { current, readOnly }));
  const view = subscriptionSelectorView(state);
  if (!view.typeOptions.length) return null;

  function apply(change: SelectorChange) {
    setState(change.state);
    const selection = change.announcement;
    if (!selection) return; // read-only, or no model id found: nothing is announced (spec 03 §4)
    const detail: SubscriptionChangedDetail = {
      productSellingModelId: selection.productSellingModelId,
      subscriptionTerm: selection.subscriptionTerm,
    };
    rootRef.current?.dispatchEvent(
      new CustomEvent(SUBSCRIPTION_CHANGED_EVENT, { detail, bubbles: true, composed: true }),
    );
    onChange?.(selection);
  }

  const detailLabel = view.selectedType ? DETAIL_LABELS[view.selectedType] : DETAIL_LABELS.OneTime;
  return (
    <fieldset ref={rootRef} className="subscription" disabled={readOnly}>
      <legend className="subscription__legend">Purchase options</legend>
      {view.showTypeSelector ? (
        <label className="subscription__field" htmlFor={`${id}-type`}>
          Purchase type
          <select
            id={`${id}-type`}
            name="sellingModelType"
            value={view.selectedType ?? ''}
            onChange={(e) => apply(changeSubscriptionType(state, e.target.value))}
          >
            {view.typeOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {view.showDetailSelector ? (
        <label className="subscription__field" htmlFor={`${id}-detail`}>
          {detailLabel}
          <select
            id={`${id}-detail`}
            name="sellingModel"
            value={view.selectedDetail ?? ''}
            onChange={(e) => apply(changeSubscriptionDetail(state, e.target.value))}
          >
            {view.detailOptions.map((o) => (
              <option key={o.value} value={o.value} title={o.description}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ) : view.detailAsText ? (
        <p className="subscription__text">{view.detailText}</p>
      ) : null}
    </fieldset>
  );
}
