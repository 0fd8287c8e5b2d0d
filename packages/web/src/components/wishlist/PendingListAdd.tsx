// Performs a guest's add-to-list once the login it asked for lands back on the page (issue 17 item 2):
// mounted for logged-in buyers only, it takes what the control kept in session storage (lib/wishlist/
// pending-add.ts: once, on that page only, while fresh) and adds the product by the default rule ("My
// List", made when the account has none), with the same toast as a click would give.

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { takePendingAdd } from '../../lib/wishlist/pending-add.ts';
import { useWishlistStore } from '../../lib/wishlist/use-wishlists.ts';
import { addedToListToast } from '../../lib/wishlist/wishlist-view.ts';
import { useToast } from '../ui/Toast.tsx';
import { ADD_FAILED } from './AddToListControl.tsx';
import { errorMessage } from '../../lib/errors.ts';

export function PendingListAdd() {
  const store = useWishlistStore();
  const toast = useToast();
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the page the login landed on: later navigations never take a pending add
  useEffect(() => {
    if (!store) return;
    const pending = takePendingAdd({ path: `${pathname}${search}`, now: Date.now() });
    if (!pending) return;
    store.add(pending.productId).then(
      (list) => toast.show(addedToListToast(pending.productName, list.name)),
      (error: unknown) =>
        toast.show({ label: 'Not added to your list', message: errorMessage(error, ADD_FAILED), variant: 'error' }),
    );
  }, [store]);
  return null;
}
