// The server render's rich-text sanitiser: sanitize-html with the storefront's policy (sanitize.ts). It parses
// without a DOM; DOMPurify, which the browser uses, would need jsdom here, and jsdom cost each server process
// about 100 MiB of memory. Loaded lazily so importing the app does not pay for it.
//
// The rules are DOMPurify's, as sanitize.ts configures it, restated for sanitize-html:
// - the same tags and attributes (and aria-*); disallowed tags go, their text stays, except the contents of
//   script, style and the like;
// - every non-empty attribute value that could be read as a URL is kept only when it matches RICH_TEXT_URI_REGEXP
//   once whitespace is removed (DOMPurify tests every attribute but the few it knows are never URLs); an
//   image may also carry a data:image/ URL (DOMPurify keeps those; other data: URLs go);
// - the link and frame rules of domPurifier: a link with a target opens a new window without its opener; an
//   iframe stays only with an allowed src (isAllowedFrameSrc) and then loads lazily.
// - `name` stays on links only: on an image or a frame it could shadow a property of `document` (DOMPurify
//   removes such names by asking the DOM, which this side has not got).

import type { IOptions } from 'sanitize-html';
import { isAllowedFrameSrc, RICH_TEXT_ALLOWED_ATTR, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_URI_REGEXP } from '@store/core';
import { NEW_WINDOW_LINK, type Purifier } from './sanitize.ts';

/** Attributes DOMPurify never tests as URLs (its URI-safe list, as far as the policy allows them). */
const NEVER_URLS = new Set(['alt', 'class', 'name', 'summary', 'title']);
/** The characters DOMPurify removes from a value before testing it as a URL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const DATA_IMAGE = /^data:image\//i;

/** The attributes a tag keeps under the policy: URL values checked, the link and frame rules applied. */
function policyAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'name' && tag !== 'a') continue;
    if (value && !NEVER_URLS.has(name) && !name.startsWith('aria-')) {
      const compact = value.replace(ATTR_WHITESPACE, '');
      const dataImage = tag === 'img' && name === 'src' && DATA_IMAGE.test(compact);
      if (!dataImage && !RICH_TEXT_URI_REGEXP.test(compact)) continue;
    }
    out[name] = value;
  }
  if (tag === 'a' && out.target) Object.assign(out, NEW_WINDOW_LINK);
  if (tag === 'iframe') out.loading = 'lazy';
  return out;
}

/** sanitize-html's options; its type package does not yet name allowedEmptyAttributes (sanitize-html 2.x has it). */
const SANITIZE_HTML_OPTIONS: IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
  allowedAttributes: { '*': [...RICH_TEXT_ALLOWED_ATTR, 'aria-*'] },
  // An empty value stays, written `name=""` as DOMPurify writes it.
  allowedEmptyAttributes: [...RICH_TEXT_ALLOWED_ATTR],
  // URL values are checked by policyAttributes against the policy's pattern, not by a scheme list.
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: true,
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: policyAttributes(tagName, attribs) }) },
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedFrameSrc(frame.attribs.src),
};

let instance: Promise<Purifier> | null = null;

export function getServerPurifier(): Promise<Purifier> {
  instance ??= import('sanitize-html').then(({ default: sanitizeHtml }) => ({
    sanitize: (dirty: string) => sanitizeHtml(dirty, SANITIZE_HTML_OPTIONS),
  }));
  return instance;
}
