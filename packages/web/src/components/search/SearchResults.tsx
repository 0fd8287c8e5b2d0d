// One page of search results, as the category and search pages show them: the number of datasets,
// the sort order, the filters and the grid of cards with Previous/Next paging. Every choice is a
// new URL (pushed, so the back button returns to the previous results); while it loads, the
// choice already shows (checkbox, order) and the results are marked busy.

import { useState, type ReactNode } from 'react';
import type { SearchRefinement } from '@store/core';
import { usePendingLocation, useAppNavigate } from '../../lib/navigation.ts';
import { readResultsParams, resultsHref, type ResultsState } from '../../lib/search/search-url.ts';
import { ProductCard } from '../catalogue/ProductCard.tsx';
import { AddToListControl } from '../wishlist/AddToListControl.tsx';
import { useRootData } from '../../lib/account/root-data.ts';
import type { CardProduct, ResultsData } from '../../routes/types.ts';
import { AppLink } from '../ui/AppLink.tsx';
import { cx } from '../ui/classes.ts';
import { FacetPanel } from './FacetPanel.tsx';
import { Grid } from '../layout/Grid.tsx';
import { SortPicker } from './SortPicker.tsx';

export interface SearchResultsProps {
  results: ResultsData;
  /** Names the grid for assistive technology, e.g. 'Datasets in Dental'. */
  label: string;
  /** What to say when nothing matches and no filter is set. */
  noResults: ReactNode;
  /** A card's link followed (the page's click activity), with the card's index on this page. */
  onProductClick?: (product: CardProduct, index: number) => void;
}

export const datasetCount = (n: number): string => (n === 1 ? '1 dataset' : `${n.toLocaleString('en-US')} datasets`);

/**
 * The state these results are showing, or, while the router loads other results of this page, that
 * state. The router reports its pending navigation a render or two after the click, so the choice
 * just made is also remembered, against the results it was made on, to show from the first render
 * (a controlled checkbox would otherwise flick back until the router catches up).
 */
function useShownState(results: ResultsData): [ResultsState & { busy: boolean }, (s: ResultsState) => void] {
  const pending = usePendingLocation();
  const [chosen, setChosen] = useState<{ on: ResultsData; state: ResultsState } | null>(null);
  const choose = (state: ResultsState) => setChosen({ on: results, state });
  if (pending && pending.pathname === results.base.path) {
    const next = readResultsParams(new URLSearchParams(pending.search), results.pageSize);
    return [{ ...next, sortRuleId: next.sortRuleId ?? results.sortOptions[0]?.id ?? '', busy: true }, choose];
  }
  if (chosen && chosen.on === results) return [{ ...chosen.state, busy: true }, choose];
  return [
    { refinements: results.refinements, sortRuleId: results.sortRuleId, page: results.page, busy: false },
    choose,
  ];
}

export function SearchResults({ results, label, noResults, onProductClick }: SearchResultsProps) {
  const navigate = useAppNavigate();
  const isGuest = useRootData()?.session.isGuest ?? null;
  const [shown, choose] = useShownState(results);
  const defaultSort = results.sortOptions[0]?.id;
  // The URL leaves the default order out; every change starts again at page 1.
  const href = (change: Partial<ResultsState>) => {
    const sortRuleId = change.sortRuleId ?? results.sortRuleId;
    return resultsHref(results.base, {
      refinements: change.refinements ?? results.refinements,
      sortRuleId: sortRuleId === defaultSort ? null : sortRuleId,
      page: change.page ?? 1,
    });
  };
  const go = (change: Partial<ResultsState>) => {
    choose({
      refinements: change.refinements ?? results.refinements,
      sortRuleId: change.sortRuleId ?? results.sortRuleId,
      page: change.page ?? 1,
    });
    navigate(href(change));
  };
  const clearHref = href({ refinements: [] });
  const filtered = results.refinements.length > 0;

  const pager =
    results.pageCount > 1 ? (
      <nav className="pager" aria-label="Pages">
        {results.page > 1 ? (
          <AppLink href={href({ page: results.page - 1 })} rel="prev">
            Previous page
          </AppLink>
        ) : null}
        <span>
          Page {results.page} of {results.pageCount}
        </span>
        {results.page < results.pageCount ? (
          <AppLink href={href({ page: results.page + 1 })} rel="next">
            Next page
          </AppLink>
        ) : null}
      </nav>
    ) : null;

  let empty: ReactNode = noResults;
  if (filtered) {
    empty = (
      <p className="grid__message">
        No datasets match these filters. Remove some of them, or <AppLink href={clearHref}>clear all filters</AppLink>.
      </p>
    );
  } else if (results.total > 0 && results.page > 1) {
    empty = (
      <p className="grid__message">
        There is no page {results.page}. <AppLink href={href({ page: 1 })}>Go to the first page</AppLink>.
      </p>
    );
  }

  return (
    <div className="results">
      <div className="results__toolbar">
        <p className="results__count" aria-live="polite">
          {results.error ? '' : datasetCount(results.total)}
        </p>
        {results.sortOptions.length > 1 && !results.error ? (
          <SortPicker
            options={results.sortOptions}
            value={shown.sortRuleId ?? ''}
            onChange={(id) => go({ sortRuleId: id })}
          />
        ) : null}
      </div>
      {results.refinementsIgnored ? (
        <p className="results__notice" role="status">
          The filters in this link could not be read, so all datasets are shown.
        </p>
      ) : null}
      <div className={cx('results__layout', results.facets.length > 0 && 'results__layout--facets')}>
        <FacetPanel
          facets={results.facets}
          refinements={shown.refinements}
          onChange={(refinements: SearchRefinement[]) => go({ refinements })}
          clearHref={clearHref}
        />
        <div className="results__main" aria-busy={shown.busy || undefined}>
          <Grid
            items={results.products}
            error={results.error}
            numberOfColumns={3}
            itemSpacing="large"
            ariaLabel={label}
            renderItem={(p, i) => (
              <ProductCard
                product={p}
                eager={i < 2}
                onOpen={onProductClick ? () => onProductClick(p, i) : undefined}
                action={<AddToListControl layout="tile" productId={p.id} productName={p.name} isGuest={isGuest} />}
              />
            )}
            showPagination
            pagination={pager}
            emptyState={empty}
            errorState={
              <p className="grid__message">
                The datasets could not be loaded. Please try again later.
                {filtered ? (
                  <>
                    {' '}
                    Or <AppLink href={clearHref}>clear all filters</AppLink>.
                  </>
                ) : null}
              </p>
            }
          />
        </div>
      </div>
    </div>
  );
}
