// Loader data of each route: plain JSON, so it travels to the browser as hydration data.

import type { ProductDetail, ProductPrice, ProductTaxes } from '@store/core';
import type { BreadcrumbInput } from '@store/core';
import type { SanitizedRichText } from '../lib/sanitize.ts';

export interface MenuLink {
  label: string;
  href: string;
  children: MenuLink[];
}

export interface SessionInfo {
  isGuest: boolean;
  userId: string | null;
}

export interface RootData {
  menu: MenuLink[];
  session: SessionInfo;
}

export interface CardProduct {
  id: string;
  name: string;
  sku: string | null;
  href: string;
  imageUrl: string | null;
  imageAlt: string;
  /** Formatted prices; null when the product has no price. */
  price: string | null;
  originalPrice: string | null;
  recordCount: string | null;
  countries: string | null;
}

export interface HomeData {
  featured: CardProduct[];
  featuredError: boolean;
}

export interface CategoryData {
  category: { id: string; name: string; description: string | null; href: string };
  breadcrumbs: BreadcrumbInput[];
  children: Array<{ label: string; href: string }>;
  products: CardProduct[];
  productsError: boolean;
  total: number;
  page: number;
  pageSize: number;
  origin: string;
}

export interface ProductData {
  product: ProductDetail;
  pricing: ProductPrice | null;
  taxes: ProductTaxes | null;
  defaultCurrency: string;
  description: SanitizedRichText;
  origin: string;
}

export interface HeadData {
  title: string;
  description?: string;
  /** Path of the canonical URL; made absolute with the request's origin. */
  canonicalPath?: string;
  image?: string | null;
  type?: 'website' | 'product';
  robots?: string;
}
