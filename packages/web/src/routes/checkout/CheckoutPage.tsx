// The checkout (/checkout), one page in steps: contact details (guests), delivery address, delivery
// method per group, payment, review with coupons and totals, and "Place order". The server render shows
// a loading shell; the checkout is started in the browser once hydrated (lib/use-checkout.ts). A guest
// where the store does not allow guest checkout is asked to log in instead.

import type { ReactNode } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { PlaceOrderResult } from '@store/core';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { CheckoutReview } from '../../components/checkout/CheckoutReview.tsx';
import { ContactDetailsSection } from '../../components/checkout/ContactDetailsSection.tsx';
import { DeliveryAddressSection } from '../../components/checkout/DeliveryAddressSection.tsx';
import { DeliveryMethodSection } from '../../components/checkout/DeliveryMethodSection.tsx';
import { PaymentSection } from '../../components/checkout/PaymentSection.tsx';
import { useStoreApi } from '../../lib/api-context.tsx';
import { CHECKOUT_PATH, CHECKOUT_TEXT, checkoutAddress, orderHref } from '../../lib/checkout/checkout-view.ts';
import { CART_PATH } from '../../lib/links.ts';
import { loginHref } from '../../lib/account/return-url.ts';
import { useCheckout } from '../../lib/checkout/use-checkout.ts';
import type { CheckoutPageData } from '../types.ts';

function LoginPrompt() {
  return (
    <div className="checkout-login" role="status">
      <p>{CHECKOUT_TEXT.loginPrompt}</p>
      <p>
        <AppLink href={loginHref(CHECKOUT_PATH)} className="btn btn--primary">
          Log in to check out
        </AppLink>
      </p>
    </div>
  );
}

export function CheckoutPage({ data }: { data: CheckoutPageData }) {
  const api = useStoreApi();
  const navigate = useNavigate();
  const allowed = !data.isGuest || data.guestCheckoutEnabled;
  const model = useCheckout(api, allowed);
  const { phase, checkout } = model;

  const placed = (result: PlaceOrderResult) => {
    void navigate(orderHref(result.orderSummaryId, true));
  };

  let body: ReactNode;
  if (!allowed || phase.kind === 'login') body = <LoginPrompt />;
  else if (phase.kind === 'loading' || !checkout) {
    body =
      phase.kind === 'empty' ? (
        <div className="cart__empty">
          <p>{phase.message}</p>
          <p>
            <AppLink href="/">{CHECKOUT_TEXT.browse}</AppLink>
          </p>
        </div>
      ) : phase.kind === 'failed' ? (
        <div className="cart__error" role="alert">
          <p>{phase.message}</p>
          <p>
            <button type="button" className="btn btn--secondary" onClick={() => void model.reload()}>
              {CHECKOUT_TEXT.retry}
            </button>
          </p>
        </div>
      ) : (
        <p className="checkout__loading" role="status">
          {CHECKOUT_TEXT.loading}
        </p>
      );
  } else {
    const groups = checkout.deliveryGroups.items.filter((g) => g.totalCartItemCount > 0);
    const address = checkoutAddress(checkout);
    let step = 0;
    body = (
      <div className="checkout__layout" data-checkout-id={checkout.checkoutId}>
        <div className="checkout__steps">
          <ContactDetailsSection
            step={++step}
            contact={checkout.contactInfo}
            isGuest={checkout.isGuestCheckout}
            country={address?.country ?? data.storeCountry}
            onSave={(contactInfo) => model.update({ contactInfo })}
          />
          <DeliveryAddressSection
            step={++step}
            address={address}
            isGuest={checkout.isGuestCheckout}
            countries={data.shippingCountries}
            storeCountry={data.storeCountry}
            allDigital={groups.length > 0 && groups.every((g) => g.isAllDigitalCartItems)}
            onUse={(deliveryAddress) => model.update({ deliveryAddress })}
          />
          <DeliveryMethodSection
            step={++step}
            groups={groups}
            onChoose={(deliveryMethodId) => model.update({ deliveryMethodId })}
          />
          <PaymentSection
            step={++step}
            payment={checkout.payment}
            canUsePurchaseOrder={data.canUsePurchaseOrder}
            billingAddress={address}
            onPay={model.pay}
          />
        </div>
        <div className="checkout__aside">
          <CheckoutReview
            step={++step}
            checkout={checkout}
            lines={model.lines}
            coupons={model.coupons}
            problems={model.problems}
            onApplyCoupon={model.applyCoupon}
            onRemoveCoupon={model.removeCoupon}
            onPlace={model.placeOrder}
            onPlaced={placed}
          />
        </div>
      </div>
    );
  }

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{CHECKOUT_TEXT.title}</h1>
      <p className="checkout__back">
        <AppLink href={CART_PATH}>Back to cart</AppLink>
      </p>
      {body}
    </section>
  );
}

export function CheckoutRoute() {
  return <CheckoutPage data={useLoaderData() as CheckoutPageData} />;
}
