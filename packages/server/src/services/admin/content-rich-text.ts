// Rich text of managed content is sanitised when the workspace writes it (spec 03 §5 "Generic library
// rules"): the rich-text allow-list of tags and attributes the storefront's sanitiser documents
// (packages/web/src/lib/sanitize.ts), the URL schemes ftp, ftps, http, https, mailto, tel, callto, cid, xmpp,
// ciscotel and navision, and iframes only from core's frame list (isAllowedFrameSrc: https video players, or a
// page of this site). The storefront sanitises
// again when it shows it; storing only clean HTML means no other reader (delivery API clients) gets a vector.
// DOMPurify over a jsdom window, as the rich description (rich-description.ts jsdomPurifier).
import { isAllowedFrameSrc } from '@store/core';
import { jsdomPurifier } from './rich-description.ts';

// The storefront's list (web lib/sanitize.ts RICH_TEXT_ALLOWED_TAGS), which the server cannot import, plus
// iframe (checked against core isAllowedFrameSrc below).
const TAGS = [
  'a',
  'abbr',
  'acronym',
  'address',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'iframe',
]; // prettier-ignore
const ATTRS = [
  'align',
  'alt',
  'border',
  'cellpadding',
  'cellspacing',
  'cite',
  'class',
  'color',
  'colspan',
  'datetime',
  'dir',
  'face',
  'headers',
  'height',
  'href',
  'hreflang',
  'lang',
  'name',
  'rel',
  'rowspan',
  'scope',
  'size',
  'span',
  'src',
  'start',
  'summary',
  'target',
  'title',
  'type',
  'valign',
  'width',
  'allow',
  'allowfullscreen',
]; // prettier-ignore
const URI = /^(?:(?:ftps?|https?|mailto|tel|callto|cid|xmpp|ciscotel|navision):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: ReturnType<typeof jsdomPurifier> | null = null;

function instance() {
  purifier ??= jsdomPurifier((node) => {
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener');
    if (node.tagName === 'IFRAME' && !isAllowedFrameSrc(node.getAttribute('src'))) node.remove();
  });
  return purifier;
}

/** The HTML as it is stored: only the allowed markup. */
export function sanitiseContentHtml(html: string): string {
  const clean = instance().sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRS,
    ALLOWED_URI_REGEXP: URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
  }) as unknown as string;
  return clean.trim();
}
