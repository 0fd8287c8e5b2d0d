// The storefront category tree. It does not depend on the catalogue size, so category ids are the
// same in every seeded database:
//   Business Lists > SIC division > major group > industry   (depth 0..3)
//   Business Lists > Lists by Contact Type > Email Lists ...
//   Business Lists > Bundles & Value Packs
//   Consumer & Geographic Lists > United States Lists > California ...
//   Printed Directories > Industry Directories | Regional Directories | 2027 Print Editions (Draft)
import type { CategoryTable } from '../db/schema.ts';
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import { FLAVOURS } from './datasets.ts';
import { GEOS, type Geo } from '../datasets/geo.ts';
import { SIC_DIVISIONS, SIC_INDUSTRIES, SIC_MAJOR_GROUPS } from '../datasets/sic.ts';
import { WEBSTORE_ID } from './store.ts';

export interface CategoryNode {
  key: string;
  id: string;
  name: string;
  parentKey: string | null;
  row: CategoryTable;
}

export interface CategoryTree {
  /** Rows ordered by depth, so parents are inserted before children. */
  rows: CategoryTable[];
  byKey: Map<string, CategoryNode>;
  get(key: string): CategoryNode;
  /** "Parent > Name", the form of the dataset category lines. */
  line(key: string): string;
}

