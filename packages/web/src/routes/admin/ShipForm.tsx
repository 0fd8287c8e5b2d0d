// "Mark shipped" for one delivery group: the carrier (the common ones, or another named by the seller) and
// the tracking number, checked as the seller types against the chosen carrier's format (core
// shipment-tracking); the server's refusal shows at the form.

import { CARRIER_NAMES, type OrderDeliveryGroupView } from '@store/core';
import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { OrderActionResult } from './order-action.ts';
import { carrierOf, OTHER_CARRIER, otherCarrierRule, trackingHint, trackingRule } from './order-forms.ts';

export function ShipForm({
  group,
  result,
  busy,
}: {
  group: OrderDeliveryGroupView;
  /** The last ship result, when it was this group's (its refusal is shown by the group, which outlives the form). */
  result?: OrderActionResult;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = `ship-${group.id}`;
  useFormResultFocus(result, formRef, `${prefix}-error`);
  const [choice, setChoice] = useState(result?.values?.carrier || CARRIER_NAMES[0]!);
  const [other, setOther] = useState(result?.values?.otherCarrier ?? '');
  const [tracking, setTracking] = useState(result?.values?.trackingNumber ?? '');
  const carrier = carrierOf(choice, other);
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="form" noValidate ref={formRef} aria-label={`Mark ${group.name} shipped`}>
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="groupId" value={group.id} />
      <div className="field">
        <label htmlFor={`${prefix}-carrier`} className="field__label">
          Carrier
        </label>
        <select
          id={`${prefix}-carrier`}
          name="carrier"
          className="field__input"
          value={choice}
          onChange={(e) => setChoice(e.currentTarget.value)}
        >
          {CARRIER_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={OTHER_CARRIER}>Another carrier…</option>
        </select>
      </div>
      {choice === OTHER_CARRIER ? (
        <TextField
          form={prefix}
          name="otherCarrier"
          label="Carrier’s name"
          required
          defaultValue={other}
          error={errors.otherCarrier}
          rule={otherCarrierRule}
          onChange={(e) => setOther(e.currentTarget.value)}
        />
      ) : null}
      <TextField
        // Another carrier, another rule: the field starts over (keeping what was typed) with that carrier's format.
        key={carrier}
        form={prefix}
        name="trackingNumber"
        label="Tracking number"
        required
        autoComplete="off"
        defaultValue={tracking}
        onChange={(e) => setTracking(e.currentTarget.value)}
        error={errors.trackingNumber}
        hint={trackingHint(carrier)}
        rule={trackingRule(carrier)}
      />
      <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
        Mark shipped
      </button>
    </Form>
  );
}
