// "Move all to cart" on the lists page (issue 17 item 2): add-wishlist-to-cart through the page's
// action; what went in leaves the list, and each line that could not be added is listed here with its
// reason (and stays on the list). A toast sums it up.

import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { WishlistSummary } from '@store/core';
import { moveListToast } from '../../lib/wishlist/move-outcome.ts';
import { LISTS_PATH } from '../../lib/account/account-nav.ts';
import type { ListsActionResult } from '../../routes/wishlist/lists-data.ts';
import { useToast } from '../ui/Toast.tsx';
import { Spinner } from '../ui/Spinner.tsx';

export const MOVE_ALL_LABEL = 'Move all to cart';

export function MoveListToCart({ list }: { list: WishlistSummary }) {
  const fetcher = useFetcher<ListsActionResult>();
  const toast = useToast();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' && fetcher.data?.target === list.id ? fetcher.data : undefined;
  const moved = answer?.moved;

  useEffect(() => {
    if (!answer) return;
    if (answer.moved) toast.show(moveListToast(answer.moved, answer.moved.listName));
    else if (!answer.ok) toast.show({ label: 'Not moved', message: answer.error, variant: 'error' });
  }, [answer, toast]);

  return (
    <div className="move-list">
      <fetcher.Form method="post" action={LISTS_PATH}>
        <input type="hidden" name="intent" value="move-list" />
        <input type="hidden" name="wishlistId" value={list.id} />
        <input type="hidden" name="listName" value={list.name} />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={list.wishlistProductCount === 0}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
        >
          {busy ? <Spinner label="Moving to cart" /> : null}
          {MOVE_ALL_LABEL}
        </button>
      </fetcher.Form>
      {answer && !answer.ok ? (
        <p className="form-alert form-alert--error" role="alert">
          {answer.error}
        </p>
      ) : null}
      {moved?.failed.length ? (
        <section className="move-list__report" aria-labelledby="move-list-report-title" role="alert">
          <h3 id="move-list-report-title">
            {moved.failed.length === 1
              ? '1 product could not be added to your cart'
              : `${moved.failed.length} products could not be added to your cart`}
          </h3>
          <p>{`${moved.addedCount === 1 ? '1 product was' : `${moved.addedCount} products were`} added. These stay on ${moved.listName}:`}</p>
          <ul>
            {moved.failed.map((f) => (
              <li key={f.wishlistItemId} data-product-id={f.productId}>
                <strong>{f.name}</strong>: {f.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