export function kebab(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const ROOTS = {
  business: 'root:business',
  geographic: 'root:geographic',
  printed: 'root:printed',
  contactType: 'business:contact-type',
  bundles: 'business:bundles',
  usLists: 'geo:us-lists',
  international: 'geo:international',
  multiCountry: 'geo:multi-country',
  industryDirectories: 'printed:industry',
  regionalDirectories: 'printed:regional',
  draftEditions: 'printed:2027',
} as const;

export const industryKey = (sic: string) => `industry:${sic}`;
export const flavourCategoryKey = (category: string) => `contact-type:${kebab(category)}`;
export const geoCategoryKey = (geoKey: string) => `geo:${geoKey}`;

export function buildCategoryTree(): CategoryTree {
  const byKey = new Map<string, CategoryNode>();
  const usedUrls = new Set<string>();
  const siblings = new Map<string | null, number>();
  let next = 1;

  const add = (
    key: string,
    parentKey: string | null,
    name: string,
    description: string | null,
    opts: { status?: 'Live' | 'Draft'; urlHint?: string } = {},
  ) => {
    const parent = parentKey ? byKey.get(parentKey) : undefined;
    if (parentKey && !parent) throw new Error(`category parent ${parentKey} missing`);
    // url names are unique per store; a clash (an industry named like its major group) gets a qualifier.
    let url = kebab(name);
    if (usedUrls.has(url)) url = `${url}-${kebab(opts.urlHint ?? parent?.name ?? key)}`;
    for (let i = 2; usedUrls.has(url); i++) url = `${kebab(name)}-${i}`;
    usedUrls.add(url);
    const order = siblings.get(parentKey) ?? 0;
    siblings.set(parentKey, order + 1);
    const id = formatId(KEY_PREFIX.category, next++);
    const row: CategoryTable = {
      id,
      webstore_id: WEBSTORE_ID,
      parent_id: parent?.id ?? null,
      name,
      description,
      url_name: url,
      sort_order: order,
      // Roots and their children get a tile image (categoryImageSvg); deeper levels are text-only menu entries.
      depth: parent ? parent.row.depth + 1 : 0,
      publish_status: opts.status ?? 'Live',
      is_navigational: 1,
      image_url: !parent || parent.row.depth === 0 ? `/media/categories/${url}.svg` : null,
    };
    byKey.set(key, { key, id, name, parentKey, row });
  };

  add(
    ROOTS.business,
    null,
    'Business Lists',
    'B2B contact lists and company databases organised by Standard Industrial Classification (SIC).',
  );
  add(
    ROOTS.geographic,
    null,
    'Consumer & Geographic Lists',
    'Lists selected by where businesses are: states, countries and multi-country regions.',
  );
  add(
    ROOTS.printed,
    null,
    'Printed Directories',
    'Bound print editions of our most popular directories, shipped from our US warehouses.',
  );

  for (const d of SIC_DIVISIONS)
    add(`division:${d.code}`, ROOTS.business, d.label, `SIC Division ${d.code}: ${d.description}`);
  for (const g of SIC_MAJOR_GROUPS)
    add(`major:${g.code}`, `division:${g.division}`, g.label, `SIC major group ${g.code}, ${g.name}.`);
  SIC_INDUSTRIES.forEach((ind, i) => {
    // Some industry pages carry a description, most just list their datasets.
    const description = i % 3 === 0 ? `Lists of ${ind.audience.toLowerCase()} (SIC ${ind.code}, ${ind.name}).` : null;
    add(industryKey(ind.code), `major:${ind.majorGroup}`, ind.audience, description, { urlHint: ind.code });
  });

  add(
    ROOTS.contactType,
    ROOTS.business,
    'Lists by Contact Type',
    'The same industries cut by the channel you want to reach them on.',
  );
  for (const cat of new Set(FLAVOURS.map((f) => f.category)))
    add(flavourCategoryKey(cat), ROOTS.contactType, cat, null);
  add(
    ROOTS.bundles,
    ROOTS.business,
    'Bundles & Value Packs',
    'Several related lists at one price, or a set you can add to the cart in one go.',
  );

  add(ROOTS.usLists, ROOTS.geographic, 'United States Lists', 'National, state and metro-area lists of US businesses.');
  add(
    ROOTS.international,
    ROOTS.geographic,
    'International Lists',
    'Country lists compiled with local registries and partners.',
  );
  add(ROOTS.multiCountry, ROOTS.geographic, 'Multi-Country Lists', 'One file, one format, several countries.');
  for (const g of GEOS) {
    if (g.tier !== 1 || g.kind === 'us') continue;
    const parent =
      g.kind === 'us-state' ? ROOTS.usLists : g.kind === 'multi' ? ROOTS.multiCountry : ROOTS.international;
    add(geoCategoryKey(g.key), parent, geoCategoryName(g), null);
  }

  add(
    ROOTS.industryDirectories,
    ROOTS.printed,
    'Industry Directories',
    'National and state directories for one industry.',
  );
  add(ROOTS.regionalDirectories, ROOTS.printed, 'Regional Directories', 'Everything in one region, bound and indexed.');
  // Draft: only visible in the preview menu (publishStatus=Draft).
  add(
    ROOTS.draftEditions,
    ROOTS.printed,
    '2027 Print Editions',
    'Pre-release print editions for 2027 (preview only).',
    { status: 'Draft' },
  );

  const nodes = [...byKey.values()];
  const rows = nodes.map((n) => n.row).sort((a, b) => a.depth - b.depth);
  const get = (key: string) => {
    const n = byKey.get(key);
    if (!n) throw new Error(`unknown category ${key}`);
    return n;
  };
  const line = (key: string) => {
    const n = get(key);
    return n.parentKey ? `${get(n.parentKey).name} > ${n.name}` : n.name;
  };
  return { rows, byKey, get, line };
}

function geoCategoryName(g: Geo): string {
  switch (g.key) {
    case 'country-gb':
      return 'United Kingdom';
    case 'country-ca':
      return 'Canada';
    case 'country-au':
      return 'Australia';
    case 'country-de':
      return 'Germany';
    case 'north-america':
      return 'North America';
    case 'europe':
      return 'Europe';
    default:
      return g.label;
  }
}

/** The geographic category a dataset belongs to: its own tier-1 category or the group node. */
export function geoCategoryFor(tree: CategoryTree, g: Geo): string {
  const own = geoCategoryKey(g.key);
  if (tree.byKey.has(own)) return own;
  if (g.kind === 'us' || g.kind === 'us-state' || g.kind === 'us-metro') return ROOTS.usLists;
  if (g.kind === 'multi') return ROOTS.multiCountry;
  return ROOTS.international;
}
