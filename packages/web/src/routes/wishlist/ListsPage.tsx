// My lists (/account/lists, issue 17 item 2): the effective account's lists, newest first, to choose
// from; the one on show with its products (paged), rename, delete, move all to the cart; a form to
// create a list; empty states for an account without lists and for an empty list. After every load the
// wishlist store takes the fresh lists, so the header's "Lists" count and the add-to-list controls agree.

import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { DeleteListButton, NewListForm, RenameListForm } from '../../components/wishlist/ListForms.tsx';
import { MoveListToCart } from '../../components/wishlist/MoveListToCart.tsx';
import { WishlistItemRow } from '../../components/wishlist/WishlistItemRow.tsx';
import { useWishlistStore } from '../../lib/wishlist/use-wishlists.ts';
import { productCountText } from '../../lib/wishlist/wishlist-view.ts';
import type { ListsPageData } from './lists-data.ts';
import { listHref } from './list-href.ts';

export const LISTS_TITLE = 'My lists';

export function ListsPage({ data }: { data: ListsPageData }) {
  const store = useWishlistStore();
  useEffect(() => {
    if (store && !data.error) store.replace(data.summaries);
  }, [store, data]);

  const shown = data.shown;
  return (
    <div className="lists-page">
      <h1>{LISTS_TITLE}</h1>
      {data.accountName ? <p className="lists-page__account">{`Lists of ${data.accountName}`}</p> : null}
      {data.error ? (
        <p className="form-alert form-alert--error" role="alert">
          We could not load your lists. Reload the page to try again.
        </p>
      ) : (
        <div className="lists-page__layout">
          <section aria-labelledby="lists-title" className="lists-page__lists">
            <h2 id="lists-title">Your lists</h2>
            {data.missingList ? (
              <p className="notice" role="status">
                That list is not one of this account’s lists. Here are the account’s own.
              </p>
            ) : null}
            {data.summaries.length ? (
              <nav aria-labelledby="lists-title">
                <ul className="lists-page__choices">
                  {data.summaries.map((s) => (
                    <li key={s.id}>
                      <AppLink href={listHref(s.id)} aria-current={s.id === shown?.summary.id ? 'page' : undefined}>
                        {s.name}
                        <span className="lists-page__count">{` (${productCountText(s.wishlistProductCount)})`}</span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : (
              <p className="lists-page__empty">
                You have no lists yet. Use “Add to list” on a product to start “My List”, or create a list here.
              </p>
            )}
            <NewListForm />
          </section>
          {shown ? <ShownList list={shown} /> : null}
        </div>
      )}
    </div>
  );
}

function ShownList({ list }: { list: NonNullable<ListsPageData['shown']> }) {
  const { summary, page } = list;
  const pager =
    page.previousPageToken || page.nextPageToken ? (
      <nav className="pager" aria-label="Pages of this list">
        {page.previousPageToken ? (
          <AppLink href={listHref(summary.id, page.previousPageToken)} rel="prev">
            Previous page
          </AppLink>
        ) : null}
        {page.nextPageToken ? (
          <AppLink href={listHref(summary.id, page.nextPageToken)} rel="next">
            Next page
          </AppLink>
        ) : null}
      </nav>
    ) : null;
  return (
    <section aria-labelledby="shown-list-title" className="lists-page__shown" data-wishlist-id={summary.id}>
      <h2 id="shown-list-title">{summary.name}</h2>
      <p className="lists-page__count">{productCountText(summary.wishlistProductCount)}</p>
      <div className="lists-page__tools">
        <RenameListForm list={summary} />
        <DeleteListButton list={summary} />
      </div>
      <MoveListToCart list={summary} />
      {page.items.length ? (
        <ul className="wishlist-items" aria-label={`Products on ${summary.name}`}>
          {page.items.map((item) => (
            <WishlistItemRow key={item.wishlistItemId} item={item} wishlistId={summary.id} />
          ))}
        </ul>
      ) : (
        <p className="lists-page__empty">This list is empty. Use “Add to list” on any product to save it here.</p>
      )}
      {pager}
    </section>
  );
}

export function ListsRoute() {
  return <ListsPage data={useLoaderData() as ListsPageData} />;
}
