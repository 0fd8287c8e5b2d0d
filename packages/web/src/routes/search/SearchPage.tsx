// The search results page (/search?term=…): what was searched, where it can be narrowed to, and
// the shared results block. Without a term it asks for one instead of searching.

import { AppLink } from '../../components/ui/AppLink.tsx';
import { SearchResults } from '../../components/search/SearchResults.tsx';
import { searchHref } from '../../lib/search/search-url.ts';
import type { SearchData } from '../types.ts';
import { useSearchActivities } from '../../lib/signals/results-activities.ts';

export function SearchPage({ data }: { data: SearchData }) {
  const onProductClick = useSearchActivities(data.term, data.category?.id ?? null, data.results);
  if (!data.term || !data.results) {
    return (
      <>
        <h1>Search datasets</h1>
        <p>Type what you are looking for in the search box above, such as an industry, a profession or a country.</p>
      </>
    );
  }
  const quoted = `\u201c${data.term}\u201d`;
  return (
    <>
      <h1>
        Results for {quoted}
        {data.category ? ` in ${data.category.name}` : ''}
      </h1>
      {data.category ? (
        <p>
          <AppLink href={searchHref(data.term)}>Search all categories for {quoted}</AppLink>
        </p>
      ) : null}
      {data.categories.length ? (
        <nav aria-label="Narrow to a category">
          <ul className="chips">
            {data.categories.map((c) => (
              <li key={c.href}>
                <AppLink href={c.href}>
                  {c.label} <span className="chips__count">({c.count.toLocaleString('en-US')})</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SearchResults
        results={data.results}
        label={`Datasets matching ${quoted}`}
        onProductClick={onProductClick}
        noResults={
          <p className="grid__message">
            No datasets match {quoted}. Check the spelling, or try a broader term such as an industry or a country.
          </p>
        }
      />
    </>
  );
}
