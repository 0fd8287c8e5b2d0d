// A storefront page's HTML, compressed for a browser that accepts it (issue 20: the dataset page is about 200 kB of
// HTML; under a phone's network that was a second of Lighthouse's load). The scripts and styles are compressed
// once at build time (@fastify/static's preCompressed); a page is rendered per request, so it is compressed here,
// off the event loop, at a brotli quality that costs a few milliseconds (11 would cost tens).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Below this a page goes as it is: compressing gains less than it costs. */
const MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;

/** Which of our encodings the request accepts (brotli first), from its Accept-Encoding; none for `q=0`. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** The page's body as it goes out: compressed (with its Content-Encoding) when the browser accepts it. */
export async function pageBody(req: FastifyRequest, reply: FastifyReply, html: string): Promise<string | Buffer> {
  reply.header('Vary', 'Accept-Encoding');
  const bytes = Buffer.from(html);
  const encoding = bytes.length < MIN_BYTES ? null : acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return html;
  const body =
    encoding === 'br'
      ? await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzipped(bytes);
  reply.header('Content-Encoding', encoding);
  return body;
}
