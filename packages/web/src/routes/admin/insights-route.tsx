// Seller insights (issue 18 item 4): over a chosen period (in the address; presets 7, 30, 90 days), per dataset
// the funnel views → add-to-cart → orders with its rates and the recommendation clicks, the top search terms and
// the searches that found nothing. The server counts everything; the page only lays it out.

import type { SearchTermRow, WorkspaceInsights } from '@store/core';
import { Form, Link, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { FilterInput } from './server-table.tsx';
import { INSIGHTS_PATH, insightPresets, insightQueryOf, periodHref, rateOf, utcToday } from './insights-view.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

interface InsightsData {
  insights: WorkspaceInsights;
  /** Why the period in the address was not used (the default period is shown instead). */
  problem: string | null;
  today: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The column headers of counts and rates (right-aligned, like the numbers under them). */
const numberHeaders = (labels: string[]) =>
  labels.map((label) => (
    <th key={label} scope="col" className="num">
      {label}
    </th>
  ));

function PeriodChooser({ insights, today }: { insights: WorkspaceInsights; today: string }) {
  const { period } = insights;
  return (
    <>
      <nav aria-label="Period presets">
        <ul className="workspace__pages">
          {insightPresets(today).map((p) => {
            const current = p.period.from === period.from && p.period.to === period.to;
            return (
              <li key={p.days}>
                <Link to={periodHref(p.period)} aria-current={current ? 'page' : undefined}>
                  Last {p.days} days
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" action={INSIGHTS_PATH} className="workspace__filters" aria-label="Choose the period">
        <FilterInput id="insights-from" name="from" label="From" type="date" defaultValue={period.from} />
        <FilterInput id="insights-to" name="to" label="To (inclusive)" type="date" defaultValue={period.to} />
        <button type="submit" className="btn btn--secondary">
          Show
        </button>
      </Form>
    </>
  );
}

function FunnelTable({ insights }: { insights: WorkspaceInsights }) {
  if (insights.funnel.length === 0) return <p>No dataset was viewed, added to a cart or ordered in this period.</p>;
  return (
    <table className="orders__table workspace__table">
      <caption>Datasets by views, then orders</caption>
      <thead>
        <tr>
          <th scope="col">Dataset</th>
          {numberHeaders(['Views', 'Added to cart', 'Orders', 'Add rate', 'Order rate', 'Recommendation clicks'])}
        </tr>
      </thead>
      <tbody>
        {insights.funnel.map((f) => (
          <tr key={f.productId}>
            <th scope="row">
              <Link to={`/admin/products/${encodeURIComponent(f.productId)}`}>{f.name}</Link> <small>{f.sku}</small>
            </th>
            <td className="num">{count(f.views)}</td>
            <td className="num">{count(f.addToCarts)}</td>
            <td className="num">{count(f.orders)}</td>
            <td className="num">{rateOf(f.addToCarts, f.views)}</td>
            <td className="num">{rateOf(f.orders, f.views)}</td>
            <td className="num">{count(f.recoClicks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TermsTable({ caption, rows, empty }: { caption: string; rows: SearchTermRow[]; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table className="orders__table workspace__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Search term</th>
          {numberHeaders(['Searches', 'With no results'])}
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.term}>
            <th scope="row">{t.term}</th>
            <td className="num">{count(t.searches)}</td>
            <td className="num">{count(t.zeroResultSearches)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InsightsPage() {
  const { insights, problem, today } = useLoaderData() as InsightsData;
  const { from, to } = insights.period;
  return (
    <section aria-labelledby="insights-title">
      <h1 id="insights-title">Insights</h1>
      {problem && <p role="alert">That period can’t be shown ({problem}); showing the last 30 days instead.</p>}
      <PeriodChooser insights={insights} today={today} />
      <p>
        From <time dateTime={from}>{from}</time> to <time dateTime={to}>{to}</time> (UTC days, both included). Views,
        adds and clicks come from shoppers who accepted statistics cookies; orders are every order placed.
      </p>
      <section aria-labelledby="insights-funnel">
        <h2 id="insights-funnel">Dataset funnel</h2>
        <FunnelTable insights={insights} />
      </section>
      <section aria-labelledby="insights-zero">
        <h2 id="insights-zero">Searches with no results</h2>
        <TermsTable
          caption="Search terms that found nothing, most often first"
          rows={insights.zeroResultSearchTerms}
          empty="Every search in this period found something."
        />
      </section>
      <section aria-labelledby="insights-terms">
        <h2 id="insights-terms">Top search terms</h2>
        <TermsTable
          caption="Search terms, most searched first"
          rows={insights.topSearchTerms}
          empty="No searches in this period."
        />
      </section>
    </section>
  );
}

export function insightsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<InsightsData> => {
      const today = utcToday();
      const { query, problem } = insightQueryOf(new URL(request.url).searchParams, today);
      const insights = await loaded(workspaceOf(getApi).insights(query, { signal: request.signal }));
      return { insights, problem, today };
    },
    Component: InsightsPage,
    handle: workspaceHead(() => 'Insights'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
