// Text that is not text is refused at the edge, before any schema or service sees it: C0 control characters
// other than tab and line breaks, DEL, and lone UTF-16 surrogates, in path parameters, query values and JSON
// bodies alike. No name, address, search term or id contains them; PostgreSQL cannot store a NUL in text, and a
// lone surrogate has no UTF-8 form, so letting them through turns bad input into a server fault deep inside.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError, badInput } from '../domain/errors.ts';

const NOT_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The dotted path of the first string (or object key) in `value` that is not text, else null. Iterative: a
 * body nested thousands deep is valid JSON and must not overflow the stack. */
export function firstNonText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (NOT_TEXT.test(v)) return at || '(value)';
    } else if (v instanceof Uint8Array) {
      // A binary body (an uploaded image) is not text and is checked by what reads it.
    } else if (v instanceof Readable) {
      // A streamed body (a dataset file) is checked by what reads it, as it arrives.
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}[${i}]`]);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const where = at ? `${at}.${k}` : k;
        if (NOT_TEXT.test(k)) return where;
        stack.push([x, where]);
      }
    }
  }
  return null;
}

/** JSON is UTF-8 (RFC 8259); a body declared in another charset would be read wrongly, so it is refused. */
function declaredCharset(contentType: string | undefined): string | null {
  const m = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType) : null;
  return m ? m[1]!.toLowerCase() : null;
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const charset = declaredCharset(req.headers['content-type']);
    if (charset && charset !== 'utf-8' && charset !== 'utf8')
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Request bodies are UTF-8; ${charset} is not accepted.`);
  });
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const where = firstNonText(value);
      if (where) throw badInput(`${part}.${where}: control characters and unpaired surrogates are not accepted.`);
    }
  });
}
