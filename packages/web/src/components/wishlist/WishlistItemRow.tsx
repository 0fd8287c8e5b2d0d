// One product on the lists page (issue 17 item 2): image, name linking to the product, SKU, the current
// price for the effective account (list price struck through when higher), why it can't be bought when
// it can't, and two buttons: "Move to cart" (added at the product's minimum quantity, then taken off the
// list) and "Remove". Each sends the lists page's action through its own fetcher, so the row shows its
// own busy state and its own error.

import { useFetcher } from 'react-router';
import { resolveQuantityRule, WISHLIST_ITEM_ERROR_CODES, type WishlistItem } from '@store/core';
import { productHref } from '../../lib/links.ts';
import { itemPrices } from '../../lib/wishlist/wishlist-view.ts';
import { LISTS_PATH } from '../../lib/account/account-nav.ts';
import type { ListsActionResult } from '../../routes/wishlist/lists-data.ts';
import { AppLink } from '../ui/AppLink.tsx';
import { HiddenFields } from '../ui/HiddenFields.tsx';
import { ProductImage } from '../ui/ProductImage.tsx';

export function WishlistItemRow({ item, wishlistId }: { item: WishlistItem; wishlistId: string }) {
  const fetcher = useFetcher<ListsActionResult>();
  const busy = fetcher.state !== 'idle';
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const product = item.productSummary;
  const name = product?.name || item.productId;
  const { price, original } = itemPrices(item);
  const image = product?.thumbnailImage?.url ?? null;
  const ids = `wishlist-item-${item.wishlistItemId}`;
  const gone = item.error?.errorCode === WISHLIST_ITEM_ERROR_CODES.productUnavailable;
  const ruleMinimum = resolveQuantityRule(product?.purchaseQuantityRule).minimum;
  const base = { wishlistId, wishlistItemId: item.wishlistItemId };
  return (
    <li
      className="wishlist-item"
      aria-labelledby={`${ids}-name`}
      aria-busy={busy || undefined}
      data-wishlist-item-id={item.wishlistItemId}
    >
      {image ? (
        <ProductImage url={image} alt="" layout="thumbnail" width={64} height={48} className="wishlist-item__image" />
      ) : null}
      <div className="wishlist-item__product">
        {gone ? (
          // Its page would be a 404 for this account: the name it had, without a link.
          <span id={`${ids}-name`} className="wishlist-item__name">
            {name}
          </span>
        ) : (
          <AppLink id={`${ids}-name`} href={productHref(item.productId)} className="wishlist-item__name">
            {name}
          </AppLink>
        )}
        {product?.sku ? <p className="wishlist-item__sku">{`SKU: ${product.sku}`}</p> : null}
        {item.error ? <p className="wishlist-item__error">{item.error.message}</p> : null}
      </div>
      <p className="wishlist-item__price">
        {price ? (
          <>
            {original ? (
              <s className="price__original">
                <span className="sr-only">Original price </span>
                {original}
              </s>
            ) : null}{' '}
            {price}
          </>
        ) : (
          'Price Unavailable'
        )}
      </p>
      <div className="wishlist-item__actions">
        <fetcher.Form method="post" action={LISTS_PATH}>
          <HiddenFields
            fields={{
              ...base,
              intent: 'move-item',
              productId: item.productId,
              quantity: ruleMinimum,
              productClass: product?.productClass ?? '',
            }}
          />
          <button
            type="submit"
            className="btn btn--primary"
            disabled={item.error !== null}
            aria-describedby={failed ? `${ids}-failed` : undefined}
            aria-disabled={busy || undefined}
            aria-label={`Move to cart: ${name}`}
          >
            Move to cart
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action={LISTS_PATH}>
          <HiddenFields fields={{ ...base, intent: 'remove-item' }} />
          <button
            type="submit"
            className="btn btn--secondary"
            aria-disabled={busy || undefined}
            aria-label={`Remove: ${name}`}
          >
            Remove
          </button>
        </fetcher.Form>
      </div>
      {failed ? (
        <p id={`${ids}-failed`} className="wishlist-item__failed" role="alert">
          {`Not moved: ${failed}`}
        </p>
      ) : null}
    </li>
  );
}
