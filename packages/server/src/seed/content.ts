// The demo store's managed content (issue 16): images (PNG drawn with sharp from SVG, bytes in cms_media), the
// home banner, the featured collection, rich-text items and five page layouts: home, about, data-quality and
// licence-terms published (Live), press never published (Draft, for preview). Content keys are fixed so tests
// and the storefront's fallbacks can name them (DEMO_CONTENT); managed content ids come from the id counter,
// so the workspace's own ids follow on. Idempotent: a store that has content keeps it.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import {
  CONTENT_TYPES,
  cmsMediaPath,
  HOME_PAGE_URL_NAME,
  type BannerContentBody,
  type BlockDefinition,
  type ContentTypeFqn,
  type ImageContentBody,
  type PageLayoutContentBody,
  type PageReference,
  type ProductCollectionContentBody,
  type RichTextContentBody,
  type SectionDefinition,
} from '@store/core';
import type { Database } from '../db/schema.ts';
import { allocateIds } from '../db/ids.ts';
import { sanitiseContentHtml } from '../services/admin/content-rich-text.ts';

sharp.cache(false);

/** A fixed content key: MC, DDDEMO and a 20-digit number (core CONTENT_KEY_PATTERN). */
export const demoContentKey = (n: number) => `MCDDDEMO${String(n).padStart(20, '0')}`;

/** Every demo item's content key, and the pages' url names. */
export const DEMO_CONTENT = {
  heroImage: demoContentKey(1),
  aboutBackgroundDesktop: demoContentKey(2),
  aboutBackgroundTablet: demoContentKey(3),
  aboutBackgroundMobile: demoContentKey(4),
  qualityImage: demoContentKey(5),
  homeBanner: demoContentKey(6),
  featuredCollection: demoContentKey(7),
  homeRichText: demoContentKey(8),
  aboutRichText: demoContentKey(9),
  qualityRichText: demoContentKey(10),
  licenceRichText: demoContentKey(11),
  homePage: demoContentKey(12),
  aboutPage: demoContentKey(13),
  qualityPage: demoContentKey(14),
  licencePage: demoContentKey(15),
  pressPage: demoContentKey(16),
} as const;

export const DEMO_PAGE_URL_NAMES = {
  home: HOME_PAGE_URL_NAME,
  about: 'about',
  dataQuality: 'data-quality',
  licenceTerms: 'licence-terms',
  press: 'press',
} as const;

/** The Live pages, by url name, with their titles; the Draft page is not among them. */
export const DEMO_PAGE_TITLES = {
  home: 'Data Depot',
  about: 'About Data Depot',
  'data-quality': 'Data quality',
  'licence-terms': 'Licence terms',
  press: 'Press',
} as const;

export const DEMO_BANNER_HEADING = 'Business datasets, ready to use';

// ---- images -------------------------------------------------------------------------------------------------------

interface DemoImage {
  key: string;
  title: string;
  urlName: string;
  width: number;
  height: number;
  altText: string;
  svg: string;
  bgPosition?: string;
  bgSizeOrRepeat?: string;
}

