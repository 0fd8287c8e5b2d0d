// What a bundle contains (issue 14): each dataset by name, linked to its own page, with its record count.
// The bundle is bought as one product (its own Add to Cart); its order delivers one download per dataset
// listed here. Components the buyer may not see are not in the list (the server leaves them out).

import type { ProductComponent } from '@store/core';
import { datasetFacts } from '../../lib/catalogue/product-view.ts';
import { productHref } from '../../lib/links.ts';
import { AppLink } from '../ui/AppLink.tsx';

export const BUNDLE_CONTENTS_HEADING = "What's in this bundle";

export function BundleContents({ components }: { components: ProductComponent[] | null }) {
  return (
    <section className="product-contents" aria-labelledby="bundle-contents-title">
      <h2 id="bundle-contents-title">{BUNDLE_CONTENTS_HEADING}</h2>
      {components === null ? (
        <p>The datasets in this bundle could not be loaded. Reload the page to try again.</p>
      ) : (
        <>
          <p>{`${components.length} ${components.length === 1 ? 'dataset' : 'datasets'}, each delivered as its own download.`}</p>
          <ul className="product-contents__list">
            {components.map((c) => {
              const count = datasetFacts(c).recordCount;
              return (
                <li key={c.id} className="product-contents__item" data-product-id={c.id}>
                  <AppLink href={productHref(c.id)}>{c.name}</AppLink>
                  {count ? <span className="product-contents__meta">{`${count} records`}</span> : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
