import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ManagedContentDeliveryDocument, PageLayoutContentBody } from '@store/core';
import { ContentLayout } from './ContentLayout.tsx';
import { getServerPurifier } from '../../lib/purify-server.ts';
import { imagesOf, prepareRichTexts, blocksOf, imageOf } from '../../lib/content/content-page.ts';
import { parseScreenSizes } from '../../lib/content/responsive-sizes.ts';
import { setPurifierProvider } from '../../lib/sanitize.ts';
import type { CardProduct } from '../../routes/types.ts';

const html = (el: ReactElement) => renderToString(el);
// As the server render registers it (server/render.tsx).
setPurifierProvider(getServerPurifier);
const K = (s: string) => `MC${s.padEnd(26, '0')}`;

const doc = (
  key: string,
  fqn: string,
  contentBody: Record<string, unknown>,
  extra: Partial<ManagedContentDeliveryDocument> = {},
): ManagedContentDeliveryDocument => ({
  contentKey: key,
  managedContentId: '20Y000000000001AAA',
  contentType: { fullyQualifiedName: fqn, name: fqn, label: fqn },
  title: key,
  urlName: key.toLowerCase(),
  publishedDate: null,
  language: 'en_US',
  status: 'Live',
  contentBody,
  ...extra,
});
const image = (key: string, alt: string) =>
  doc(
    key,
    'sfdc_cms__image',
    {
      altText: alt,
      source: { url: `/sfsites/c/cms/delivery/media/${key}`, mimeType: 'image/png', width: 1200, height: 600 },
    },
    { unauthenticatedUrl: `/sfsites/c/cms/delivery/media/${key}` },
  );

const one = (components: unknown[], section: Record<string, unknown> = {}): PageLayoutContentBody =>
  ({ sections: [{ id: 's1', columns: [{ id: 'c1', components }], ...section }] }) as PageLayoutContentBody;

describe('ContentLayout: sections and columns', () => {
  test('every section setting reaches the section container; columns keep 1–12, the default and the fallback', () => {
    const layout = {
      sections: [
        {
          id: 'hero',
          maxContentWidth: '60rem',
          gutter: '5rem',
          componentSpacing: '2rem',
          minHeight: '20rem',
          padding: '4rem',
          margin: '10%',
          direction: { desktop: 'row', tablet: 'column', mobile: 'column-reverse' },
          verticalAlign: 'center',
          backgroundColor: '#f5f5f5',
          ariaLabel: 'Welcome',
          columns: [
            { id: 'a', width: 4, components: [] },
            { id: 'b', components: [] },
            { id: 'c', width: 'wide', components: [] },
          ],
        },
      ],
    } as unknown as PageLayoutContentBody;
    const out = html(<ContentLayout layout={layout} />);
    assert.match(
      out,
      /<section id="hero" aria-label="Welcome" class="section section--align-center" style="padding:4rem;margin-inline:10%;min-height:20rem;background-color:#f5f5f5">/,
    );
    assert.match(
      out,
      /--gutter:5rem;--component-spacing:2rem;max-width:60rem;--dir-desktop:row;--dir-tablet:column;--dir-mobile:column-reverse/,
    );
    assert.deepEqual(
      [...out.matchAll(/data-width="(\d+)"/g)].map((m) => m[1]),
      ['4', '12', '12'],
    );
  });

  test('the background image applies only when all three image items exist, with its overlay', () => {
    const refs = { [K('D')]: image(K('D'), 'Desk'), [K('T')]: image(K('T'), 'T'), [K('M')]: image(K('M'), 'M') };
    const bg = (mobile: string) => ({
      backgroundImage: {
        desktop: { contentKey: K('D') },
        tablet: { contentKey: K('T') },
        mobile: { contentKey: mobile },
        overlayColor: 'rgba(0,0,0,0.4)',
        position: 'top',
        sizeOrRepeat: 'cover',
      },
    });
    const all = html(<ContentLayout layout={one([], bg(K('M')))} references={refs} images={imagesOf(refs)} />);
    assert.match(all, /section--bg-image/);
    assert.match(
      all,
      new RegExp(`--bg-mobile:url\\(&quot;/sfsites/c/cms/delivery/media/${K('M')}\\?width=960&quot;\\)`),
    );
    assert.match(all, /--bg-overlay:rgba\(0,0,0,0.4\)/);
    assert.match(all, /background-position:top/);
    assert.match(all, /role="img" aria-label="Desk"/, "alt text falls back to the desktop image's");
    const two = html(<ContentLayout layout={one([], bg(K('NOPE')))} references={refs} images={imagesOf(refs)} />);
    assert.doesNotMatch(two, /section--bg-image|--bg-/);
  });

  test('unknown block types and malformed parts are skipped, never crashing the page', () => {
    const layout = {
      sections: [
        null,
        { id: 'x', columns: 'nope' },
        {
          id: 'y',
          columns: [
            {
              id: 'c',
              components: [
                { type: 'carousel', id: 'z' },
                null,
                7,
                { type: 'textBlock', id: 't', text: 'Still here' },
                { type: 'banner', id: 'b', contentKey: K('MISSING') },
              ],
            },
          ],
        },
      ],
    } as unknown as PageLayoutContentBody;
    const out = html(<ContentLayout layout={layout} />);
    assert.match(out, /Still here/);
    assert.doesNotMatch(out, /carousel/);
    assert.equal(html(<ContentLayout layout={{} as PageLayoutContentBody} />), '<div class="content-layout"></div>');
  });
});

