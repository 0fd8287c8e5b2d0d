import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FORM_MESSAGES, type AdminOrderDetail } from '@store/core';
import { leftToRefund, OTHER_CARRIER, refundAmount, refundSelection, shipInput } from './order-forms.ts';

type Line = { id: string; total: string; adjust: string; tax: string };
/** The fields of an order the refund arithmetic reads; the rest of the seller's view is not needed. */
const orderOf = (o: { taxType: 'Net' | 'Gross'; adjust: string; grand: string; refunded: string; lines: Line[] }) =>
  ({
    taxType: o.taxType,
    totalAdjustmentAmount: o.adjust,
    grandTotalAmount: o.grand,
    totalRefundedAmount: o.refunded,
    status: 'Activated',
    lines: o.lines.map((l) => ({
      orderItemId: l.id,
      totalPrice: l.total,
      totalAdjustmentAmount: l.adjust,
      totalTax: l.tax,
      status: 'Active',
    })),
  }) as unknown as AdminOrderDetail;

describe('the refund the confirmation shows', () => {
  it('gives a line its total, its share of the order’s promotion and (Net) its tax', () => {
    // Order promotion: -20.00 in all, -5.00 of it the second line's own, so -15.00 is shared 100:50.
    const order = orderOf({
      taxType: 'Net',
      adjust: '-20.00',
      grand: '157.00',
      refunded: '0.00',
      lines: [
        { id: 'a', total: '100.00', adjust: '0.00', tax: '8.00' },
        { id: 'b', total: '50.00', adjust: '-5.00', tax: '4.00' },
      ],
    });
    assert.equal(refundAmount(order, ['a']), '98.00');
    assert.equal(refundAmount(order, ['b']), '49.00');
    assert.equal(refundAmount(order, ['a', 'b']), '147.00');
    // The whole order: what is left, delivery included (157.00 − nothing refunded yet).
    assert.equal(refundAmount(order, 'whole'), '157.00');
  });

  it('shares a promotion’s odd cents so the lines add up to it exactly, and a Gross store adds no tax', () => {
    const order = orderOf({
      taxType: 'Gross',
      adjust: '-0.10',
      grand: '29.90',
      refunded: '9.96',
      lines: ['a', 'b', 'c'].map((id) => ({ id, total: '10.00', adjust: '0.00', tax: '1.67' })),
    });
    assert.deepEqual(
      ['a', 'b', 'c'].map((id) => refundAmount(order, [id])),
      ['9.96', '9.97', '9.97'],
    );
    assert.equal(refundAmount(order, ['a', 'b', 'c']), '29.90');
    assert.equal(leftToRefund(order), '19.94');
    assert.equal(refundAmount(order, 'whole'), '19.94');
  });
});

describe('the refund form’s choice', () => {
  const form = (entries: Array<[string, string]>) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };
  it('is the lines ticked, the whole order when that is ticked, and the choice-set message when nothing is', () => {
    assert.deepEqual(
      refundSelection(
        form([
          ['line', 'a'],
          ['line', 'b'],
        ]),
      ),
      { selection: ['a', 'b'] },
    );
    assert.deepEqual(
      refundSelection(
        form([
          ['line', 'a'],
          ['scope', 'whole'],
        ]),
      ),
      { selection: 'whole' },
    );
    assert.deepEqual(refundSelection(form([])), { error: FORM_MESSAGES.selectAtLeastOne });
  });
});

describe('the ship form', () => {
  it('checks the number against the chosen carrier’s format', () => {
    const fedex = shipInput({ carrier: 'FedEx', otherCarrier: '', trackingNumber: '12345' });
    assert.deepEqual(fedex.errors, { trackingNumber: 'A FedEx tracking number is 12, 15, 20 or 22 digits.' });
    assert.deepEqual(shipInput({ carrier: 'UPS', otherCarrier: '', trackingNumber: ' ' }).errors, {
      trackingNumber: FORM_MESSAGES.valueMissing,
    });
    assert.deepEqual(shipInput({ carrier: 'FedEx', otherCarrier: '', trackingNumber: ' 1234 5678 9012 ' }).input, {
      carrier: 'FedEx',
      trackingNumber: '1234 5678 9012',
    });
  });

  it('takes another carrier by its name, which is then required and checked', () => {
    assert.deepEqual(shipInput({ carrier: OTHER_CARRIER, otherCarrier: '', trackingNumber: 'AB123456' }).errors, {
      otherCarrier: FORM_MESSAGES.valueMissing,
    });
    assert.deepEqual(
      shipInput({ carrier: OTHER_CARRIER, otherCarrier: ' Parcelforce ', trackingNumber: 'AB123456' }).input,
      { carrier: 'Parcelforce', trackingNumber: 'AB123456' },
    );
    assert.match(
      shipInput({ carrier: OTHER_CARRIER, otherCarrier: 'X', trackingNumber: 'AB123456' }).errors?.otherCarrier ?? '',
      /^Enter the carrier’s name/,
    );
    assert.equal(
      shipInput({ carrier: 'Pigeon<post>', otherCarrier: '', trackingNumber: 'AB123456' }).errors?.carrier,
      FORM_MESSAGES.selectAtLeastOne,
    );
  });
});
