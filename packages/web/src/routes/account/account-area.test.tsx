// The account area's pages as the server renders them (issue 17): the navigation with the page marked, the
// hub with the switcher for a buyer of several accounts, the address book (default first, its actions), the
// downloads page (its columns, a subscription's latest delivery, paging) and the subscriptions' switch.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  checkoutAddressFromBook,
  type AccountDownload,
  type CommerceAddress,
  type SubscriptionView,
} from '@store/core';
import { toUserSession } from '../../lib/account/viewer.ts';
import { buyerSession, consumerSession, CONTOSO, MANAGED_ACCOUNTS } from '../../test-support/fixtures.ts';
import { AccountNav } from '../../components/account/AccountNav.tsx';
import { AutoRenewSwitch, endIfSwitchedOff } from '../../components/account/AutoRenewSwitch.tsx';
import { pageNumberOf } from './account-area-routes.tsx';
import { AccountHubPage } from './AccountHubPage.tsx';
import { AddressBookPage } from './AddressBookPage.tsx';
import { addressFormValues } from '../../lib/checkout/checkout-forms.ts';
import { ACCOUNT_NAV } from '../../lib/account/account-nav.ts';
import { DownloadsPage } from './DownloadsPage.tsx';
import { SubscriptionsPage } from './SubscriptionsPage.tsx';

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
function inRouter(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return renderToString(<RouterProvider router={router} />);
}
const never = async () => undefined;

const address = (o: Partial<CommerceAddress>): CommerceAddress => ({
  addressId: '81W000000000001AAA',
  addressType: 'Shipping',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  middleName: null,
  lastName: 'Lovelace',
  companyName: null,
  street: '415 Mission St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
  phoneNumber: null,
  isDefault: false,
  ...o,
});

const evergreen: SubscriptionView = {
  subscriptionId: '1sb000000000001AAA',
  orderSummaryId: '801000000000001AAA',
  orderNumber: 'DD-00001001',
  productId: '01t000000000001AAA',
  productName: 'US Dentists',
  sellingModelType: 'Evergreen',
  typeLabel: 'Auto-renew',
  pricingTerm: 1,
  pricingTermUnit: 'Months',
  termLabel: 'Monthly',
  termCount: null,
  quantity: '1',
  price: '120.00',
  currencyIsoCode: 'USD',
  status: 'Active',
  startDate: '2026-01-31',
  endDate: null,
  nextRenewalDate: '2026-02-28',
  autoRenew: true,
};

describe('AccountNav', () => {
  test('every account page, the one on show marked as the current page', () => {
    const out = inRouter(<AccountNav pathname="/orders/801000000000001AAA" />);
    assert.match(out, /<nav aria-label="My account"/);
    assert.equal(text(out), 'Overview Profile Orders Subscriptions Downloads Addresses Lists Password AI agents');
    assert.match(out, /href="\/orders" aria-current="page"|aria-current="page" href="\/orders"/);
    assert.equal(out.match(/aria-current/g)?.length, 1);
  });
});

describe('AccountHubPage', () => {
  test('a buyer of several accounts: name, email, the account acted for, and a switcher of its own', () => {
    const out = inRouter(
      <AccountHubPage data={{ session: toUserSession(buyerSession(CONTOSO)), managedAccounts: MANAGED_ACCOUNTS }} />,
    );
    const t = text(out);
    assert.match(t, /Name Morgan Lee Email morgan@northwind\.example Acting for Contoso Dental Group/);
    assert.match(out, /<select id="hub-account-switcher"/);
    assert.match(out, /aria-describedby="hub-account-switcher-note"/);
    for (const { href } of ACCOUNT_NAV.slice(1)) assert.match(out, new RegExp(`href="${href}"`));
  });

  test('a consumer with one account: no switcher', () => {
    const out = inRouter(<AccountHubPage data={{ session: toUserSession(consumerSession()), managedAccounts: [] }} />);
    assert.match(text(out), /Acting for Casey Jordan/);
    assert.doesNotMatch(out, /<select/);
  });
});

describe('AddressBookPage', () => {
  const data = {
    accountName: 'Contoso Dental Group',
    addresses: [
      address({
        addressId: '81W000000000002AAA',
        isDefault: true,
        street: '48 Congress Ave',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
      }),
      address({
        addressId: '81W000000000003AAA',
        country: 'GB',
        region: null,
        city: 'London',
        postalCode: 'SW1A 1AA',
        street: '10 Downing St',
      }),
    ],
    countries: ['US', 'GB', 'CA'],
    storeCountry: 'US',
    error: false,
  };

  test('the book with the default first and marked; each address has edit, delete, and (if not default) make default', () => {
    const out = inRouter(<AddressBookPage data={data} call={never} />);
    const t = text(out);
    assert.ok(t.indexOf('48 Congress Ave') < t.indexOf('10 Downing St'));
    assert.equal(out.match(/>Default</g)?.length, 1);
    assert.equal(out.match(/>Edit</g)?.length, 2);
    assert.equal(out.match(/>Delete</g)?.length, 2);
    assert.equal(out.match(/>Make default</g)?.length, 1, 'the default has no "make default"');
    assert.match(t, /Addresses of Contoso Dental Group/);
    assert.match(out, /<button type="button" class="btn btn--primary">Add an address<\/button>/);
    assert.match(out, /role="status"/);
  });

  test('an empty book and a failed load say so', () => {
    assert.match(
      text(inRouter(<AddressBookPage data={{ ...data, addresses: [] }} call={never} />)),
      /no saved addresses/,
    );
    assert.match(inRouter(<AddressBookPage data={{ ...data, error: true }} call={never} />), /role="alert"/);
  });

  test('a saved address fills the form; one saved with only a name keeps it as the last name', () => {
    assert.deepEqual(addressFormValues(checkoutAddressFromBook(address({})), ['US']), {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: '',
      street: '415 Mission St',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94105',
      country: 'US',
      phone: '',
    });
    const named = addressFormValues(
      checkoutAddressFromBook(address({ firstName: null, lastName: null, name: 'Head Office', country: 'FR' })),
      ['US', 'GB'],
    );
    assert.equal(named.lastName, 'Head Office');
    assert.equal(named.country, 'US', 'a country the store no longer serves: the first one offered');
  });
});

