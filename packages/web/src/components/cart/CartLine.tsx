// One line of the cart page: the product (name linking to it, SKU), the unit price (list price struck
// through when higher), the quantity held to the product's purchase rule with the spec's messages, the
// line's promotions, its total and a remove button. Changes go to the /cart action through a fetcher,
// so the line shows its own busy state and its own error.

import { useState } from 'react';
import { useFetcher } from 'react-router';
import {
  checkQuantity,
  DEFAULT_QUANTITY_RULE,
  resolveQuantityRule,
  sellingModelTypeLabel,
  type CartItem,
} from '@store/core';
import { CART_PATH, productHref } from '../../lib/links.ts';
import { isDiscount, money, quantityText, unitPrices } from '../../lib/cart/cart-view.ts';
import type { CartActionResult } from '../../routes/types.ts';
import { AppLink } from '../ui/AppLink.tsx';
import { HiddenFields } from '../ui/HiddenFields.tsx';
import { ListSelectionNote } from './ListSelectionNote.tsx';

export interface CartLineProps {
  item: CartItem;
  cartId: string;
}

export function CartLine({ item, cartId }: CartLineProps) {
  const fetcher = useFetcher<CartActionResult>();
  const rule = resolveQuantityRule(item.productDetails?.purchaseQuantityRule);
  const saved = quantityText(item.quantity);
  const [quantity, setQuantity] = useState(saved);
  const [touched, setTouched] = useState(false);
  // A new quantity from the server (after an update or a reload) replaces what was typed.
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setQuantity(saved);
    setTouched(false);
  }

  const busy = fetcher.state !== 'idle';
  const check = checkQuantity(quantity, rule);
  const quantityMessage = touched ? check.message : null;
  const serverError =
    fetcher.data && !fetcher.data.ok && fetcher.state === 'idle' ? (fetcher.data.error ?? null) : null;
  const name = item.productDetails?.name || item.name;
  const sku = item.productDetails?.sku || item.productDetails?.fields?.StockKeepingUnit || null;
  const currency = item.currencyIsoCode;
  const unit = unitPrices(item);
  const adjustments = (item.adjustments ?? []).filter((a) => isDiscount(a.adjustmentAmount));
  const ids = `line-${item.cartItemId}`;
  const messageId = quantityMessage || serverError ? `${ids}-message` : undefined;

  return (
    <li
      className="cart-line"
      aria-labelledby={`${ids}-name`}
      aria-busy={busy || undefined}
      data-cart-item-id={item.cartItemId}
    >
      <div className="cart-line__product">
        <AppLink id={`${ids}-name`} href={productHref(item.productId)} className="cart-line__name">
          {name}
        </AppLink>
        {sku ? <p className="cart-line__sku">{`SKU: ${sku}`}</p> : null}
        {item.sellingModelType && item.sellingModelType !== 'OneTime' ? (
          <p className="cart-line__plan">{`Subscription: ${sellingModelTypeLabel(item.sellingModelType)}${item.subscriptionTerm ? `, ${item.subscriptionTerm} terms` : ''}`}</p>
        ) : null}
        <ListSelectionNote selection={item.listSelection} />
      </div>
      <p className="cart-line__unit">
        {unit.original ? (
          <s className="price__original">
            <span className="sr-only">Original price </span>
            {money(unit.original, currency)}
          </s>
        ) : null}
        <span className="cart-line__price">
          <span className="sr-only">Unit price </span>
          {money(unit.price, currency)}
        </span>
      </p>
      <fetcher.Form method="post" action={CART_PATH} className="cart-line__quantity" noValidate>
        <HiddenFields fields={{ intent: 'update', cartId, cartItemId: item.cartItemId }} />
        <label htmlFor={`${ids}-qty`}>Quantity</label>
        <input
          id={`${ids}-qty`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={rule.minimum}
          max={rule.maximum === DEFAULT_QUANTITY_RULE.maximum ? undefined : rule.maximum}
          step={rule.increment}
          required
          value={quantity}
          aria-invalid={quantityMessage ? true : undefined}
          aria-describedby={messageId}
          onChange={(e) => {
            setQuantity(e.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
        />
        <button
          type="submit"
          className="btn btn--secondary"
          disabled={!check.valid || quantity.trim() === saved}
          aria-disabled={busy || undefined}
        >
          Update
        </button>
      </fetcher.Form>
      {quantityMessage || serverError ? (
        <p id={messageId} className="field__error">
          {quantityMessage ?? serverError}
        </p>
      ) : null}
      {adjustments.length ? (
        <ul className="cart-line__promotions" aria-label="Promotions">
          {adjustments.map((a) => (
            <li key={a.promotionId}>{`${a.displayName}: ${money(a.adjustmentAmount, currency)}`}</li>
          ))}
        </ul>
      ) : null}
      <p className="cart-line__total">
        <span className="sr-only">Line total </span>
        {money(item.totalAmount, currency)}
      </p>
      <fetcher.Form method="post" action={CART_PATH} className="cart-line__remove">
        <HiddenFields fields={{ intent: 'remove', cartId, cartItemId: item.cartItemId }} />
        <button type="submit" className="btn btn--link" aria-label={`Remove ${name}`} aria-disabled={busy || undefined}>
          Remove
        </button>
      </fetcher.Form>
    </li>
  );
}
