// A minimal MIME reader for the emails tests read back (RFC 5322 headers, RFC 2045 bodies, RFC 2047
// encoded words): the mail transport's tests and the browser XSS suite, which scans the HTML part.
import assert from 'node:assert/strict';

interface Part {
  headers: Map<string, string>;
  body: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const raw = s.replace(/=\r\n/g, '');
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '=' && /^[0-9A-F]{2}$/i.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(raw[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  assert.ok(split >= 0, 'headers end with an empty line');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    assert.ok(colon > 0, `header line ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).toLowerCase();
    assert.ok(!headers.has(name) || name === 'received', `one ${name} header`);
    headers.set(name, line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  const cte = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (cte === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (cte === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, body };
}

/** The message's headers and its text/plain and text/html alternatives. */
export function readEml(raw: string): { headers: Map<string, string>; text: string; html: string } {
  assert.ok(!/[^\r]\n/.test(raw), 'CRLF line ends only');
  const top = parsePart(raw);
  const type = top.headers.get('content-type') ?? '';
  assert.match(type, /^multipart\/alternative;/);
  const boundary = /boundary="?([^";]+)"?/.exec(type)![1];
  const sections = raw.slice(raw.indexOf('\r\n\r\n') + 4).split(`--${boundary}`);
  assert.ok(sections.at(-1)!.startsWith('--'), 'closing boundary');
  const parts = sections.slice(1, -1).map((s) => parsePart(s.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  assert.equal(parts.length, 2, 'two alternatives');
  const [text, html] = parts;
  assert.match(text.headers.get('content-type')!, /^text\/plain; charset=utf-8/i);
  assert.match(html.headers.get('content-type')!, /^text\/html; charset=utf-8/i);
  return { headers: top.headers, text: text.body, html: html.body };
}
