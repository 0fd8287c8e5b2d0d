// The two rich-text sanitisers (DOMPurify in the browser, sanitize-html in the server render) against the same
// cases. Each output is parsed the way a browser parses it (jsdom) and must hold nothing that runs: no script or
// style, no event handler, no script URL, no frame but the allowed ones, no tag outside the policy. What the
// policy keeps must come through both.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { RICH_TEXT_ALLOWED_TAGS } from '@store/core';
import { getServerPurifier } from './purify-server.ts';
import { domPurifier, sanitizeWith, type DomPurify, type Purifier } from './sanitize.ts';

const sanitisers: Record<string, Purifier> = {};
before(async () => {
  const { window } = new JSDOM('');
  sanitisers.DOMPurify = domPurifier(createDOMPurify(window as never) as unknown as DomPurify);
  sanitisers['sanitize-html'] = await getServerPurifier();
});

const clean = (name: string, dirty: string): string => {
  const r = sanitizeWith(sanitisers[name], dirty);
  assert.equal(r.kind, 'html', `${name} failed on ${dirty}`);
  return r.kind === 'html' ? r.html : '';
};

const ALLOWED = new Set([...RICH_TEXT_ALLOWED_TAGS, 'html', 'head', 'body']);
const SCRIPT_URL = /^\s*(javascript|vbscript|data|livescript):/i;

/** What a browser would build from the output: nothing in it may run. */
function assertInert(name: string, dirty: string, html: string): void {
  const doc = new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
  for (const el of doc.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    const where = `${name}: ${JSON.stringify(dirty)} → ${JSON.stringify(html)}`;
    assert.ok(ALLOWED.has(tag), `<${tag}> is not allowed (${where})`);
    for (const attr of el.getAttributeNames()) {
      assert.ok(!attr.startsWith('on'), `${attr} on <${tag}> (${where})`);
      assert.ok(attr !== 'style' && attr !== 'srcdoc' && !attr.startsWith('data-'), `${attr} (${where})`);
      const value = el.getAttribute(attr) ?? '';
      const url = value.replace(/[\u0000-\u0020]/g, '');
      const dataImage = tag === 'img' && attr === 'src' && /^data:image\//i.test(url);
      if (!dataImage) assert.doesNotMatch(url, SCRIPT_URL, `${attr} of <${tag}> (${where})`);
    }
    if (tag === 'iframe') assert.match(el.getAttribute('src') ?? '', /^(https:\/\/(www\.youtube|player\.vimeo)|\/)/);
    if (tag === 'img' || tag === 'iframe') assert.equal(el.getAttribute('name'), null, `name on <${tag}> (${where})`);
  }
}

const DANGEROUS = [
  '<p>Hi<script>alert(1)</script></p>',
  '<img src="x.png" onerror="alert(2)" alt="x">',
  '<a href="javascript:alert(3)">a</a>',
  '<a href="JaVaScRiPt:alert(3)">a</a>',
  '<a href="java&#x09;script:alert(3)">a</a>',
  '<a href="&#106;avascript:alert(3)">a</a>',
  '<a href=" javascript:alert(3)">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="data:text/html,<script>alert(1)</script>">a</a>',
  '<img src="javascript:alert(1)">',
  '<img src="data:text/html,<script>alert(1)</script>" alt="">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example.com/x"><p>inside</p></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>" src="/about"></iframe>',
  '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<style>body{background:url(javascript:alert(1))}</style><p style="color:red">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<!-- <img src=x onerror=alert(1)> --><p>c</p>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form>',
  '<object data="x.swf"></object><embed src="x.swf"><base href="https://evil.example.com/">',
  '<img name="cookie" src="x.png"><iframe name="getElementById" src="/about"></iframe>',
  '<p data-x="1" onclick="alert(1)" onmouseover="alert(1)">p</p>',
  '<a href="#" target="x" rel="opener">t</a>',
  '<table><tr><td><img src=x onerror=alert(1)//</td></tr></table>',
  '<<script>script>alert(1)<</script>/script>',
];

const KEPT: Array<[string, RegExp]> = [
  [
    '<p>Great <strong>data</strong> and <em>fields</em></p>',
    /<p>Great <strong>data<\/strong> and <em>fields<\/em><\/p>/,
  ],
  [
    '<a href="https://example.com/a" target="_blank">ok</a>',
    /href="https:\/\/example.com\/a" target="_blank" rel="noopener noreferrer"/,
  ],
  ['<a href="/about">rel</a>', /<a href="\/about">rel<\/a>/],
  ['<a href="tel:+1555">t</a>', /<a href="tel:\+1555">t<\/a>/],
  ['<a href="mailto:a@b.c">m</a>', /<a href="mailto:a@b.c">m<\/a>/],
  ['<a name="top">anchor</a>', /<a name="top">anchor<\/a>/],
  [
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
    /<img src="data:image\/png;base64,iVBORw0KGgo=" alt="dot"( \/)?>/,
  ],
  [
    '<table><tbody><tr><td colspan="2" align="center">c</td></tr></tbody></table>',
    /<td colspan="2" align="center">c<\/td>/,
  ],
  ['<span aria-label="note" title="t" class="x">s</span>', /<span aria-label="note" title="t" class="x">s<\/span>/],
  [
    '<iframe src="https://player.vimeo.com/video/76979871" width="560" allowfullscreen></iframe>',
    /<iframe src="https:\/\/player.vimeo.com\/video\/76979871" width="560" allowfullscreen="" loading="lazy"><\/iframe>/,
  ],
  ['<ul><li>one</li><li>two &amp; three</li></ul>', /<ul><li>one<\/li><li>two &amp; three<\/li><\/ul>/],
];

for (const name of ['DOMPurify', 'sanitize-html']) {
  describe(`rich text through ${name}`, () => {
    test('nothing that runs survives', () => {
      for (const dirty of DANGEROUS) assertInert(name, dirty, clean(name, dirty));
    });
    test('what the policy allows comes through', () => {
      for (const [dirty, kept] of KEPT) assert.match(clean(name, dirty), kept, `${name}: ${dirty}`);
    });
    test('a disallowed frame goes whole, the text around it stays', () => {
      const out = clean(name, '<p>before</p><iframe src="https://evil.example.com/x">inside</iframe><p>after</p>');
      assert.doesNotMatch(out, /iframe|inside|evil/);
      assert.match(out, /<p>before<\/p><p>after<\/p>/);
    });
  });
}
