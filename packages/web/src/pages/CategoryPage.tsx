import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Grid } from '../components/Grid.tsx';
import { ProductCard } from './ProductCard.tsx';
import type { CategoryData } from './types.ts';

export function pageHref(base: string, page: number): string {
  return page <= 1 ? base : `${base}?page=${page}`;
}

export function CategoryPage({ data }: { data: CategoryData }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const base = data.category.href;
  const pager =
    pages > 1 ? (
      <nav className="pager" aria-label="Pages">
        {data.page > 1 ? <AppLink href={pageHref(base, data.page - 1)} rel="prev">Previous page</AppLink> : null}
        <span>
          Page {data.page} of {pages}
        </span>
        {data.page < pages ? <AppLink href={pageHref(base, data.page + 1)} rel="next">Next page</AppLink> : null}
      </nav>
    ) : null;
  return (
    <>
      <Breadcrumbs items={data.breadcrumbs} divider="slash" showHomeLink homeLabel="Home" homeHref="/" maxDepthOnMobile={3} />
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
      <p className="card__meta" aria-live="polite">
        {data.total === 1 ? '1 dataset' : `${data.total.toLocaleString('en-US')} datasets`}
      </p>
      <Grid
        items={data.products}
        error={data.productsError}
        numberOfColumns={3}
        itemSpacing="large"
        ariaLabel={`Datasets in ${data.category.name}`}
        renderItem={(p, i) => <ProductCard product={p} eager={i < 2} />}
        showPagination
        pagination={pager}
        emptyState={<p className="grid__message">There are no datasets in this category yet.</p>}
        errorState={<p className="grid__message">The datasets could not be loaded. Please try again later.</p>}
      />
    </>
  );
}
