// Rich text of managed content is sanitised when the workspace writes it (spec 03 §5 "Generic library rules"):
// the storefront's rich-text allow-list (core rich-text-policy.ts: tags, attributes, the URL schemes ftp, ftps,
// http, https, mailto, tel, callto, cid, xmpp, ciscotel, navision) and iframes only from core's frame list
// (isAllowedFrameSrc: https video players, or a page of this site). The storefront sanitises again when it
// shows it; storing only clean HTML means no other reader (delivery API clients) gets a vector.
// DOMPurify over a jsdom window, as the rich description (rich-description.ts jsdomPurifier).
import { isAllowedFrameSrc, RICH_TEXT_ALLOWED_ATTR, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_URI_REGEXP } from '@store/core';
import { jsdomPurifier } from './rich-description.ts';

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
    ALLOWED_TAGS: [...RICH_TEXT_ALLOWED_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_ALLOWED_ATTR],
    ALLOWED_URI_REGEXP: RICH_TEXT_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
  }) as unknown as string;
  return clean.trim();
}
