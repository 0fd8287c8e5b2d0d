// The lists page's list-level forms (issue 17 item 2): create a list, rename the one on show, delete it
// (after a confirmation dialog). Each sends the page's action through its own fetcher; a refused name
// comes back as the field's message (core wishlistNameProblem, the rule the server applies too).

import { useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { MAX_WISHLIST_NAME_LENGTH, wishlistNameProblem, type WishlistSummary } from '@store/core';
import { productCountText } from '../../lib/wishlist/wishlist-view.ts';
import { LISTS_PATH } from '../../lib/account/account-nav.ts';
import type { ListsActionResult } from '../../routes/wishlist/lists-data.ts';
import { Modal } from '../ui/Modal.tsx';

function NameForm({
  intent,
  label,
  submit,
  initial = '',
  wishlistId,
}: {
  intent: 'create' | 'rename';
  label: string;
  submit: string;
  initial?: string;
  wishlistId?: string;
}) {
  const fetcher = useFetcher<ListsActionResult>();
  const id = useId();
  const [local, setLocal] = useState<string | null>(null);
  const [saved, setSaved] = useState<ListsActionResult | null>(null);
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const message = local ?? (answer && !answer.ok ? answer.error : null);
  if (answer?.ok && answer !== saved) setSaved(answer);
  const fieldId = `${id}-name`;
  return (
    <fetcher.Form
      method="post"
      action={LISTS_PATH}
      className={`list-form list-form--${intent}`}
      noValidate
      onSubmit={(e) => {
        const problem = wishlistNameProblem(new FormData(e.currentTarget).get('name'));
        setLocal(problem);
        if (problem) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {wishlistId ? <input type="hidden" name="wishlistId" value={wishlistId} /> : null}
      <label htmlFor={fieldId}>{label}</label>
      <input
        id={fieldId}
        name="name"
        type="text"
        autoComplete="off"
        maxLength={MAX_WISHLIST_NAME_LENGTH + 20}
        defaultValue={initial}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${fieldId}-error` : undefined}
        onChange={() => setLocal(null)}
      />
      <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
        {submit}
      </button>
      {message ? (
        <p id={`${fieldId}-error`} className="field__error">
          {message}
        </p>
      ) : null}
      {intent === 'rename' && saved && !busy && !message ? (
        <p className="list-form__saved" role="status">
          Saved.
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function NewListForm() {
  return <NameForm intent="create" label="New list name" submit="Create list" />;
}

export function RenameListForm({ list }: { list: WishlistSummary }) {
  // Keyed by the list's name: a rename from elsewhere starts the field afresh.
  return (
    <NameForm
      key={`${list.id}|${list.name}`}
      intent="rename"
      label="List name"
      submit="Rename"
      initial={list.name}
      wishlistId={list.id}
    />
  );
}

export function DeleteListButton({ list }: { list: WishlistSummary }) {
  const fetcher = useFetcher<ListsActionResult>();
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== 'idle';
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <>
      <button type="button" className="btn btn--secondary" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        Delete list
      </button>
      {failed ? (
        <p className="form-alert form-alert--error" role="alert">
          {failed}
        </p>
      ) : null}
      {asking ? (
        <Modal title={`Delete ${list.name}?`} role="alertdialog" onClose={() => setAsking(false)} initialFocus={cancel}>
          <p className="modal__body">
            {`The list and the ${productCountText(list.wishlistProductCount)} on it are deleted. This can’t be undone.`}
          </p>
          <fetcher.Form
            method="post"
            action={LISTS_PATH}
            className="modal__footer"
            onSubmit={() => setTimeout(() => setAsking(false), 0)}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="wishlistId" value={list.id} />
            <button ref={cancel} type="button" className="btn btn--secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
              Delete list
            </button>
          </fetcher.Form>
        </Modal>
      ) : null}
    </>
  );
}