/** Bars and dots: an abstract "records and charts" picture in the store's colours, drawn at the given size. */
function drawing(w: number, h: number, from: string, to: string, label: string): string {
  const bars = Array.from({ length: 12 }, (_, i) => {
    const bh = Math.round(h * (0.15 + ((i * 37) % 50) / 100));
    const bw = Math.round(w / 30);
    const x = Math.round(w * 0.52 + i * bw * 1.5);
    return `<rect x="${x}" y="${h - bh - Math.round(h * 0.08)}" width="${bw}" height="${bh}" rx="4" fill="#ffffff" fill-opacity="0.${2 + (i % 5)}"/>`;
  }).join('');
  const dots = Array.from({ length: 24 }, (_, i) => {
    const cx = Math.round(w * (0.05 + ((i * 53) % 90) / 200));
    const cy = Math.round(h * (0.1 + ((i * 29) % 80) / 100));
    return `<circle cx="${cx}" cy="${cy}" r="${Math.max(3, Math.round(h / 90))}" fill="#ffffff" fill-opacity="0.35"/>`;
  }).join('');
  const size = Math.round(Math.min(w / 14, h / 6));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${dots}${bars}
<text x="${Math.round(w * 0.05)}" y="${Math.round(h * 0.9)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff" fill-opacity="0.9">${label}</text>
</svg>`;
}

const IMAGES: DemoImage[] = [
  {
    key: DEMO_CONTENT.heroImage,
    title: 'Home hero',
    urlName: 'home-hero',
    width: 1920,
    height: 640,
    altText: 'Bar charts and data points over a blue gradient',
    svg: drawing(1920, 640, '#0b3d91', '#1a7fd4', 'Data Depot'),
    bgPosition: 'center',
    bgSizeOrRepeat: 'cover',
  },
  {
    key: DEMO_CONTENT.aboutBackgroundDesktop,
    title: 'About background (desktop)',
    urlName: 'about-background-desktop',
    width: 1600,
    height: 500,
    altText: 'Abstract records on a teal gradient',
    svg: drawing(1600, 500, '#0f5257', '#1c9a8f', 'Verified records'),
  },
  {
    key: DEMO_CONTENT.aboutBackgroundTablet,
    title: 'About background (tablet)',
    urlName: 'about-background-tablet',
    width: 960,
    height: 480,
    altText: 'Abstract records on a teal gradient',
    svg: drawing(960, 480, '#0f5257', '#1c9a8f', 'Verified records'),
  },
  {
    key: DEMO_CONTENT.aboutBackgroundMobile,
    title: 'About background (mobile)',
    urlName: 'about-background-mobile',
    width: 640,
    height: 640,
    altText: 'Abstract records on a teal gradient',
    svg: drawing(640, 640, '#0f5257', '#1c9a8f', 'Verified'),
  },
  {
    key: DEMO_CONTENT.qualityImage,
    title: 'Verification pipeline',
    urlName: 'verification-pipeline',
    width: 800,
    height: 500,
    altText: 'Chart of records passing verification checks',
    svg: drawing(800, 500, '#3d2c8d', '#916bbf', 'Checked monthly'),
  },
];

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

// ---- bodies -------------------------------------------------------------------------------------------------------

const webPage = (url: string): PageReference => ({ type: 'standard__webPage', attributes: { url } });
const contentPage = (contentKey: string): PageReference => ({
  type: 'standard__managedContentPage',
  attributes: { contentTypeName: CONTENT_TYPES.pageLayout, contentKey },
});

const text = (id: string, value: string, extra: Partial<Extract<BlockDefinition, { type: 'textBlock' }>> = {}) =>
  ({ type: 'textBlock', id, text: value, ...extra }) as const;
const richText = (id: string, contentKey: string) => ({ type: 'richText', id, contentKey }) as const;

/** A page's closing call-to-action, on phones only (the header's links are enough on larger screens). */
const mobileCta = (id: string, label: string, link: PageReference): BlockDefinition => ({
  type: 'responsiveWrapper',
  id,
  sizes: 'small',
  components: [{ type: 'button', id: `${id}-button`, text: label, link, variant: 'primary', stretch: true }],
});

const banner: BannerContentBody = {
  heading: DEMO_BANNER_HEADING,
  text: 'Verified company and professional contact lists with SIC codes, refreshed every month. Download a free sample before you buy.',
  image: { contentKey: DEMO_CONTENT.heroImage },
  button: { text: 'Browse datasets', link: webPage('/search'), variant: 'primary', size: 'large' },
  textColor: '#ffffff',
};

const featured: ProductCollectionContentBody = {
  heading: 'Featured datasets',
  source: { kind: 'featured' },
  numberOfColumns: 4,
  limit: 8,
};

const RICH_TEXTS: Array<{ key: string; title: string; urlName: string; html: string }> = [
  {
    key: DEMO_CONTENT.homeRichText,
    title: 'Why Data Depot',
    urlName: 'why-data-depot',
    html: `<h2>Why teams buy from Data Depot</h2>
<ul><li><strong>Verified records:</strong> every email and phone number is checked before it is sold.</li>
<li><strong>Monthly refresh:</strong> lists are rebuilt every month from registries and our own checks.</li>
<li><strong>Clear licences:</strong> use the data for marketing and research under <a href="/licence-terms">our licence terms</a>.</li></ul>`,
  },
  {
    key: DEMO_CONTENT.aboutRichText,
    title: 'About us',
    urlName: 'about-us',
    html: `<h2>Who we are</h2>
<p>Data Depot compiles business contact data for sales, marketing and market research teams. We started with dental and medical practices in 2014 and now cover more than 900 SIC codes in 40 countries.</p>
<h3>What we sell</h3>
<ol><li>Ready-made lists by industry, country and company size.</li><li>Custom extracts built to your criteria.</li><li>Monthly update subscriptions for lists you already own.</li></ol>
<p>Questions? Write to <a href="mailto:sales@datadepot.example">sales@datadepot.example</a>.</p>`,
  },
  {
    key: DEMO_CONTENT.qualityRichText,
    title: 'How records are verified',
    urlName: 'how-records-are-verified',
    html: `<h2>How every record is verified</h2>
<ol><li><strong>Source check:</strong> companies are matched against official company registries and trade directories.</li>
<li><strong>Email verification:</strong> each address gets a syntax, domain and mailbox check; catch-all domains are flagged.</li>
<li><strong>Phone validation:</strong> numbers are checked for format and line type, and landlines against published listings.</li>
<li><strong>Human review:</strong> a sample of every list is called each month to measure accuracy.</li></ol>
<h3>Refresh cycle</h3>
<p>Lists are rebuilt on the first business day of each month. Records that fail a check twice are removed. The date of the last refresh is shown on every dataset.</p>
<p>Read what you may do with the data in our <a href="/licence-terms">licence terms</a>.</p>`,
  },
  {
    key: DEMO_CONTENT.licenceRichText,
    title: 'Licence summary',
    urlName: 'licence-summary',
    html: `<h2>Licence for marketing use</h2>
<p>When you buy a dataset you receive a licence to use it inside your organisation for twelve months.</p>
<h3>You may</h3>
<ul><li>Email, call and mail the contacts for your own marketing, in line with the law of the recipient's country.</li>
<li>Import the records into your CRM and marketing tools.</li><li>Use the data for research and analysis.</li></ul>
<h3>You may not</h3>
<ul><li>Resell, share or publish the records, in whole or in part.</li>
<li>Keep contacting people who have unsubscribed or asked you to stop.</li></ul>
<p>The full terms are sent with every order. Questions about a licence: <a href="mailto:licensing@datadepot.example">licensing@datadepot.example</a>.</p>`,
  },
];

function section(id: string, columns: SectionDefinition['columns'], extra: Partial<SectionDefinition> = {}) {
  return { id, maxContentWidth: '80rem', gutter: '2rem', padding: '2rem 1rem', columns, ...extra };
}

const homePage: PageLayoutContentBody = {
  description: 'Verified business contact datasets by industry and country, refreshed monthly. Free samples.',
  sections: [
    section(
      'home-banner',
      [
        {
          id: 'home-banner-col',
          width: 12,
          components: [{ type: 'banner', id: 'home-banner-block', contentKey: DEMO_CONTENT.homeBanner }],
        },
      ],
      { maxContentWidth: 'none', padding: '0' },
    ),
    // The promises stay h2 on every device: right after the banner's h1, an h3 on phones skipped a level
    // (Lighthouse's heading-order audit, issue 16's accessibility 100 on the home page).
    section(
      'home-promises',
      [
        {
          id: 'promise-1',
          width: 4,
          components: [
            text('promise-1-title', 'Verified', { tag: 'h2' }),
            text('promise-1-text', 'Every email and phone number is checked before we sell it.'),
          ],
        },
        {
          id: 'promise-2',
          width: 4,
          components: [
            text('promise-2-title', 'Fresh', { tag: 'h2' }),
            text('promise-2-text', 'Lists are rebuilt every month; stale records are removed.'),
          ],
        },
        {
          id: 'promise-3',
          width: 4,
          components: [
            text('promise-3-title', 'Licensed', { tag: 'h2' }),
            text('promise-3-text', 'Twelve months of marketing use, in plain words.'),
          ],
        },
      ],
      {
        ariaLabel: 'Our promises',
        // Per-device direction: side by side on desktop, stacked on tablets, stacked last-first on phones.
        direction: { desktop: 'row', tablet: 'column', mobile: 'column-reverse' },
        backgroundColor: '#f3f6fb',
      },
    ),
    section('home-featured', [
      {
        id: 'home-featured-col',
        width: 12,
        components: [
          { type: 'productCollection', id: 'home-featured-grid', contentKey: DEMO_CONTENT.featuredCollection },
        ],
      },
    ]),
    section('home-why', [
      {
        id: 'home-why-text',
        width: 8,
        components: [richText('home-why-rich', DEMO_CONTENT.homeRichText)],
      },
      {
        id: 'home-why-links',
        width: 4,
        verticalAlign: 'center',
        components: [
          text('home-why-quality', 'See how we check every record.', { tag: 'p' }),
          {
            type: 'button',
            id: 'home-why-button',
            text: 'Data quality',
            link: contentPage(DEMO_CONTENT.qualityPage),
            variant: 'secondary',
          },
          mobileCta('home-cta', 'Browse datasets', webPage('/search')),
        ],
      },
    ]),
  ],
};

const aboutPage: PageLayoutContentBody = {
  description: 'Data Depot compiles verified business contact data for sales, marketing and research teams.',
  sections: [
    section(
      'about-hero',
      [
        {
          id: 'about-hero-col',
          width: 12,
          components: [text('about-title', 'About Data Depot', { tag: 'h1', textColor: '#ffffff' })],
        },
      ],
      {
        ariaLabel: 'About Data Depot',
        minHeight: '20rem',
        verticalAlign: 'center',
        backgroundImage: {
          desktop: { contentKey: DEMO_CONTENT.aboutBackgroundDesktop },
          tablet: { contentKey: DEMO_CONTENT.aboutBackgroundTablet },
          mobile: { contentKey: DEMO_CONTENT.aboutBackgroundMobile },
          altText: 'Abstract records on a teal gradient',
          position: 'center',
          sizeOrRepeat: 'cover',
          overlayColor: 'rgba(0, 0, 0, 0.35)',
        },
      },
    ),
    section('about-body', [
      {
        id: 'about-body-text',
        width: 8,
        components: [
          text('about-lead', 'Business data you can use the day you buy it.', { tag: 'p', textStyle: 'lead' }),
          richText('about-rich', DEMO_CONTENT.aboutRichText),
        ],
      },
      {
        id: 'about-body-side',
        width: 4,
        components: [
          text('about-side-title', 'Licences', { tag: 'h2' }),
          text('about-side-text', 'Every purchase comes with a twelve-month licence for marketing use.'),
          {
            type: 'button',
            id: 'about-licence',
            text: 'Licence terms',
            link: webPage('/licence-terms'),
            variant: 'secondary',
          },
          mobileCta('about-cta', 'Browse datasets', webPage('/search')),
        ],
      },
    ]),
  ],
};

const qualityPage: PageLayoutContentBody = {
  description: 'How Data Depot verifies business contact records, and how often lists are refreshed.',
  sections: [
    section('quality-intro', [
      {
        id: 'quality-intro-text',
        width: 7,
        components: [
          text('quality-title', 'Data quality', { tag: 'h1' }),
          text('quality-lead', 'Over 95% of delivered emails are deliverable, measured every month.', { tag: 'p' }),
          richText('quality-rich', DEMO_CONTENT.qualityRichText),
        ],
      },
      {
        id: 'quality-intro-image',
        width: 5,
        verticalAlign: 'center',
        components: [{ type: 'image', id: 'quality-image', contentKey: DEMO_CONTENT.qualityImage }],
      },
    ]),
    section('quality-next', [
      {
        id: 'quality-next-col',
        width: 12,
        components: [
          {
            type: 'button',
            id: 'quality-browse',
            text: 'Browse datasets',
            link: webPage('/search'),
            alignment: 'center',
          },
          mobileCta('quality-cta', 'Read the licence terms', webPage('/licence-terms')),
        ],
      },
    ]),
  ],
};

const licencePage: PageLayoutContentBody = {
  description: 'The licence terms for marketing use of Data Depot business datasets.',
  sections: [
    section('licence-body', [
      {
        id: 'licence-text',
        width: 8,
        components: [
          text('licence-title', 'Licence terms', { tag: 'h1' }),
          text('licence-lead', 'Plain-language terms for using our data in your marketing.'),
          richText('licence-rich', DEMO_CONTENT.licenceRichText),
        ],
      },
      {
        id: 'licence-side',
        width: 4,
        components: [
          text('licence-side-title', 'Need more?', { tag: 'h2' }),
          text('licence-side-text', 'Agency and multi-year licences are available on request.'),
          {
            type: 'button',
            id: 'licence-contact',
            text: 'Contact licensing',
            link: webPage('mailto:licensing@datadepot.example'),
            variant: 'secondary',
          },
          mobileCta('licence-cta', 'Browse datasets', webPage('/search')),
        ],
      },
    ]),
  ],
};

const pressPage: PageLayoutContentBody = {
  description: 'News and press contacts for Data Depot.',
  sections: [
    section('press-body', [
      {
        id: 'press-text',
        width: 12,
        components: [
          text('press-title', 'Press', { tag: 'h1' }),
          text('press-text', 'Data Depot passes 100 million verified records. Press kit coming soon.'),
          { type: 'button', id: 'press-about', text: 'About Data Depot', link: webPage('/about') },
        ],
      },
    ]),
  ],
};

// ---- writing ------------------------------------------------------------------------------------------------------

interface Item {
  key: string;
  type: ContentTypeFqn;
  title: string;
  urlName: string;
  body: unknown;
  live: boolean;
}

export async function seedContent(db: Kysely<Database>, webstoreId: string): Promise<number> {
  const any = await db
    .selectFrom('managed_content')
    .select('id')
    .where('webstore_id', '=', webstoreId)
    .executeTakeFirst();
  if (any) return 0;
  const items: Item[] = [
    ...IMAGES.map(
      (img): Item => ({
        key: img.key,
        type: CONTENT_TYPES.image,
        title: img.title,
        urlName: img.urlName,
        body: {
          altText: img.altText,
          source: { url: cmsMediaPath(img.key), mimeType: 'image/png', width: img.width, height: img.height },
          ...(img.bgPosition ? { bgPosition: img.bgPosition } : {}),
          ...(img.bgSizeOrRepeat ? { bgSizeOrRepeat: img.bgSizeOrRepeat } : {}),
        } satisfies ImageContentBody,
        live: true,
      }),
    ),
    {
      key: DEMO_CONTENT.homeBanner,
      type: CONTENT_TYPES.banner,
      title: 'Home banner',
      urlName: 'home-banner',
      body: banner,
      live: true,
    },
    {
      key: DEMO_CONTENT.featuredCollection,
      type: CONTENT_TYPES.productCollection,
      title: 'Featured datasets',
      urlName: 'featured-datasets',
      body: featured,
      live: true,
    },
    ...RICH_TEXTS.map(
      (r): Item => ({
        key: r.key,
        type: CONTENT_TYPES.richText,
        title: r.title,
        urlName: r.urlName,
        // Stored sanitised, as the workspace stores what a seller writes.
        body: { html: sanitiseContentHtml(r.html) } satisfies RichTextContentBody,
        live: true,
      }),
    ),
    ...(
      [
        [DEMO_CONTENT.homePage, 'home', homePage, true],
        [DEMO_CONTENT.aboutPage, 'about', aboutPage, true],
        [DEMO_CONTENT.qualityPage, 'data-quality', qualityPage, true],
        [DEMO_CONTENT.licencePage, 'licence-terms', licencePage, true],
        [DEMO_CONTENT.pressPage, 'press', pressPage, false],
      ] as const
    ).map(
      ([key, urlName, body, live]): Item => ({
        key,
        type: CONTENT_TYPES.pageLayout,
        title: DEMO_PAGE_TITLES[urlName],
        urlName,
        body,
        live,
      }),
    ),
  ];
  const pictures = await Promise.all(IMAGES.map((img) => png(img.svg)));
  await db.transaction().execute(async (trx) => {
    const ids = await allocateIds(trx, '20Y', items.length);
    // One second apart, so the seller's creation order (the delivery order) is the order above.
    const base = Date.parse('2026-01-05T09:00:00.000Z');
    await trx
      .insertInto('managed_content')
      .values(
        items.map((item, i) => {
          const at = new Date(base + i * 1000).toISOString();
          const json = JSON.stringify(item.body);
          return {
            id: ids[i]!,
            content_key: item.key,
            webstore_id: webstoreId,
            type_fqn: item.type,
            title: item.title,
            url_name: item.urlName,
            body_json: json,
            live_title: item.live ? item.title : null,
            live_url_name: item.live ? item.urlName : null,
            live_body_json: item.live ? json : null,
            published_at: item.live ? at : null,
            publish_start_at: null,
            publish_end_at: null,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute();
    const media = IMAGES.map((img, i) => {
      const bytes = pictures[i]!;
      return {
        content_id: ids[items.findIndex((it) => it.key === img.key)]!,
        webstore_id: webstoreId,
        content: bytes,
        content_type: 'image/png',
        width: img.width,
        height: img.height,
        byte_size: bytes.length,
        version: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
        uploaded_at: new Date(base).toISOString(),
      };
    });
    await trx.insertInto('cms_media').values(media).execute();
    // Published images' bytes are also the ones shoppers see (the workspace's Publish copies them).
    const live = new Set(items.filter((it) => it.live).map((it) => ids[items.indexOf(it)]!));
    const published = media.filter((m) => live.has(m.content_id));
    if (published.length) await trx.insertInto('cms_media_live').values(published).execute();
  });
  return items.length;
}
