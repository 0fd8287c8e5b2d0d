// The cart page (/cart): its lines, coupons, promotions and totals; the empty and error states; and a
// busy state while the server runs an asynchronous operation on the cart, which the page polls (spec
// 02 §4) before reloading its data. Rendered on the server from the route loader, interactive once
// hydrated (line and coupon changes go to the route's action, cart-route.tsx).

import { RecommendationStrip } from '../../components/signals/RecommendationStrip.tsx';
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { CartItemCollection, CartItemResult } from '@store/core';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { CartLine } from '../../components/cart/CartLine.tsx';
import { CartTotals } from '../../components/cart/CartTotals.tsx';
import { CouponForm } from '../../components/cart/CouponForm.tsx';
import { GiftOptionsForm } from '../../components/cart/GiftOptionsForm.tsx';
import { useStoreApi } from '../../lib/api-context.tsx';
import { CART_ITEMS_QUERY, CART_TEXT, cartLevelPromotions, couponsOf, hasMorePages } from '../../lib/cart/cart-view.ts';
import { CART_PATH } from '../../lib/links.ts';
import { CHECKOUT_PATH } from '../../lib/checkout/checkout-view.ts';
import { loginHref } from '../../lib/account/return-url.ts';
import { useCartState } from '../../lib/cart/use-cart.ts';
import type { CartData } from '../types.ts';

/** Waits for the server's asynchronous operation to end (polling the summary), then reloads the page's data. */
function useSettleProcessing(processing: boolean): { slow: boolean } {
  const api = useStoreApi();
  const revalidator = useRevalidator();
  const [slow, setSlow] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: not on the revalidator: it changes identity with its state, and polling must not restart for that
  useEffect(() => {
    if (!processing || !api) return;
    let live = true;
    const store = api.cart();
    void store.load().then(() => {
      if (!live) return;
      // Past the poll limit: say so rather than poll again forever.
      if (store.getState().status === 'error') setSlow(true);
      else void revalidator.revalidate();
    });
    return () => {
      live = false;
    };
    // Not on the revalidator: it changes identity with its state, and polling must not restart for that.
  }, [processing, api]);
  return { slow };
}

/** Lines past the first page, loaded on request ("load more items", spec 03 §7). */
function useMoreLines(cart: CartItemCollection | null) {
  const api = useStoreApi();
  const [extra, setExtra] = useState<{ for: CartItemCollection | null; page: number; lines: CartItemResult[] }>({
    for: cart,
    page: 1,
    lines: [],
  });
  const current = extra.for === cart ? extra : { for: cart, page: cart?.currentPage ?? 1, lines: [] };
  const [loading, setLoading] = useState(false);
  async function loadMore() {
    if (!api || !cart || loading) return;
    setLoading(true);
    try {
      const next = await api.client.getCartItems(cart.cartSummary.cartId!, {
        ...CART_ITEMS_QUERY,
        pageNumber: current.page + 1,
      });
      setExtra({ for: cart, page: next.currentPage, lines: [...current.lines, ...next.cartItems] });
    } catch {
      // The button stays for another try.
    } finally {
      setLoading(false);
    }
  }
  return { lines: current.lines, more: cart ? hasMorePages(current.page, cart) : false, loading, loadMore };
}

function EmptyCart() {
  return (
    <div className="cart__empty">
      <p>{CART_TEXT.empty}</p>
      <p>
        <AppLink href="/">{CART_TEXT.browse}</AppLink>
      </p>
    </div>
  );
}

function CartError({ status }: { status: number | null }) {
  return (
    <div className="cart__error" role="alert">
      <p>{CART_TEXT.error}</p>
      {status === 401 ? (
        <p>
          {`${CART_TEXT.loginRequired} `}
          <AppLink href={loginHref(CART_PATH)}>Log in</AppLink>
        </p>
      ) : (
        <p>
          <a href={CART_PATH}>{CART_TEXT.retry}</a>
        </p>
      )}
    </div>
  );
}

export function CartPage({ data }: { data: CartData }) {
  const cart = data.kind === 'cart' ? data.cart : null;
  const serverProcessing = data.kind === 'processing' || cart?.cartSummary.asyncOperationStatus === 'Processing';
  const { slow } = useSettleProcessing(serverProcessing);
  const store = useStoreApi()?.cart() ?? null;
  const { processing: acting } = useCartState(store);
  const more = useMoreLines(cart);
  const busy = serverProcessing || acting;

  return (
    <section className="cart" aria-labelledby="cart-title" aria-busy={busy || undefined}>
      <h1 id="cart-title">{CART_TEXT.title}</h1>
      {serverProcessing ? (
        <p className="cart__processing" role="status">
          {slow ? CART_TEXT.slow : CART_TEXT.processing}
        </p>
      ) : null}
      {data.kind === 'empty' ? <EmptyCart /> : null}
      {data.kind === 'error' ? <CartError status={data.status} /> : null}
      {cart ? (
        <div className="cart__layout">
          <div className="cart__lines">
            <ul className="cart__list" aria-label="Items in your cart">
              {[...cart.cartItems, ...more.lines].map(({ cartItem }) => (
                <CartLine key={cartItem.cartItemId} item={cartItem} cartId={cart.cartSummary.cartId!} />
              ))}
            </ul>
            {more.more ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void more.loadMore()}
                aria-disabled={more.loading || undefined}
              >
                {CART_TEXT.more}
              </button>
            ) : null}
          </div>
          <div className="cart__aside">
            <CouponForm cartId={cart.cartSummary.cartId!} coupons={couponsOf(cart)} />
            {data.kind === 'cart' && data.gift ? (
              <GiftOptionsForm
                cartId={cart.cartSummary.cartId!}
                offer={data.gift}
                chosen={cart.cartSummary.giftOptions}
              />
            ) : null}
            <CartTotals summary={cart.cartSummary} cartPromotions={cartLevelPromotions(cart)} />
            <AppLink
              href={CHECKOUT_PATH}
              className="btn btn--primary btn--large btn--stretch"
              aria-disabled={busy || undefined}
            >
              Checkout
            </AppLink>
          </div>
        </div>
      ) : null}
      {data.kind === 'cart' && data.recommendations ? (
        <RecommendationStrip strip={data.recommendations} title="Complete your purchase" />
      ) : null}
    </section>
  );
}

export function CartRoute() {
  return <CartPage data={useLoaderData() as CartData} />;
}
