// My downloads (/account/downloads, issue 17): every dataset the effective account bought, newest order first,
// each with a fresh signed link (opening the page again signs new ones), the order it came with, its format,
// and for a subscription the date of its latest delivery. Paged with ?page=.
import { downloadName, type AccountDownload } from '@store/core';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { DOWNLOADS_PATH } from '../../lib/account/account-nav.ts';
import { orderDate, orderHref } from '../../lib/checkout/checkout-view.ts';
import type { DownloadsPageData } from '../types.ts';

const pageHref = (n: number) => (n <= 1 ? DOWNLOADS_PATH : `${DOWNLOADS_PATH}?page=${n}`);

function SubscriptionNote({ s }: { s: NonNullable<AccountDownload['subscription']> }) {
  const next = s.nextRenewalDate
    ? `renews ${orderDate(s.nextRenewalDate)}`
    : s.endDate
      ? `ends ${orderDate(s.endDate)}`
      : null;
  return (
    <span className="account-downloads__note">
      {`${s.typeLabel} subscription (${s.termLabel}): latest delivery ${orderDate(s.latestDeliveryDate)}`}
      {next ? `; ${next}` : ''}
    </span>
  );
}

export function DownloadsPage({ data }: { data: DownloadsPageData }) {
  const { page, pageNumber } = data;
  return (
    <section className="account-downloads" aria-labelledby="downloads-title">
      <h1 id="downloads-title">My downloads</h1>
      {data.accountName ? <p>{`Datasets bought for ${data.accountName}.`}</p> : null}
      {!page ? (
        <p className="cart__error" role="alert">
          We could not load your downloads.
        </p>
      ) : page.items.length === 0 ? (
        <p>{pageNumber > 1 ? 'There are no more downloads.' : 'No datasets have been bought for this account yet.'}</p>
      ) : (
        <>
          <table className="orders__table">
            <thead>
              <tr>
                <th scope="col">Dataset</th>
                <th scope="col">Order</th>
                <th scope="col">Format</th>
                <th scope="col">Download</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((d) => (
                <tr key={`${d.orderItemId}:${d.productId}`}>
                  <th scope="row">
                    {downloadName(d)}
                    {d.subscription ? <SubscriptionNote s={d.subscription} /> : null}
                  </th>
                  <td>
                    <AppLink href={orderHref(d.orderSummaryId)}>{d.orderNumber}</AppLink>
                    <span className="account-downloads__note">{orderDate(d.orderedDate)}</span>
                  </td>
                  <td>{d.format}</td>
                  <td>
                    <a href={d.url} download={d.fileName} aria-label={`Download ${downloadName(d)} (${d.fileName})`}>
                      Download
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="checkout-note">Links expire after an hour; open this page again for new ones.</p>
        </>
      )}
      {page && (page.previousPageToken !== null || page.nextPageToken !== null) ? (
        <nav aria-label="Download pages" className="account-downloads__pages">
          {page.previousPageToken !== null ? <AppLink href={pageHref(pageNumber - 1)}>Previous page</AppLink> : null}
          <span>{`Page ${pageNumber}`}</span>
          {page.nextPageToken !== null ? <AppLink href={pageHref(pageNumber + 1)}>Next page</AppLink> : null}
        </nav>
      ) : null}
    </section>
  );
}

export function DownloadsRoute() {
  return <DownloadsPage data={useLoaderData() as DownloadsPageData} />;
}
