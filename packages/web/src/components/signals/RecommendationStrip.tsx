// A recommendation list as a row of product cards (the cart page's "Complete your purchase"), reporting viewReco when
// shown and clickReco when a card's product is opened.
import { Grid } from '../layout/Grid.tsx';
import { ProductCard } from '../catalogue/ProductCard.tsx';
import type { RecommendationStrip as Strip } from '../../lib/signals/recommendations.ts';
import { useRecoActivity } from '../../lib/signals/use-reco-activity.ts';

export function RecommendationStrip({ strip, title }: { strip: Strip; title: string }) {
  const { list, cards } = strip;
  const clickReco = useRecoActivity([{ list, shown: list.products }]);
  const headingId = `reco-${list.recommender}`;
  return (
    <section className="reco-strip" aria-labelledby={headingId} data-recommender={list.recommender}>
      <h2 id={headingId}>{title}</h2>
      <Grid
        items={cards}
        numberOfColumns={4}
        itemSpacing="large"
        ariaLabel={title}
        renderItem={(card, i) => (
          <ProductCard
            product={card}
            onOpen={() => {
              const product = list.products.find((p) => p.id === card.id);
              if (product) clickReco(list, product, i + 1);
            }}
          />
        )}
        emptyState={null}
      />
    </section>
  );
}
