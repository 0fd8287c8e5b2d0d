// Validates a sitemap or sitemap index against the sitemaps.org 0.9 schemas kept in src/seo/schemas, with
// xmllint (Debian libxml2-utils; .ci/run installs it). Tests only.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const SCHEMAS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../seo/schemas');

/** xmllint's verdict on the document: ok, or its messages. */
export function validateSitemap(xml: string, kind: 'urlset' | 'sitemapindex'): { ok: boolean; output: string } {
  const schema = path.join(SCHEMAS, kind === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd');
  const run = spawnSync('xmllint', ['--noout', '--schema', schema, '-'], { input: xml, encoding: 'utf8' });
  if (run.error) throw new Error(`xmllint is needed (apt-get install libxml2-utils): ${run.error.message}`);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** The <loc> values of a sitemap or sitemap index, in order. */
export const locsOf = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
