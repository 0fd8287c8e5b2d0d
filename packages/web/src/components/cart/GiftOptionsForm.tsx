// The cart's gift options (issue 14): gift wrap for the printed directories, with its price, and a gift
// message (with the name the card is addressed to) when the store allows one. Saved through the cart route's action; the server's refusal is shown
// under the form. The totals show the wrap's price once it is chosen (CartTotals).
import { useFetcher } from 'react-router';
import { GIFT_MESSAGE_MAX, GIFT_TO_NAME_MAX, type GiftOptions } from '@store/core';
import { money } from '../../lib/cart/cart-view.ts';
import type { GiftOffer } from '../../lib/cart/gift.ts';
import { CART_PATH } from '../../lib/links.ts';
import type { CartActionResult } from '../../routes/types.ts';

export interface GiftOptionsFormProps {
  cartId: string;
  offer: GiftOffer;
  chosen: GiftOptions;
}

export function GiftOptionsForm({ cartId, offer, chosen }: GiftOptionsFormProps) {
  const fetcher = useFetcher<CartActionResult>({ key: 'gift-options' });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <section className="gift-options" aria-labelledby="gift-options-title">
      <h2 id="gift-options-title" className="coupons__title">
        Gift options
      </h2>
      <fetcher.Form method="post" action={CART_PATH} className="gift-options__form" noValidate>
        <input type="hidden" name="intent" value="gift-options" />
        <input type="hidden" name="cartId" value={cartId} />
        {offer.wrap ? (
          <div className="field field--checkbox">
            <input type="hidden" name="wrapShown" value="1" />
            <input type="checkbox" id="gift-wrap" name="giftWrap" value="true" defaultChecked={chosen.giftWrap} />
            <label htmlFor="gift-wrap">{`${offer.wrap.name} (${money(offer.wrap.price, offer.wrap.currency)})`}</label>
          </div>
        ) : null}
        {offer.wrapError ? (
          <p className="field__error" role="alert">
            {offer.wrapError}
          </p>
        ) : null}
        {offer.message ? (
          <div className="field">
            <label htmlFor="gift-to-name" className="field__label">
              Gift card to
            </label>
            <input
              id="gift-to-name"
              name="giftToName"
              className="field__input"
              maxLength={GIFT_TO_NAME_MAX}
              autoComplete="off"
              defaultValue={chosen.giftToName ?? ''}
            />
          </div>
        ) : null}
        {offer.message ? (
          <div className="field">
            <label htmlFor="gift-message" className="field__label">
              Gift message
            </label>
            <textarea
              id="gift-message"
              name="giftMessage"
              className="field__input"
              rows={3}
              maxLength={GIFT_MESSAGE_MAX}
              defaultValue={chosen.giftMessage ?? ''}
              aria-describedby="gift-message-hint"
            />
            <p id="gift-message-hint" className="field__hint">{`Up to ${GIFT_MESSAGE_MAX} characters.`}</p>
          </div>
        ) : null}
        {offer.wrap || offer.message ? (
          <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
            Save gift options
          </button>
        ) : null}
        {result && !result.ok ? (
          <p className="field__error" role="alert">
            {result.error}
          </p>
        ) : null}
        {result?.ok ? <p role="status">Gift options saved.</p> : null}
      </fetcher.Form>
    </section>
  );
}
