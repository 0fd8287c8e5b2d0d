import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Breadcrumbs } from '../catalogue/Breadcrumbs.tsx';
import { Button } from '../ui/Button.tsx';
import { Column, columnWidth } from './Column.tsx';
import { Grid, gridState, mergeUniqueById } from './Grid.tsx';
import { RichText } from './RichText.tsx';
import { SectionContainer } from './SectionContainer.tsx';
import { TextBlock } from './TextBlock.tsx';
import { getServerPurifier } from '../../lib/purify-server.ts';
import { sanitizeWith, toPlainText } from '../../lib/sanitize.ts';

const html = (el: ReactElement) => renderToString(el);

describe('TextBlock', () => {
  test('renders an h3 by default', () => {
    assert.equal(html(<TextBlock text="Popular datasets" />), '<h3 class="text-block">Popular datasets</h3>');
  });
  test('renders the requested heading level or a paragraph, and an unknown tag falls back to h3', () => {
    assert.match(html(<TextBlock tag="h1" text="Title" />), /^<h1 /);
    assert.match(html(<TextBlock tag="p" text="Body" />), /^<p /);
    assert.match(html(<TextBlock tag={'h9' as 'h1'} text="x" />), /^<h3 /);
  });
  test('shows text content as plain text: tags are dropped, never rendered', () => {
    const out = html(<TextBlock text={'<b>Bold</b> <img src=x onerror="alert(1)"> & more'} />);
    assert.match(out, /<h3 class="text-block">Bold &amp; more<\/h3>/);
    assert.doesNotMatch(out, /<b>|<img|onerror/);
  });
  test('applies text style, alignment and decoration', () => {
    const out = html(<TextBlock text="Hi" textStyle="heading-large" align="center" decoration={['bold', 'italic']} />);
    assert.match(out, /class="text-block text--heading-large text--bold text--italic"/);
    assert.match(out, /text-align:center/);
  });
});

describe('Column', () => {
  test('width falls back to 12 when not numeric', () => {
    assert.equal(columnWidth('wide'), 12);
    assert.equal(columnWidth(undefined), 12);
    assert.equal(columnWidth(null), 12);
    assert.equal(columnWidth(''), 12);
    assert.equal(columnWidth(NaN), 12);
    assert.match(html(<Column width={'abc' as unknown as number} />), /data-width="12"/);
  });
  test('keeps 1 to 12 and brings other numbers into range', () => {
    assert.equal(columnWidth(6), 6);
    assert.equal(columnWidth('4'), 4);
    assert.equal(columnWidth(0), 1);
    assert.equal(columnWidth(20), 12);
    assert.match(html(<Column width={4} />), /--col-span:4/);
  });
});

describe('SectionContainer', () => {
  test('defaults to one 12-wide column and carries gutter, padding and max width', () => {
    const out = html(<SectionContainer gutter="5rem" padding="4rem" maxContentWidth="60rem" />);
    assert.match(
      out,
      /<div class="section" style="padding:4rem"><div class="section__inner" style="--gutter:5rem;max-width:60rem">/,
    );
    assert.equal((out.match(/class="column"/g) ?? []).length, 1);
    assert.match(out, /data-width="12"/);
  });
  test('settings of an outer section do not leak into a nested one', () => {
    const out = html(
      <SectionContainer padding="4rem" gutter="2rem">
        <SectionContainer gutter="5rem" />
      </SectionContainer>,
    );
    assert.match(out, /<div class="section"><div class="section__inner" style="--gutter:5rem">/);
  });
  test('a background image applies only when all three variants are present', () => {
    const two = html(<SectionContainer backgroundImage={{ desktop: '/d.png', tablet: '/t.png' }} />);
    assert.doesNotMatch(two, /section--bg-image|--bg-desktop/);
    const three = html(
      <SectionContainer
        backgroundImage={{ desktop: '/d.png', tablet: '/t.png', mobile: '/m.png', altText: 'Office' }}
      />,
    );
    assert.match(three, /section--bg-image/);
    assert.match(three, /role="img" aria-label="Office"/);
  });
  test('is a labelled section landmark when given a label', () => {
    assert.match(html(<SectionContainer ariaLabel="Related" />), /^<section aria-label="Related"/);
  });
});

