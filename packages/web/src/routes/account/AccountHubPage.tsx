// My account (/account, issue 17): who is logged in, the account they act for (with the account switcher
// for a buyer who acts for several), and a card per page of the account area.
import { useLoaderData } from 'react-router';
import { AccountSwitcher } from '../../components/account/AccountSwitcher.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { ACCOUNT_NAV } from '../../lib/account/account-nav.ts';
import { useSwitchAccount } from '../../lib/account/switch-account.ts';
import type { ExternalManagedAccount } from '@store/core';
import type { AccountHubData } from '../types.ts';

/** What each page of the area is for, on the hub's cards. */
const ABOUT: Record<string, string> = {
  Profile: 'Your name and the accounts you act for.',
  Orders: 'Everything this account ordered, with invoices and downloads.',
  Subscriptions: 'Renewals and end dates; switch auto-renew off or on.',
  Downloads: 'Every dataset this account bought, ready to download again.',
  Addresses: 'The address book used at checkout.',
  Lists: 'Datasets saved for later.',
  Password: 'Change your password.',
};

export function AccountHubPage({
  data,
  onSwitch,
}: {
  data: AccountHubData;
  onSwitch?: (account: ExternalManagedAccount) => Promise<void>;
}) {
  const { session, managedAccounts } = data;
  const name = [session.firstName, session.lastName].filter(Boolean).join(' ');
  const acting = session.effectiveAccountName ?? session.accountName;
  return (
    <div className="account-hub">
      <h1>My account</h1>
      <section aria-labelledby="account-hub-who" className="profile__section">
        <h2 id="account-hub-who">You</h2>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{name || '—'}</dd>
          <dt>Email</dt>
          <dd>{session.email ?? '—'}</dd>
          <dt>Acting for</dt>
          <dd>{acting ?? '—'}</dd>
        </dl>
        {managedAccounts.length > 1 ? (
          <AccountSwitcher
            id="hub-account-switcher"
            accounts={managedAccounts}
            currentAccountId={session.effectiveAccountId}
            onSwitch={onSwitch}
          />
        ) : null}
      </section>
      <section aria-labelledby="account-hub-pages">
        <h2 id="account-hub-pages">Account pages</h2>
        <ul className="account-hub__cards">
          {ACCOUNT_NAV.slice(1).map((item) => (
            <li key={item.href} className="account-hub__card">
              <AppLink href={item.href} className="account-hub__link">
                {item.label}
              </AppLink>
              <p>{ABOUT[item.label]}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function AccountHubRoute() {
  return <AccountHubPage data={useLoaderData() as AccountHubData} onSwitch={useSwitchAccount()} />;
}