describe('ContentLayout: text blocks and buttons', () => {
  test('text block settings, per-device headings and plain text', () => {
    const out = html(
      <ContentLayout
        layout={one([
          {
            type: 'textBlock',
            id: 't',
            text: '<b>Data</b> you can trust',
            tag: 'h1',
            tabletTag: 'h2',
            mobileTag: 'h3',
            textStyle: 'heading-large',
            textColor: '#123456',
            backgroundColor: '#fff',
            align: 'center',
            decoration: ['bold', 'blink'],
            paddingVertical: 'large',
            paddingHorizontal: 'bogus',
            fontSize: '2rem',
            className: 'hero-title',
          },
        ])}
      />,
    );
    assert.match(
      out,
      /<h1 class="text-block text--heading-large text--bold hero-title show-desktop" style="color:#123456;background-color:#fff;text-align:center;font-size:2rem;padding-block:1.5rem">Data you can trust<\/h1>/,
    );
    assert.match(out, /<h2 class="[^"]*show-tablet"/);
    assert.match(out, /<h3 class="[^"]*show-mobile"/);
    assert.doesNotMatch(out, /<b>|padding-inline/);
  });

  test('a linkable text block links only to a valid web page url', () => {
    const t = (url: string) =>
      html(
        <ContentLayout
          layout={one([
            { type: 'textBlock', id: 't', text: 'More', tag: 'p', linkable: true, url, linkAssistiveText: 'about us' },
          ])}
        />,
      );
    assert.match(
      t('/about'),
      /<p class="text-block"><a href="\/about">More<span class="sr-only"> about us<\/span><\/a><\/p>/,
    );
    assert.equal(
      t('//evil.com'),
      '<div class="content-layout"><div id="s1" class="section"><div class="section__inner"><div class="column" data-width="12" style="--col-span:12"><p class="text-block">More</p></div></div></div></div>',
    );
    assert.match(t('javascript:alert(1)'), /<a href="#">More/);
  });

  test('buttons: page references, types, sizes, stretch, alignment, assistive text; mailto opens a new window', () => {
    const KEY = K('ABOUT');
    const out = html(
      <ContentLayout
        links={{ contentUrlNames: { [KEY]: 'about' } }}
        layout={one([
          {
            type: 'button',
            id: 'b1',
            text: 'About us',
            link: {
              type: 'standard__managedContentPage',
              attributes: { contentTypeName: 'dd__pageLayout', contentKey: KEY },
            },
            variant: 'secondary',
            size: 'large',
            alignment: 'center',
            assistiveText: 'who we are',
          },
          {
            type: 'button',
            id: 'b2',
            text: 'Email',
            link: { type: 'standard__webPage', attributes: { url: 'mailto:sales@example.com' } },
            size: 'small',
            stretch: true,
          },
          {
            type: 'button',
            id: 'b3',
            text: 'Nowhere',
            link: { type: 'standard__namedPage', attributes: { name: 'Nope' } },
          },
          {
            type: 'button',
            id: 'b4',
            text: 'Cart',
            link: { type: 'standard__namedPage', attributes: { name: 'Cart' } },
          },
        ])}
      />,
    );
    assert.match(
      out,
      /<div class="btn-wrap btn-wrap--center"><a class="btn btn--secondary btn--large" href="\/about">About us<span class="sr-only"> who we are<\/span><\/a><\/div>/,
    );
    assert.match(
      out,
      /<a class="btn btn--primary btn--small btn--stretch" href="mailto:sales@example.com" target="_blank" rel="noopener noreferrer">Email/,
    );
    assert.match(out, /<span class="btn-text">Nowhere<\/span>/);
    assert.doesNotMatch(out, /<button/);
    assert.match(out, /<a class="btn btn--primary" href="\/cart">Cart<\/a>/);
  });
});

