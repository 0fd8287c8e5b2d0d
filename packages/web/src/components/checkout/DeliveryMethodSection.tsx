// Checkout step 3: a delivery method for each delivery group (datasets go by download; printed
// directories ship), each with its fee and estimate. Choosing one saves it at once.

import { useState } from 'react';
import type { CheckoutDeliveryGroup } from '@store/core';
import { CHECKOUT_TEXT, deliveryEstimate, feeText } from '../../lib/checkout/checkout-view.ts';
import type { ActionOutcome } from '../../lib/checkout/use-checkout.ts';
import { CheckoutSection } from './CheckoutSection.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';

export interface DeliveryMethodSectionProps {
  step: number;
  groups: CheckoutDeliveryGroup[];
  onChoose(deliveryMethodId: string): Promise<ActionOutcome>;
}

const groupTitle = (g: CheckoutDeliveryGroup, many: boolean) =>
  g.isAllDigitalCartItems ? 'Datasets' : many ? `Shipped items (${g.totalCartItemCount})` : 'Shipped items';

function GroupMethods({
  group,
  title,
  onChoose,
}: {
  group: CheckoutDeliveryGroup;
  title: string;
  onChoose(id: string): Promise<ActionOutcome>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selected = group.selectedDeliveryMethod?.id ?? null;
  async function choose(id: string) {
    if (busy || id === selected) return;
    setBusy(true);
    setError(null);
    const outcome = await onChoose(id);
    setBusy(false);
    if (!outcome.ok) setError(outcome.message ?? null);
  }
  return (
    <fieldset className="choice-list" aria-busy={busy || undefined}>
      <legend className="field__label">{title}</legend>
      <FormAlert id={`method-alert-${group.id}`} message={error} />
      {group.availableDeliveryMethods.length === 0 ? (
        <p className="checkout-note">
          {group.deliveryAddress
            ? 'No delivery method serves this address.'
            : 'Enter an address to see the delivery methods.'}
        </p>
      ) : null}
      {group.availableDeliveryMethods.map((m) => (
        <label key={m.id} className="choice">
          <input
            type="radio"
            name={`method-${group.id}`}
            value={m.id}
            checked={selected === m.id}
            onChange={() => void choose(m.id)}
          />
          <span className="choice__body">
            <span className="choice__title">
              {m.name} <span className="choice__fee">{feeText(m)}</span>
            </span>
            <span className="choice__hint">{deliveryEstimate(m)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function DeliveryMethodSection({ step, groups, onChoose }: DeliveryMethodSectionProps) {
  const live = groups.filter((g) => g.totalCartItemCount > 0);
  const shipped = live.filter((g) => !g.isAllDigitalCartItems).length;
  return (
    <CheckoutSection id="checkout-delivery" step={step} title={CHECKOUT_TEXT.delivery}>
      {live.map((g) => (
        <GroupMethods key={g.id} group={g} title={groupTitle(g, shipped > 1)} onChoose={onChoose} />
      ))}
    </CheckoutSection>
  );
}
