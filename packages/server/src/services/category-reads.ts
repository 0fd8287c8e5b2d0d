// The category reads of the storefront API: a category's detail, its children, its path and the
// navigation menu, each showing only what the caller may see (entitlements, and Live unless previewing).
import type { NavigationMenuItem, ProductCategoryDetail } from '@store/core';
import { invalidId, notFound } from '../domain/errors.ts';
import type { CatalogueContext } from './buyer-context.ts';
import type { CategoryNode } from './category-tree.ts';
import type { Visibility } from './entitlements.ts';

export interface CategoryDetailQuery {
  fields?: string[];
  excludeMedia?: boolean;
}

export interface MenuQuery {
  addHomeMenuItem?: boolean;
  includeImageUrl?: boolean;
  maxLevels: number;
  maxItems: number;
  publishStatus?: 'Draft' | 'Live';
}

function detailOf(n: CategoryNode, q: { fields?: string[]; excludeMedia?: boolean }): ProductCategoryDetail {
  const all: Record<string, string | null> = {
    Id: n.row.id,
    Name: n.row.name,
    Description: n.row.description,
    ParentCategoryId: n.row.parent_id,
    CatalogId: null,
    NumberOfProducts: String(n.productCount),
    IsNavigational: n.row.is_navigational ? 'true' : 'false',
    SortOrder: String(n.row.sort_order),
  };
  const wanted = q.fields?.length ? new Set(q.fields.map((f) => f.toLowerCase())) : null;
  const fields = wanted ? Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k.toLowerCase()))) : all;
  const mediaGroups =
    n.row.image_url && !q.excludeMedia
      ? [
          {
            id: `2mg${n.row.id.slice(3)}`,
            developerName: 'tileImage',
            name: 'Tile Image',
            usageType: 'Standard' as const,
            mediaItems: [
              {
                id: `2pm${n.row.id.slice(3)}`,
                alternateText: n.row.name,
                contentVersionId: null,
                mediaType: 'Image' as const,
                sortOrder: 0,
                thumbnailUrl: n.row.image_url,
                title: n.row.name,
                url: n.row.image_url,
              },
            ],
          },
        ]
      : [];
  return { id: n.row.id, urlName: n.row.url_name, fields, mediaGroups };
}

/** A category and each of its ancestors are Live. */
const isLive = (n: CategoryNode): boolean => n.row.publish_status === 'Live' && (!n.parent || isLive(n.parent));

/**
 * The one Live/Draft rule: outside preview a Draft category is not shown, nor anything under it; and a
 * category is shown only to an audience entitled to it (or to something under it). Every read that
 * names a category (detail, children, path, menu, search by category, suggestions, its image) asks here.
 */
export function showsCategory(visibility: Visibility, n: CategoryNode, includeDraft: boolean): boolean {
  return (includeDraft || isLive(n)) && visibility.canSeeCategory(n);
}

/** The answer for a category that is unknown or not shown to the caller: the two are told alike. */
const categoryUnavailable = (idOrUrlName: string) =>
  notFound(`The category ${idOrUrlName} doesn't exist or isn't available to you.`);

function findVisible(ctx: CatalogueContext, idOrUrlName: string): CategoryNode {
  if (!/^[a-zA-Z0-9-]{1,120}$/.test(idOrUrlName)) throw invalidId(idOrUrlName);
  const node = ctx.tree.find(idOrUrlName);
  if (!node || !showsCategory(ctx.visibility, node, ctx.isPreview)) throw categoryUnavailable(idOrUrlName);
  return node;
}

interface MenuOptions {
  maxLevels: number;
  maxItems: number;
  includeImageUrl: boolean;
  visible: (n: CategoryNode) => boolean;
}

function menuItem(n: CategoryNode, level: number, opts: MenuOptions): NavigationMenuItem {
  const children = level < opts.maxLevels ? n.children.filter(opts.visible).slice(0, opts.maxItems) : [];
  return {
    actionType: 'InternalLink',
    actionValue: `/category/${n.row.url_name}`,
    imageUrl: opts.includeImageUrl ? n.row.image_url : null,
    label: n.row.name,
    pageReference: {
      type: 'standard__recordPage',
      attributes: { objectApiName: 'ProductCategory', recordId: n.row.id, urlName: n.row.url_name, actionName: 'view' },
    },
    subMenu: children.map((c) => menuItem(c, level + 1, opts)),
    target: 'CurrentWindow',
  };
}

export class CategoryReads {
  /** A category by id or url name (the storefront routes categories by url name, spec 01 §2). */
  detail(ctx: CatalogueContext, idOrUrlName: string, q: CategoryDetailQuery): ProductCategoryDetail {
    return detailOf(findVisible(ctx, idOrUrlName), q);
  }

  /** The shown children of a category, or the shown roots without one. */
  children(ctx: CatalogueContext, parentId: string | undefined, q: CategoryDetailQuery) {
    const nodes = parentId ? findVisible(ctx, parentId).children : ctx.tree.roots;
    return {
      productCategories: nodes
        .filter((n) => showsCategory(ctx.visibility, n, ctx.isPreview))
        .map((n) => detailOf(n, q)),
    };
  }

  /** The path from the root to a category. */
  path(ctx: CatalogueContext, idOrUrlName: string) {
    return { path: ctx.tree.path(findVisible(ctx, idOrUrlName).row.id) };
  }

  /** The navigation menu built from the category tree. */
  menu(ctx: CatalogueContext, q: MenuQuery) {
    // Outside preview the menu defaults to Live; in preview to Draft (spec 01 §4). Only preview may
    // see Draft: anyone else asking for it gets the Live menu.
    const draft = ctx.isPreview && (q.publishStatus ?? 'Draft') === 'Draft';
    const opts: MenuOptions = {
      maxLevels: q.maxLevels,
      maxItems: q.maxItems,
      includeImageUrl: !!q.includeImageUrl,
      visible: (n) => showsCategory(ctx.visibility, n, draft),
    };
    const items = ctx.tree.roots
      .filter(opts.visible)
      .slice(0, q.maxItems)
      .map((n) => menuItem(n, 1, opts));
    if (q.addHomeMenuItem) {
      items.unshift({
        actionType: 'InternalLink',
        actionValue: '/',
        imageUrl: null,
        label: 'Home',
        pageReference: null,
        subMenu: [],
        target: 'CurrentWindow',
      });
    }
    const count = (list: NavigationMenuItem[]): number => list.reduce((n, i) => n + 1 + count(i.subMenu), 0);
    return { menuItems: items, totalMenuItems: count(items) };
  }
}