describe('ContentLayout: content items', () => {
  test('banner: heading, text, image and button; image blocks with srcset', () => {
    const IMG = K('IMG');
    const BAN = K('BAN');
    const refs = {
      [IMG]: image(IMG, 'Dentists at work'),
      [BAN]: doc(BAN, 'dd__banner', {
        heading: 'New: US dentists',
        text: '120,000 records',
        image: { contentKey: IMG },
        textColor: '#fff',
        backgroundColor: '#0b6e66',
        button: {
          text: 'Browse',
          link: {
            type: 'standard__recordPage',
            attributes: { objectApiName: 'ProductCategory', urlPath: 'healthcare' },
          },
        },
      }),
    };
    const out = html(
      <ContentLayout
        references={refs}
        images={imagesOf(refs)}
        layout={one([
          { type: 'banner', id: 'b', contentKey: BAN },
          { type: 'image', id: 'i', contentKey: IMG },
        ])}
      />,
    );
    assert.match(out, /<div class="banner banner--image" style="--banner-fg:#fff;--banner-bg:#0b6e66">/);
    assert.match(out, /<h2 class="banner__heading">New: US dentists<\/h2><p class="banner__text">120,000 records<\/p>/);
    assert.match(out, /href="\/category\/healthcare">Browse/);
    // The image provider's renditions: the page widths the stored 1200px image reaches.
    const src = `/sfsites/c/cms/delivery/media/${IMG}`;
    assert.match(
      out,
      new RegExp(
        `<img class="content-image" src="${src}\\?width=960" srcSet="${src}\\?width=640 640w, ${src}\\?width=960 960w" sizes="100vw" alt="Dentists at work" width="1200" height="600" loading="lazy"`,
      ),
    );
    assert.match(
      html(
        <ContentLayout
          references={refs}
          images={imagesOf(refs)}
          bannerAsPageHeading
          layout={one([{ type: 'banner', id: 'b', contentKey: BAN }])}
        />,
      ),
      /<h1 class="banner__heading">New: US dentists<\/h1>/,
    );
    assert.equal(imageOf(doc(IMG, 'dd__banner', {})), null);
    const scripted = { ...image(IMG, 'x'), unauthenticatedUrl: 'javascript:alert(1)', contentBody: { altText: 'x' } };
    assert.equal(imageOf(scripted)?.Url, src, 'a script URL is never loaded: the media path instead');
  });

  test('rich text: by key or inline, sanitised, expressions resolved, Quill CSS; plain text when sanitising fails', async () => {
    const RT = K('RT');
    const IMG = K('IMG');
    const refs = {
      [RT]: doc(RT, 'dd__richText', {
        html: `<p>Read the <a href="{!contentAsset.price_list.2}">price list</a></p><img src="{!cmsImage.${IMG}}" alt="chart"><script>alert(1)</script>`,
      }),
      [IMG]: image(IMG, 'chart'),
    };
    const layout = one([
      { type: 'richText', id: 'r1', contentKey: RT, enableQuillCss: true },
      { type: 'richText', id: 'r2', value: '<h2>Inline</h2><iframe src="https://evil.com/x"></iframe>' },
    ]);
    const images = imagesOf(refs);
    const richTexts = await prepareRichTexts(layout, refs, images);
    const out = html(<ContentLayout layout={layout} references={refs} images={images} richTexts={richTexts} />);
    assert.match(
      out,
      /<div class="rich-text ql-editor"><p>Read the <a href="\/sfsites\/c\/file-asset\/price_list\?v=2">price list<\/a><\/p><img src="\/sfsites\/c\/cms\/delivery\/media\/MCIMG/,
    );
    assert.match(out, /<div class="rich-text"><h2>Inline<\/h2><\/div>/);
    assert.doesNotMatch(out, /<script|evil\.com/);
    // Not prepared and no sanitiser: the raw text, as plain text.
    const plain = html(<ContentLayout layout={layout} references={refs} />);
    assert.match(plain, /<div class="rich-text ql-editor rich-text--plain">Read the price list<\/div>/);
    const purifier = await getServerPurifier();
    assert.match(html(<ContentLayout layout={layout} references={refs} purifier={purifier} />), /<h2>Inline<\/h2>/);
  });

  test('product collections: placeholders until data, cards, empty and error states', () => {
    const PC = K('PC');
    const refs = {
      [PC]: doc(PC, 'dd__productCollection', {
        heading: 'Popular datasets',
        source: { kind: 'featured' },
        numberOfColumns: 3,
      }),
    };
    const layout = one([{ type: 'productCollection', id: 'pc', contentKey: PC }]);
    const card: CardProduct = {
      id: '01t000000000001AAA',
      name: 'US Dentists',
      sku: 'DS-00001',
      href: '/product/01t000000000001AAA',
      imageUrl: null,
      imageAlt: '',
      price: '$99.00',
      originalPrice: null,
      recordCount: '1,000',
      countries: null,
      listStatus: null,
    };
    const loading = html(<ContentLayout layout={layout} references={refs} />);
    assert.match(loading, /<h2 id="pc-heading">Popular datasets<\/h2>/);
    assert.equal((loading.match(/grid__item--placeholder/g) ?? []).length, 4);
    const items = html(<ContentLayout layout={layout} references={refs} products={{ [PC]: { products: [card] } }} />);
    assert.match(items, /--grid-columns:3/);
    assert.match(items, /<a href="\/product\/01t000000000001AAA"[^>]*>US Dentists<\/a>/);
    assert.match(items, /\$99.00/);
    assert.match(
      html(<ContentLayout layout={layout} references={refs} products={{ [PC]: { products: [] } }} />),
      /No datasets to show here right now/,
    );
    assert.match(
      html(<ContentLayout layout={layout} references={refs} products={{ [PC]: { error: true } }} />),
      /role="alert"><p class="grid__message">These datasets could not be loaded/,
    );
  });
});

