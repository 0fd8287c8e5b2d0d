import { AppLink } from '../../components/ui/AppLink.tsx';
import { Grid } from '../../components/layout/Grid.tsx';
import { ProductCard } from '../../components/catalogue/ProductCard.tsx';
import type { HomeData, MenuLink } from '../types.ts';

export function HomePage({ data, categories }: { data: HomeData; categories: MenuLink[] }) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Business datasets, ready to use</h1>
        <p>
          Targeted lists of businesses and professionals with verified email addresses and phone numbers, refreshed
          regularly and delivered as CSV.
        </p>
        {categories.length ? (
          <ul className="chips" aria-label="Browse categories">
            {categories.map((c) => (
              <li key={c.href}>
                <AppLink href={c.href}>{c.label}</AppLink>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">Featured datasets</h2>
        <Grid
          items={data.featured}
          error={data.featuredError}
          numberOfColumns={4}
          itemSpacing="large"
          ariaLabel="Featured datasets"
          renderItem={(p, i) => <ProductCard product={p} eager={i < 2} />}
          emptyState={<p className="grid__message">No datasets are featured right now.</p>}
          errorState={<p className="grid__message">Featured datasets could not be loaded. Please try again later.</p>}
        />
      </section>
    </>
  );
}
