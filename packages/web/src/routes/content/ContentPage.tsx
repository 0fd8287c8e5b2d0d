import { ContentLayout } from '../../components/content/ContentLayout.tsx';
import { blocksOf } from '../../lib/content/content-page.ts';
import type { ContentPageData } from '../../lib/content/page-source.ts';

/** True when the layout has its own h1 (a text block with tag h1 at some size). */
const hasOwnH1 = (page: ContentPageData) =>
  blocksOf(page.layout).some(
    (b) => b.type === 'textBlock' && (b.tag === 'h1' || b.tabletTag === 'h1' || b.mobileTag === 'h1'),
  );

/** A site page composed from its stored layout; a Draft (only ever delivered in preview) says so. */
export function ContentPage({ page }: { page: ContentPageData }) {
  // The page's one h1: its own heading block, else its first banner's heading (a home page's hero), else its title.
  const ownH1 = hasOwnH1(page);
  const hasBanner = blocksOf(page.layout).some((b) => b.type === 'banner');
  return (
    <article className="content-page" data-content-key={page.contentKey}>
      {page.status === 'Draft' ? (
        <p className="notice notice--info" role="status">
          Draft: shoppers cannot see this page until it is published. You see it because preview is on.
        </p>
      ) : null}
      {ownH1 || hasBanner ? null : <h1 className="content-page__title">{page.title}</h1>}
      <ContentLayout
        layout={page.layout}
        references={page.references}
        images={page.images}
        richTexts={page.richTexts}
        products={page.products}
        links={{ contentUrlNames: page.contentUrlNames, host: page.origin }}
        bannerAsPageHeading={!ownH1 && hasBanner}
      />
    </article>
  );
}
