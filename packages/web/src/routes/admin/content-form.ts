// The content editors' pure half (issue 16 item 7): new sections, columns and blocks with fresh ids, moving
// and removing them in a list, the link picker's kinds of page reference, and reading the editor's form
// fields back. The server checks every body again; these only shape what the editors send.

import {
  CONTENT_TYPES,
  type BlockDefinition,
  type BlockType,
  type ColumnDefinition,
  type ContentTypeFqn,
  type PageReference,
  type SectionDefinition,
} from '@store/core';

let counter = 0;
/** An id unique within the page (the server only asks for letters, digits, - and _). */
export function freshId(prefix: string): string {
  counter = (counter + 1) % 1_000_000;
  return `${prefix}-${Date.now().toString(36)}${counter.toString(36)}`;
}

export function newColumn(width = 12): ColumnDefinition {
  return { id: freshId('col'), width, components: [] };
}

export function newSection(): SectionDefinition {
  return { id: freshId('sec'), columns: [newColumn()] };
}

export const BLOCK_LABELS: Record<BlockType, string> = {
  textBlock: 'Text block',
  richText: 'Rich text',
  button: 'Button',
  banner: 'Banner',
  image: 'Image',
  productCollection: 'Product collection',
  responsiveWrapper: 'Responsive wrapper',
};

/** The content type a block placed by key shows. */
export const BLOCK_CONTENT_TYPE: Partial<Record<BlockType, ContentTypeFqn>> = {
  banner: CONTENT_TYPES.banner,
  image: CONTENT_TYPES.image,
  productCollection: CONTENT_TYPES.productCollection,
  richText: CONTENT_TYPES.richText,
};

/** A block of the type with the least it needs; a block placed by key starts with the first item offered. */
export function newBlock(type: BlockType, firstKey: (t: ContentTypeFqn) => string | undefined): BlockDefinition {
  const id = freshId(type);
  switch (type) {
    case 'textBlock':
      return { type, id, text: 'New text', tag: 'p' };
    case 'richText':
      return { type, id, value: '<p>New rich text</p>' };
    case 'button':
      return { type, id, text: 'Learn more', link: { type: 'standard__namedPage', attributes: { name: 'Home' } } };
    case 'responsiveWrapper':
      return { type, id, sizes: '', components: [] };
    default:
      return { type, id, contentKey: firstKey(BLOCK_CONTENT_TYPE[type]!) ?? '' };
  }
}

/** The list with the item at `from` moved by `by` places (unchanged when that leaves the list). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export const removed = <T>(list: readonly T[], at: number): T[] => list.filter((_, i) => i !== at);
export const replaced = <T>(list: readonly T[], at: number, item: T): T[] => list.map((x, i) => (i === at ? item : x));

// ---- Links (spec 03 §2.4) ----

export type LinkKind = 'web' | 'content' | 'product' | 'category' | 'named';

export const LINK_KINDS: ReadonlyArray<readonly [LinkKind, string]> = [
  ['web', 'Web page (a path on this site)'],
  ['content', 'Content page'],
  ['product', 'Product'],
  ['category', 'Category'],
  ['named', 'Named page'],
];

export const NAMED_PAGES = ['Home', 'Search', 'Cart', 'Login', 'Register', 'Account'] as const;

export function linkKindOf(link: PageReference | undefined): LinkKind {
  const attrs = link?.attributes ?? {};
  switch (link?.type) {
    case 'standard__managedContentPage':
      return 'content';
    case 'standard__namedPage':
      return 'named';
    case 'standard__recordPage':
      return attrs.objectApiName === 'ProductCategory' ? 'category' : 'product';
    default:
      return 'web';
  }
}

/** The one value the link picker edits for a kind: the url, content key, record id or page name. */
export function linkValueOf(link: PageReference | undefined): string {
  const a = link?.attributes ?? {};
  const v =
    a.url ??
    a.contentKey ??
    a.recordId ??
    a.urlName ??
    a.urlPath ??
    (link?.type === 'standard__namedPage' ? a.name : '');
  return typeof v === 'string' ? v : '';
}

export function linkOf(kind: LinkKind, value: string): PageReference {
  const v = value.trim();
  switch (kind) {
    case 'content':
      return {
        type: 'standard__managedContentPage',
        attributes: { contentTypeName: CONTENT_TYPES.pageLayout, contentKey: v },
      };
    case 'product':
      return { type: 'standard__recordPage', attributes: { objectApiName: 'Product2', recordId: v } };
    case 'category':
      return { type: 'standard__recordPage', attributes: { objectApiName: 'ProductCategory', recordId: v } };
    case 'named':
      return { type: 'standard__namedPage', attributes: { name: v || 'Home' } };
    default:
      return { type: 'standard__webPage', attributes: { url: v } };
  }
}

/** A form's date-time field (datetime-local, read as UTC) as an ISO instant, or null when empty. */
export function instantOf(value: FormDataEntryValue | null): string | null {
  const v = String(value ?? '').trim();
  if (!v) return null;
  const t = Date.parse(/Z$|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** An ISO instant as a datetime-local field's value (UTC, to the minute). */
export const localValueOf = (iso: string | null): string => (iso ? iso.slice(0, 16) : '');
