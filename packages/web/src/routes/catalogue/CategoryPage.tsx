import { AppLink } from '../../components/ui/AppLink.tsx';
import { Breadcrumbs } from '../../components/catalogue/Breadcrumbs.tsx';
import { SearchResults } from '../../components/search/SearchResults.tsx';
import type { CategoryData } from '../types.ts';

export function CategoryPage({ data }: { data: CategoryData }) {
  return (
    <>
      <Breadcrumbs
        items={data.breadcrumbs}
        divider="slash"
        showHomeLink
        homeLabel="Home"
        homeHref="/"
        maxDepthOnMobile={3}
      />
      <h1>{data.category.name}</h1>
      {data.category.description ? <p>{data.category.description}</p> : null}
      {data.children.length ? (
        <nav aria-label="Subcategories">
          <ul className="chips">
            {data.children.map((c) => (
              <li key={c.href}>
                <AppLink href={c.href}>{c.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <h2 className="sr-only">Datasets</h2>
      <SearchResults
        results={data.results}
        label={`Datasets in ${data.category.name}`}
        noResults={<p className="grid__message">There are no datasets in this category yet.</p>}
      />
    </>
  );
}
