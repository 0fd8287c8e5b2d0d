// The add-to-list control (issue 17 item 2), on the product page beside Add to Cart and on result tiles.
// It says whether the product is already on one of the account's lists ("On My List", "Saved to 2
// lists") and adds it: a guest is asked to log in first (the add is kept in session storage and made
// when the login lands back here: components/wishlist/PendingListAdd.tsx); a buyer whose account has
// no list gets "My List" made with the product (spec 02 §4); otherwise a dialog lets them choose a list
// or create one. Each add ends with a toast naming the list.

import { useEffect, useId, useRef, useState } from 'react';
import { wishlistNameProblem, type WishlistSummary } from '@store/core';
import { loginHref } from '../../lib/account/return-url.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useAppNavigate } from '../../lib/navigation.ts';
import { savePendingAdd } from '../../lib/wishlist/pending-add.ts';
import type { WishlistChoice } from '../../lib/wishlist/add-plan.ts';
import { useWishlistState, useWishlistStore } from '../../lib/wishlist/use-wishlists.ts';
import { LISTS_UNREADABLE } from '../../lib/wishlist/wishlist-store.ts';
import {
  ADD_TO_LIST_LABEL,
  addedToListToast,
  onListsLabel,
  productCountText,
} from '../../lib/wishlist/wishlist-view.ts';
import { Modal } from '../ui/Modal.tsx';
import { useToast } from '../ui/Toast.tsx';
import { cx } from '../ui/classes.ts';

export const ADD_FAILED = 'We could not add it to your list. Try again.';
export const CHOOSE_LIST_TITLE = 'Add to a list';

export interface AddToListControlProps {
  productId: string;
  productName: string;
  /** A guest is asked to log in. Null while the session is not known (a frame without it): no control then. */
  isGuest: boolean | null;
  /** 'tile': the compact form for result tiles, named with the product so each tile's button is told apart. */
  layout?: 'page' | 'tile';
}

function failure(error: unknown): string {
  if (error instanceof Error && error.message === LISTS_UNREADABLE) return LISTS_UNREADABLE;
  return errorMessage(error, ADD_FAILED);
}

export function AddToListControl({ productId, productName, isGuest, layout = 'page' }: AddToListControlProps) {
  const store = useWishlistStore();
  const state = useWishlistState(store);
  const toast = useToast();
  const navigate = useAppNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const holding = state.membership?.get(productId) ?? [];
  const names = (state.summaries ?? []).filter((s) => holding.includes(s.id)).map((s) => s.name);
  const onLists = onListsLabel(names);
  const statusId = `${id}-status`;

  // Where the product is: read once the page is in the browser (effects never run in the server render).
  useEffect(() => {
    if (isGuest === false && store) void store.ensureMembership();
  }, [isGuest, store]);

  async function add(choice?: WishlistChoice) {
    if (!store || busy) return;
    setBusy(true);
    setError(null);
    try {
      const list = await store.add(productId, choice);
      setOpen(false);
      toast.show(addedToListToast(productName, list.name));
    } catch (e) {
      const message = failure(e);
      setError(message);
      if (!open) toast.show({ label: 'Not added', message, variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (busy) return;
    if (isGuest) {
      const returnPath = `${window.location.pathname}${window.location.search}`;
      savePendingAdd({ productId, productName, returnPath, savedAt: Date.now() });
      navigate(loginHref(returnPath));
      return;
    }
    if (!store) return;
    setBusy(true);
    await store.ensureMembership();
    setBusy(false);
    const { summaries: lists, status } = store.getState();
    if (status !== 'loaded' || !lists) {
      toast.show({ label: 'Not added', message: LISTS_UNREADABLE, variant: 'error' });
      return;
    }
    // The first add of an account without lists: "My List", made with the product, no question asked.
    if (lists.length === 0) return void add();
    setError(null);
    setOpen(true);
  }

  if (isGuest === null) return null;
  return (
    <div className={cx('add-to-list', `add-to-list--${layout}`)} data-product-id={productId}>
      <button
        type="button"
        className={cx('btn btn--secondary', layout === 'page' && 'btn--large')}
        aria-haspopup={isGuest === false ? 'dialog' : undefined}
        aria-label={layout === 'tile' ? `${ADD_TO_LIST_LABEL}: ${productName}` : undefined}
        aria-describedby={onLists ? statusId : undefined}
        aria-busy={busy || undefined}
        onClick={() => void start()}
      >
        {ADD_TO_LIST_LABEL}
      </button>
      {onLists ? (
        <span id={statusId} className="add-to-list__status">
          {onLists}
        </span>
      ) : null}
      {open && state.summaries ? (
        <ChooseListDialog
          productName={productName}
          lists={state.summaries}
          holding={holding}
          busy={busy}
          error={error}
          onChoose={(choice) => void add(choice)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

interface ChooseListDialogProps {
  productName: string;
  lists: WishlistSummary[];
  /** The ids of the lists the product is on already. */
  holding: readonly string[];
  busy: boolean;
  error: string | null;
  onChoose: (choice: WishlistChoice) => void;
  onClose: () => void;
}

/** The choice: one of the account's lists (those holding the product say so), or a new list by name. */
function ChooseListDialog({ productName, lists, holding, busy, error, onChoose, onClose }: ChooseListDialogProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  const nameId = `${id}-name`;
  const firstFree = lists.find((l) => !holding.includes(l.id))?.id;
  return (
    <Modal title={CHOOSE_LIST_TITLE} onClose={onClose} initialFocus={first} className="choose-list">
      <div className="modal__body" aria-busy={busy || undefined}>
        <p className="choose-list__product">{productName}</p>
        <ul className="choose-list__lists" aria-label="Your lists">
          {lists.map((l) => {
            const onIt = holding.includes(l.id);
            return (
              <li key={l.id} className="choose-list__list">
                {onIt ? (
                  <span className="choose-list__on">
                    {l.name}
                    <span className="choose-list__meta">Already on this list</span>
                  </span>
                ) : (
                  <button
                    ref={l.id === firstFree ? first : undefined}
                    type="button"
                    className="btn btn--secondary choose-list__choice"
                    aria-disabled={busy || undefined}
                    onClick={() => !busy && onChoose({ wishlistId: l.id })}
                  >
                    {l.name}
                    <span className="choose-list__meta">{productCountText(l.wishlistProductCount)}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <form
          className="choose-list__new"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const problem = wishlistNameProblem(name);
            setNameError(problem);
            if (!problem && !busy) onChoose({ newListName: name });
          }}
        >
          <label htmlFor={nameId}>New list name</label>
          <input
            id={nameId}
            name="name"
            type="text"
            autoComplete="off"
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError ? (
            <p id={`${nameId}-error`} className="field__error">
              {nameError}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
            Create list and add
          </button>
        </form>
        {error ? (
          <p className="form-alert form-alert--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