describe('DownloadsPage', () => {
  const item = (o: Partial<AccountDownload>): AccountDownload => ({
    orderItemId: '802000000000001AAA',
    productId: '01t000000000001AAA',
    productName: 'US Dentists',
    bundleName: null,
    fileName: 'DS-00001.csv',
    url: '/services/data/v65.0/commerce/webstores/0ZE000000000001AAA/downloads/tok',
    expiresAt: '2026-11-26T11:00:00.000Z',
    orderSummaryId: '801000000000001AAA',
    orderNumber: 'DD-00001001',
    orderedDate: '2026-11-20T10:00:00.000Z',
    format: 'CSV',
    subscription: null,
    ...o,
  });
  const page = (items: AccountDownload[], previous: string | null, next: string | null) => ({
    count: items.length,
    items,
    pageSize: 20,
    currentPageToken: '1',
    nextPageToken: next,
    previousPageToken: previous,
  });

  test('dataset, order number and date, format, link; a subscription’s latest delivery; paging links', () => {
    const out = inRouter(
      <DownloadsPage
        data={{
          accountName: 'Contoso Dental Group',
          pageNumber: 2,
          page: page(
            [
              item({}),
              item({
                orderItemId: '802000000000002AAA',
                productName: 'UK Vets',
                subscription: {
                  subscriptionId: '1sb000000000001AAA',
                  typeLabel: 'Auto-renew',
                  termLabel: 'Monthly',
                  status: 'Active',
                  latestDeliveryDate: '2026-11-01',
                  nextRenewalDate: '2026-12-01',
                  endDate: null,
                },
              }),
            ],
            '0',
            '2',
          ),
        }}
      />,
    );
    const t = text(out);
    assert.match(t, /Dataset Order Format Download/);
    assert.match(t, /US Dentists DD-00001001 November 20, 2026 CSV Download/);
    assert.match(t, /Auto-renew subscription \(Monthly\): latest delivery November 1, 2026; renews December 1, 2026/);
    assert.match(out, /href="\/orders\/801000000000001AAA"/);
    assert.match(out, /download="DS-00001\.csv"/);
    assert.match(out, /aria-label="Download US Dentists \(DS-00001\.csv\)"/);
    assert.match(out, /href="\/account\/downloads"[^>]*>Previous page/);
    assert.match(out, /href="\/account\/downloads\?page=3"[^>]*>Next page/);
  });

  test('nothing bought, and a failed load', () => {
    assert.match(
      text(inRouter(<DownloadsPage data={{ accountName: null, pageNumber: 1, page: page([], null, null) }} />)),
      /No datasets have been bought/,
    );
    assert.match(inRouter(<DownloadsPage data={{ accountName: null, pageNumber: 1, page: null }} />), /role="alert"/);
  });

  test('the page number from the query: 1 and up, anything else the first page', () => {
    assert.equal(pageNumberOf('http://x/account/downloads?page=3'), 3);
    for (const q of ['', '?page=0', '?page=-2', '?page=x', '?page=1.5'])
      assert.equal(pageNumberOf(`http://x/a${q}`), 1, q);
  });
});

describe('the auto-renew switch', () => {
  test('switched off today, it ends the day before the next renewal counted from the start', () => {
    assert.equal(endIfSwitchedOff(evergreen, '2026-03-15'), '2026-03-30');
    assert.equal(endIfSwitchedOff(evergreen, '2026-02-01'), '2026-02-27');
  });

  test('on: a button to switch it off; off and not ended: a button to switch it back on; ended: just the state', () => {
    const on = renderToString(<AutoRenewSwitch subscription={evergreen} onChange={never} today="2026-02-01" />);
    assert.match(on, /aria-label="Turn off auto-renew for US Dentists"/);
    const off = { ...evergreen, autoRenew: false, endDate: '2026-02-27', nextRenewalDate: null };
    const back = renderToString(<AutoRenewSwitch subscription={off} onChange={never} today="2026-02-10" />);
    assert.match(back, /aria-label="Turn auto-renew back on for US Dentists"/);
    const ended = renderToString(<AutoRenewSwitch subscription={off} onChange={never} today="2026-03-01" />);
    assert.equal(text(ended), 'Off');
  });

  test('the subscriptions page: a switch for an auto-renew one, "Fixed term" for a term-defined one', () => {
    const term = {
      ...evergreen,
      subscriptionId: '1sb000000000002AAA',
      sellingModelType: 'TermDefined' as const,
      typeLabel: 'Term-defined',
      autoRenew: false,
    };
    const out = inRouter(
      <SubscriptionsPage data={{ subscriptions: [evergreen, term], error: false }} onSwitch={async () => undefined} />,
    );
    assert.match(text(out), /Auto-renew$|Auto-renew /);
    assert.match(out, /Turn off auto-renew for US Dentists/);
    assert.match(text(out), /Fixed term/);
  });
});
