// A set's products (issue 14): each with its price for this buyer, and "Add all to cart", which adds one
// of each in a single batch (carts/{id}/cart-items/batch) through the page's cart store, so the header
// badge follows. The set itself is not for sale (code 104 keeps its own Add to Cart off); the toast says
// what was added, and each line that was not says why (spec 03 §8's wording).

import { useState } from 'react';
import { ADD_TO_CART_MESSAGES, formatCurrency, type ProductComponent } from '@store/core';
import { useStoreApi } from '../../lib/api-context.tsx';
import { addToCartMessage } from '../../lib/cart/cart-errors.ts';
import {
  type ComponentAddResult,
  componentInputs,
  componentResults,
  componentsToast,
} from '../../lib/catalogue/product-components.ts';
import { datasetFacts } from '../../lib/catalogue/product-view.ts';
import { STORE_LOCALE } from '../../lib/catalogue/product-cards.ts';
import { productHref } from '../../lib/links.ts';
import { AppLink } from '../ui/AppLink.tsx';
import { useToast } from '../ui/Toast.tsx';
import { Spinner } from '../ui/Spinner.tsx';

export const SET_COMPONENTS_HEADING = 'In this set';
export const ADD_ALL_LABEL = 'Add all to cart';

function price(c: ProductComponent): string {
  const p = c.prices;
  return p?.unitPrice ? formatCurrency(p.unitPrice, p.currencyIsoCode, STORE_LOCALE) : 'Price Unavailable';
}

export function SetComponents({ components }: { components: ProductComponent[] | null }) {
  const api = useStoreApi();
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [results, setResults] = useState<ReadonlyMap<string, ComponentAddResult>>(new Map());

  async function addAll() {
    if (loading || !api || !components?.length) return;
    setLoading(true);
    try {
      const batch = await api.cart().addItems(componentInputs(components));
      const outcome = componentResults(components, batch);
      setResults(outcome);
      toast.show(componentsToast(components, outcome));
    } catch (error) {
      // The whole request failed (no cart for this shopper, the network): nothing was added.
      setResults(new Map());
      toast.show({ label: ADD_TO_CART_MESSAGES.errorTitle, message: addToCartMessage(error), variant: 'error' });
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="product-contents" aria-labelledby="set-components-title">
      <h2 id="set-components-title">{SET_COMPONENTS_HEADING}</h2>
      {components === null ? (
        <p>The products in this set could not be loaded. Reload the page to try again.</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void addAll();
          }}
        >
          <ul className="product-contents__list">
            {components.map((c) => {
              const count = datasetFacts(c).recordCount;
              const result = results.get(c.id);
              return (
                <li key={c.id} className="product-contents__item" data-product-id={c.id} data-state={result?.state}>
                  <AppLink href={productHref(c.id)}>{c.name}</AppLink>
                  {count ? <span className="product-contents__meta">{`${count} records`}</span> : null}
                  <span className="product-contents__price">{price(c)}</span>
                  {result ? (
                    <span className={`product-contents__result product-contents__result--${result.state}`}>
                      {result.state === 'added' ? 'Added to your cart' : `Not added: ${result.message}`}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <button
            type="submit"
            className="btn btn--primary btn--large"
            disabled={!components.length}
            aria-disabled={loading || undefined}
            aria-busy={loading || undefined}
          >
            {loading ? <Spinner label="Adding to cart" /> : null}
            {ADD_ALL_LABEL}
          </button>
        </form>
      )}
    </section>
  );
}
