// What a product's rich description may hold once the workspace writes it (issue 15): the markup a product
// description needs and nothing that runs, styles or frames. The server sanitises to this list on write
// (the stored column is trusted); the workspace's preview applies the same list, so the seller sees what
// will be stored. The storefront's render-time sanitiser (spec 03 §5, wider) still runs on top.

/** Paragraphs, lists, emphasis, links, sub-headings h2–h4 (the page has its h1) and plain tables. */
export const RICH_DESCRIPTION_TAGS: readonly string[] = [
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'h2',
  'h3',
  'h4',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** No class, style, id or event handler: only what a link and a table cell mean. */
export const RICH_DESCRIPTION_ATTRIBUTES: readonly string[] = ['href', 'colspan', 'rowspan', 'scope'];

/** Link targets: http(s), mailto and tel, or a URL on this site (relative, fragment); anything else is dropped. */
export const RICH_DESCRIPTION_URL = /^(?:(?:https?|mailto|tel):|[^:/?#]*(?:[/?#]|$))/i;

/** The longest rich description accepted, in characters of HTML. */
export const RICH_DESCRIPTION_MAX_LENGTH = 20_000;

/** DOMPurify's options for this list (plain data, so core stays free of the library). */
export const RICH_DESCRIPTION_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...RICH_DESCRIPTION_TAGS],
  ALLOWED_ATTR: [...RICH_DESCRIPTION_ATTRIBUTES],
  ALLOWED_URI_REGEXP: RICH_DESCRIPTION_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  /** Script and style contents go with their elements rather than being kept as text. */
  FORBID_CONTENTS: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math'],
  RETURN_TRUSTED_TYPE: false,
};
