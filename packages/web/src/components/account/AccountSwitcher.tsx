// The header's account switcher for a buyer who manages several accounts (spec 01 §1, §4): a
// labelled select of account names with the current effective account selected. Choosing another
// one asks the server to act for it; the caller then reloads the page so every price is that
// account's. A note read with the select says so beforehand (a change of context on input).

import { useState } from 'react';
import type { ExternalManagedAccount } from '@store/core';
import { errorMessage } from '../../lib/errors.ts';

export const SWITCH_FAILED = 'We could not switch to that account. Try again.';

export interface AccountSwitcherProps {
  accounts: ExternalManagedAccount[];
  currentAccountId: string | null;
  /** Switches the session to the account; rejects when the server refuses. Never resolves if it reloads the page. */
  onSwitch?: (account: ExternalManagedAccount) => Promise<void>;
  /** Id of the select (and prefix of its note and error), unique on the page: the header's and the account hub's. */
  id?: string;
}

/** The option to show selected: the current account, else the user's own, else the first. */
export function selectedAccountId(accounts: ExternalManagedAccount[], currentAccountId: string | null): string {
  return (
    accounts.find((a) => a.accountId === currentAccountId)?.accountId ??
    accounts.find((a) => a.isMyAccount)?.accountId ??
    accounts[0]?.accountId ??
    ''
  );
}

export function AccountSwitcher({
  accounts,
  currentAccountId,
  onSwitch,
  id = 'account-switcher',
}: AccountSwitcherProps) {
  const current = selectedAccountId(accounts, currentAccountId);
  const [value, setValue] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(id: string) {
    const account = accounts.find((a) => a.accountId === id);
    if (!account || id === current || !onSwitch) return setValue(id);
    setValue(id);
    setBusy(true);
    setError(null);
    try {
      await onSwitch(account);
    } catch (e) {
      setError(errorMessage(e, SWITCH_FAILED));
      setValue(current);
      setBusy(false);
    }
  }

  return (
    <div className="account-switcher">
      <label htmlFor={id} className="account-switcher__label">
        Account
      </label>
      <select
        id={id}
        name="account"
        className="account-switcher__select"
        value={value}
        disabled={busy}
        aria-describedby={error ? `${id}-note ${id}-error` : `${id}-note`}
        onChange={(e) => void choose(e.currentTarget.value)}
      >
        {accounts.map((a) => (
          <option key={a.accountId} value={a.accountId}>
            {a.accountName}
          </option>
        ))}
      </select>
      <span id={`${id}-note`} className="sr-only">
        Choosing an account reloads the page with that account&apos;s prices.
      </span>
      {error ? (
        <p id={`${id}-error`} className="account-switcher__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
