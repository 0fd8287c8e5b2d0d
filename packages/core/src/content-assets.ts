// Content-asset expressions in rich text (spec 03 §2.3 "Rich text and HTML output": expressions for content
// assets resolve to file-asset and content-delivery media paths under the site base path). Resolved before
// the HTML is sanitised, so whatever they become still passes the sanitiser's URL rules.
//
// Grammar (the only forms replaced; anything else between {! and } is left as written so an author sees it):
//   {!contentAsset.<name>}            → /sfsites/c/file-asset/<name>
//   {!contentAsset.<name>.<version>}  → /sfsites/c/file-asset/<name>?v=<version>
//   {!cmsImage.<contentKey>}          → the image's delivery URL (imageInfos[contentKey].Url when given), else
//                                       /sfsites/c/cms/delivery/media/<contentKey>
//   {!Site.basePath}                  → /sfsites/c
// <name>: a letter, then letters, digits or underscores (at most 80: the platform's API-name rule);
// <version>: 1 to 9 digits; <contentKey>: CONTENT_KEY_PATTERN. Spaces inside the braces are not allowed.

import { CONTENT_KEY_PATTERN, SITE_BASE_PATH, cmsMediaPath } from './content.ts';

/** Image data of a rich text's images, by content key (the platform's imageInfos: {Url, …}). */
export type RichTextImageInfos = Readonly<Record<string, { Url?: string | null } | undefined>>;

export const fileAssetPath = (name: string, version?: string | number): string =>
  `${SITE_BASE_PATH}/file-asset/${encodeURIComponent(name)}${version === undefined ? '' : `?v=${encodeURIComponent(String(version))}`}`;

const EXPRESSION = /\{!([A-Za-z][A-Za-z0-9_.]*)\}/g;
const ASSET = /^contentAsset\.([A-Za-z][A-Za-z0-9_]{0,79})(?:\.([0-9]{1,9}))?$/;
const IMAGE = /^cmsImage\.([A-Z0-9]+)$/;

/** One expression's value, or null when it is not one of the forms above. */
export function resolveContentExpression(expression: string, imageInfos: RichTextImageInfos = {}): string | null {
  if (expression === 'Site.basePath') return SITE_BASE_PATH;
  const asset = ASSET.exec(expression);
  if (asset) return fileAssetPath(asset[1] as string, asset[2]);
  const image = IMAGE.exec(expression);
  if (image && CONTENT_KEY_PATTERN.test(image[1] as string)) {
    const key = image[1] as string;
    const info = Object.hasOwn(imageInfos, key) ? imageInfos[key] : undefined;
    const url = typeof info?.Url === 'string' && info.Url.trim() !== '' ? info.Url.trim() : null;
    return url ?? cmsMediaPath(key);
  }
  return null;
}

/** The text with every known expression replaced (unknown ones stay as written). */
export function resolveContentExpressions(html: string, imageInfos: RichTextImageInfos = {}): string {
  return html.replace(EXPRESSION, (whole, expr: string) => resolveContentExpression(expr, imageInfos) ?? whole);
}
