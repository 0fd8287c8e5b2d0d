// Embedded frames (spec 03 §5 generic library rules: "allowed only over https and only from known video hosts
// and platform-hosted sites"). One list for the rich-text sanitiser (which removes every other iframe) and
// the storefront's Content-Security-Policy frame-src (which lets the browser load only these).

/** Video hosts and the path prefixes their embeddable players live under. */
export const VIDEO_FRAME_SOURCES: readonly { host: string; pathPrefix: string }[] = [
  { host: 'www.youtube.com', pathPrefix: '/embed/' },
  { host: 'youtube.com', pathPrefix: '/embed/' },
  { host: 'www.youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'player.vimeo.com', pathPrefix: '/video/' },
];

/** The CSP frame-src sources for those hosts (https only), besides 'self'. */
export const FRAME_SRC_SOURCES: readonly string[] = [...new Set(VIDEO_FRAME_SOURCES.map((s) => `https://${s.host}`))];

/**
 * Whether an iframe may load `src`: an https URL of a known video player, or a page of this site (a
 * single-slash path, or https on `siteOrigin`). No credentials in the URL, no other scheme, nothing else.
 */
export function isAllowedFrameSrc(src: string | null | undefined, siteOrigin?: string | null): boolean {
  if (typeof src !== 'string') return false;
  const value = src.trim();
  if (value === '' || value.length > 2048 || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  if (siteOrigin) {
    try {
      const site = new URL(siteOrigin);
      if (site.protocol === 'https:' && url.origin === site.origin) return true;
    } catch {
      // An unreadable site origin allows only the video hosts.
    }
  }
  return VIDEO_FRAME_SOURCES.some((s) => url.hostname === s.host && url.pathname.startsWith(s.pathPrefix));
}