describe('Breadcrumbs', () => {
  const path = ['Business', 'Healthcare', 'Dental', 'Specialists', 'Orthodontics', 'Clinics', 'US Orthodontists'].map(
    (label, i, all) => ({
      label,
      href: i === all.length - 1 ? '/product/01t000000000009AAA' : `/category/${label.toLowerCase()}`,
    }),
  );

  test('shows at most 5 items (the deepest), slash dividers, and the last item as plain text', () => {
    const out = html(<Breadcrumbs items={path} divider="slash" maxDepthOnMobile={3} />);
    const items = out.match(/<li /g) ?? [];
    assert.equal(items.length, 5);
    assert.doesNotMatch(out, />Business<|>Healthcare</);
    assert.equal((out.match(/<span class="crumb__divider" aria-hidden="true">\/<\/span>/g) ?? []).length, 4);
    assert.match(out, /<span aria-current="page">US Orthodontists<\/span>/);
    assert.doesNotMatch(out, /href="\/product\//);
    assert.doesNotMatch(out, />Home</, 'home link off by default');
  });
  test('on mobile only the 3 deepest items remain (CSS class on the others)', () => {
    const out = html(<Breadcrumbs items={path} maxDepthOnMobile={3} />);
    assert.equal((out.match(/crumb--mobile-hidden/g) ?? []).length, 2);
    assert.match(out, /class="crumb crumb--mobile-first">.*Orthodontics/);
  });
  test('the home link adds one item, and the greater-than divider', () => {
    const out = html(<Breadcrumbs items={path} showHomeLink divider="greaterThan" />);
    assert.equal((out.match(/<li /g) ?? []).length, 6);
    assert.match(out, /<a href="\/">Home<\/a>/);
    assert.match(out, /aria-hidden="true">&gt;<\/span>/);
  });
});

describe('Button', () => {
  test('a link button with assistive text', () => {
    const out = html(
      <Button text="DOWNLOAD SAMPLE" url="/samples/DS-00001.csv" alignment="center" assistiveText="for US Dentists" />,
    );
    assert.match(out, /class="btn-wrap btn-wrap--center"/);
    assert.match(
      out,
      /<a class="btn btn--primary" href="\/samples\/DS-00001.csv">DOWNLOAD SAMPLE<span class="sr-only"> for US Dentists<\/span><\/a>/,
    );
  });
  test('mailto: and tel: open in a new window', () => {
    assert.match(
      html(<Button text="Email us" url="mailto:sales@example.com" />),
      /target="_blank" rel="noopener noreferrer"/,
    );
    assert.match(html(<Button text="Call" url="tel:+15551234567" />), /target="_blank"/);
    assert.doesNotMatch(html(<Button text="Go" url="/category/dental" />), /target=/);
  });
  test('secondary, small and stretched variants; a button without url', () => {
    const out = html(<Button text="More" variant="secondary" size="small" stretch />);
    assert.match(out, /<button type="button" class="btn btn--secondary btn--small btn--stretch">More<\/button>/);
  });
});

describe('Grid', () => {
  const items = [
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Beta' },
  ];
  test('shows placeholder items while loading', () => {
    const out = html(<Grid items={undefined} renderItem={() => null} placeholderCount={4} />);
    assert.equal((out.match(/grid__item--placeholder/g) ?? []).length, 4);
    assert.match(out, /aria-busy="true"/);
  });
  test('shows items with ids, the empty state, and the error state', () => {
    const list = html(<Grid items={items} renderItem={(i) => <span>{i.name}</span>} numberOfColumns={4} />);
    assert.match(list, /data-item-id="a".*Alpha.*data-item-id="b".*Beta/);
    assert.match(list, /--grid-columns:4/);
    assert.match(html(<Grid items={[]} renderItem={() => null} emptyState={<p>Nothing here</p>} />), /Nothing here/);
    assert.match(
      html(<Grid items={items} error={new Error('x')} renderItem={() => null} errorState={<p>Failed</p>} />),
      /role="alert"><p>Failed/,
    );
    assert.equal(html(<Grid items={[]} showEmptyState={false} renderItem={() => null} />), '');
  });
  test('state rules and append merge by id', () => {
    assert.equal(gridState(undefined, null, true, true), 'loading');
    assert.equal(gridState([], new Error(), true, false), 'none');
    assert.equal(gridState([1], null, true, true), 'items');
    assert.deepEqual(
      mergeUniqueById([{ id: 'a' }], [{ id: 'a' }, { id: 'c' }]).map((i) => i.id),
      ['a', 'c'],
    );
  });
  test('columns outside 1 to 6 fall back', () => {
    assert.match(html(<Grid items={items} renderItem={() => null} numberOfColumns={9} />), /--grid-columns:3/);
  });
});

describe('RichText sanitising', () => {
  test('strips <script>, event handlers and script URLs, keeps allowed markup', async () => {
    const purifier = await getServerPurifier();
    const dirty =
      '<p>Great <strong>data</strong><script>alert(1)</script></p><img src="x.png" onerror="alert(2)" alt="x"><a href="javascript:alert(3)">bad</a><a href="https://example.com/a" target="_blank">ok</a>';
    const out = html(<RichText value={sanitizeWith(purifier, dirty)} />);
    assert.match(out, /<p>Great <strong>data<\/strong><\/p>/);
    assert.doesNotMatch(out, /<script|alert\(1\)|onerror|javascript:/i);
    assert.match(out, /<img src="x.png" alt="x"( \/)?>/);
    assert.match(out, /href="https:\/\/example.com\/a" target="_blank" rel="noopener noreferrer"/);
  });
  test('allows the spec URL schemes and drops others', async () => {
    const purifier = await getServerPurifier();
    const keep = [
      'ftp://h/f',
      'ftps://h/f',
      'mailto:a@b.c',
      'tel:+1555',
      'callto:x',
      'cid:x',
      'xmpp:a@b',
      'ciscotel:1',
      'navision:x',
    ];
    for (const href of keep) {
      const r = sanitizeWith(purifier, `<a href="${href}">x</a>`);
      assert.equal(r.kind === 'html' && r.html, `<a href="${href}">x</a>`, href);
    }
    for (const href of ['data:text/html,hi', 'vbscript:x', 'sms:123']) {
      const r = sanitizeWith(purifier, `<a href="${href}">x</a>`);
      assert.equal(r.kind === 'html' && r.html, '<a>x</a>', href);
    }
  });
  test('shows plain text when sanitising fails', () => {
    const broken = {
      sanitize: () => {
        throw new Error('boom');
      },
    };
    const out = html(<RichText value={sanitizeWith(broken, '<p>Hello <b>there</b></p><script>x()</script>')} />);
    assert.equal(out, '<div class="rich-text rich-text--plain">Hello there</div>');
    assert.equal(toPlainText('a &amp; b<br>c'), 'a & b\nc');
  });
});

describe('RichText embedded frames', () => {
  const clean = async (dirty: string) => {
    const r = sanitizeWith(await getServerPurifier(), dirty);
    return r.kind === 'html' ? r.html : `TEXT:${r.text}`;
  };
  test('keeps https players of the known video hosts and frames of this site', async () => {
    for (const src of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871',
      '/about',
    ]) {
      const out = await clean(`<p>Watch</p><iframe src="${src}" width="560" height="315" allowfullscreen></iframe>`);
      assert.match(
        out,
        new RegExp(
          `<iframe src="${src.replace(/[.?]/g, '\\$&')}" width="560" height="315" allowfullscreen="" loading="lazy"></iframe>`,
        ),
        src,
      );
    }
  });
  test('removes every other frame: http, other hosts, srcdoc, script and data URLs', async () => {
    for (const frame of [
      '<iframe src="http://www.youtube.com/embed/x"></iframe>',
      '<iframe src="https://evil.com/embed/x"></iframe>',
      '<iframe src="https://www.youtube.com.evil.com/embed/x"></iframe>',
      '<iframe src="//www.youtube.com/embed/x"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<iframe></iframe>',
    ]) {
      const out = await clean(`<p>Before</p>${frame}<p>After</p>`);
      assert.equal(out, '<p>Before</p><p>After</p>', frame);
    }
  });
});
