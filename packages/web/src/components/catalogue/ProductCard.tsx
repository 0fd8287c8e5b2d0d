import type { ReactNode } from 'react';
import { AppLink } from '../ui/AppLink.tsx';
import { ProductImage } from '../ui/ProductImage.tsx';
import type { CardProduct } from '../../routes/types.ts';

export interface ProductCardProps {
  product: CardProduct;
  eager?: boolean;
  /** A control under the price (result tiles: add to list). */
  action?: ReactNode;
  /** The shopper follows the card's link: results pages report clickSearch / clickCategory, recommendation strips clickReco. */
  onOpen?: () => void;
}

export function ProductCard({ product, eager = false, action, onOpen }: ProductCardProps) {
  return (
    <article className="card">
      {product.imageUrl ? (
        <ProductImage
          url={product.imageUrl}
          alt={product.imageAlt}
          layout="tile"
          width={400}
          height={300}
          eager={eager}
        />
      ) : null}
      <div className="card__body">
        <h3 className="card__title">
          <AppLink href={product.href} onClick={onOpen}>
            {product.name}
          </AppLink>
        </h3>
        {product.recordCount ? <p className="card__meta">{`${product.recordCount} records`}</p> : null}
        {product.listStatus ? <p className="card__meta">{`List status: ${product.listStatus}`}</p> : null}
        {product.countries ? <p className="card__meta">{product.countries}</p> : null}
        <p className="card__price">
          {product.price ? (
            <>
              {product.originalPrice ? (
                <>
                  <s className="price__original">
                    <span className="sr-only">Original price </span>
                    {product.originalPrice}
                  </s>{' '}
                </>
              ) : null}
              {product.price}
            </>
          ) : (
            'Price Unavailable'
          )}
        </p>
        {action}
      </div>
    </article>
  );
}
