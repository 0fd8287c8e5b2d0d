// The product page's images (its Standard media group), each a responsive ProductImage. The first is
// the page's main picture and loads at once; further ones load as they come near.
import type { ProductDetail } from '@store/core';
import { ProductImage } from '../ui/ProductImage.tsx';
import { productPageImages } from '../../lib/catalogue/product-media.ts';

/** The generated images are square; stated so the page keeps their room before they load. */
const IMAGE_SIZE = 600;

export function ProductMediaImages({ product }: { product: ProductDetail }) {
  const images = productPageImages(product);
  if (!images.length) return null;
  return (
    <div className="pdp-media">
      {images.map((image, i) => (
        <ProductImage
          key={image.key}
          url={image.url}
          alt={image.alt}
          layout="page"
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          eager={i === 0}
          className="pdp-media__image"
        />
      ))}
    </div>
  );
}
