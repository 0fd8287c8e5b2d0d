// Storefront URLs and the safe-URL rule for links built from record data (spec 03 §2.4, §5).

export const productHref = (id: string): string => `/product/${encodeURIComponent(id)}`;

/** Category pages by url name, otherwise by record id (spec 01 §2). */
export const categoryHref = (c: { id: string; urlName?: string | null }): string =>
  `/category/${encodeURIComponent(c.urlName || c.id)}`;

/**
 * A link target from record data: single-slash paths, hash links, http(s), mailto: and tel:
 * pass; script-like and data schemes, protocol-relative and anything unparseable give null.
 * Control and encoded characters are stripped before the scheme is read.
 */
export function safeHref(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!url) return null;
  let probe = url;
  try {
    probe = decodeURIComponent(url);
  } catch {
    /* keep the raw text */
  }
  // eslint-disable-next-line no-control-regex
  probe = probe.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (/^(javascript|vbscript|data|file|blob):/.test(probe)) return null;
  if (url.startsWith('#')) return url;
  if (/^\/(?![/\\])/.test(url)) return url;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(url)) return url;
  return null;
}
