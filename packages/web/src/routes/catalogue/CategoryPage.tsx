import { AppLink } from '../../components/ui/AppLink.tsx';
import { Breadcrumbs } from '../../components/catalogue/Breadcrumbs.tsx';
import { SearchResults } from '../../components/search/SearchResults.tsx';
import type { CategoryData } from '../types.ts';
import { categoryJsonLd } from '../../lib/json-ld.ts';
import { scriptJson } from '../../lib/catalogue/product-view.ts';
import { pathOfUrl } from '../../lib/seo.ts';
import { useCategoryActivities } from '../../lib/signals/results-activities.ts';

export function CategoryPage({ data }: { data: CategoryData }) {
  const r = data.results;
  const onProductClick = useCategoryActivities(data.category.id, r);
  const jsonLd = categoryJsonLd({
    origin: data.origin,
    path: (data.seo && pathOfUrl(data.seo.canonicalUrl)) || data.category.href,
    name: data.category.name,
    description: data.category.description,
    breadcrumbs: data.breadcrumbs,
    products: r.products,
    firstPosition: (r.page - 1) * r.pageSize + 1,
    total: r.total,
  });
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
        onProductClick={onProductClick}
        noResults={<p className="grid__message">There are no datasets in this category yet.</p>}
      />
      {/* Structured data for search engines: the collection, its breadcrumbs and the datasets listed */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is serialised by scriptJson, which escapes < so the script cannot be closed early */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }} />
    </>
  );
}