describe('ResponsiveWrapper', () => {
  test('size names, ranges and lists; empty or unreadable means all sizes', () => {
    assert.deepEqual(parseScreenSizes('small'), ['small']);
    assert.deepEqual(parseScreenSizes('s'), ['small']);
    assert.deepEqual(parseScreenSizes('M'), ['medium']);
    assert.deepEqual(parseScreenSizes('m-l'), ['medium', 'large']);
    assert.deepEqual(parseScreenSizes('large-small'), ['small', 'medium', 'large']);
    assert.deepEqual(parseScreenSizes('small, large'), ['small', 'large']);
    assert.deepEqual(parseScreenSizes(''), ['small', 'medium', 'large']);
    assert.deepEqual(parseScreenSizes(null), ['small', 'medium', 'large']);
    assert.deepEqual(parseScreenSizes('huge'), ['small', 'medium', 'large']);
    assert.deepEqual(parseScreenSizes('huge,l'), ['large']);
  });
  test('the server renders the children for every size, hidden by CSS where not named', () => {
    const out = html(
      <ContentLayout
        layout={one([
          {
            type: 'responsiveWrapper',
            id: 'w',
            sizes: 'small',
            components: [{ type: 'textBlock', id: 't', text: 'Tap to call', tag: 'p' }],
          },
        ])}
      />,
    );
    assert.match(
      out,
      /<div class="rw rw--hide-medium rw--hide-large" data-sizes="small"><p class="text-block">Tap to call<\/p><\/div>/,
    );
    assert.match(
      html(<ContentLayout layout={one([{ type: 'responsiveWrapper', id: 'w', sizes: '', components: [] }])} />),
      /<div class="rw" data-sizes="small,medium,large">/,
    );
  });
  test('blocksOf walks wrappers', () => {
    const layout = one([
      { type: 'responsiveWrapper', id: 'w', sizes: 's', components: [{ type: 'richText', id: 'r', value: 'x' }] },
    ]);
    assert.deepEqual(
      blocksOf(layout).map((b) => b.id),
      ['w', 'r'],
    );
  });
});
