// The hand-made products with fixed ids (product numbers 1..34, below the datasets' 101+):
//   1-8    printed directories PD-00001.. (Physical, inventory in two warehouses, volume tiers)
//   11-30  five variation families: a VariationParent VP-0000k + three Variations VA-000k1..3 by "Coverage"
//   31-32  bundles BN-00001.. (one price for several datasets)
//   33-34  sets ST-00001..    (add several datasets at once; no price of their own)
// Bundle and set components are product_relation rows of type BundleComponent / SetComponent.
import type { ProductRelationTable } from '../db/schema.ts';
import { type CategoryTree, ROOTS, geoCategoryFor, industryKey } from './categories.ts';
import { plainDescription, richDescription } from './copy.ts';
import {
  type Combo,
  audienceFor,
  includedFields,
  listDates,
  localiseFields,
  makeCombo,
  planDataset,
  recordCountFor,
  demoRecords,
} from './datasets.ts';
import { countryNames, geoByKey } from '../datasets/geo.ts';
import { listPriceCents, shelfCents, shelfDollars } from './pricing.ts';
import { type Rng, intBetween, rngFor } from '../datasets/random.ts';
import type { DatasetIndex } from './relations.ts';
import {
  type ProductSpec,
  categoryLines,
  datasetPid,
  datasetSpec,
  productId,
  storeDiscount,
  wholesaleDiscount,
} from './products.ts';
import { SIC_INDUSTRIES, sicIndustry } from '../datasets/sic.ts';
import { TAX_POLICY_IDS } from './store.ts';

const SEED = 0x5bec1a1;

// [name, SIC, geography, price in cents, on hand (Reno, Columbus), directory kind, in the Draft category, tier kind]
const PRINTED: [
  string,
  string,
  string,
  number,
  [number, number],
  'industry' | 'regional',
  boolean,
  'percent' | 'amount',
][] = [
  [
    'Texas Home Builders & Contractors Directory – 2027 Print Edition',
    '1521',
    'us-tx',
    14_900,
    [120, 45],
    'industry',
    true,
    'percent',
  ],
  ['California Restaurant Guide – 2027 Print Edition', '5812', 'us-ca', 12_900, [0, 60], 'regional', true, 'amount'],
  ['US Hospitals Directory – Print Edition', '8062', 'country-us', 39_500, [35, 20], 'industry', false, 'percent'],
  ['New York Law Firms Directory – Print Edition', '8111', 'us-ny', 18_900, [0, 0], 'industry', false, 'amount'],
  [
    'Florida Real Estate Brokers Directory – Print Edition',
    '6531',
    'us-fl',
    9_900,
    [80, 0],
    'regional',
    false,
    'percent',
  ],
  ['Illinois Manufacturers Register – Print Edition', '3599', 'us-il', 24_900, [12, 8], 'regional', false, 'amount'],
  [
    'UK Hotels & Guest Houses Directory – Print Edition',
    '7011',
    'country-gb',
    11_900,
    [0, 25],
    'industry',
    false,
    'percent',
  ],
  ['Canadian Trucking Directory – Print Edition', '4213', 'country-ca', 13_900, [40, 40], 'regional', false, 'percent'],
];
const PRINTED_FIELDS = [
  'Company Name',
  'Contact Name',
  'Address',
  'City',
  'REGION',
  'POSTAL',
  'Phone',
  'Website',
  'SIC Code',
];

// [SIC, geography]; the last family also sells annual subscriptions.
const FAMILIES: [string, string][] = [
  ['8021', 'country-us'],
  ['5812', 'us-ca'],
  ['8111', 'country-gb'],
  ['1521', 'us-tx'],
  ['6531', 'country-us'],
];
const COVERAGE: [string, string][] = [
  ['Email Only', 'EL'],
  ['Email + Phone', 'EP'],
  ['Full Contact', 'FC'],
];

// [sku, class, name, component industries]
const GROUPS: [string, 'Bundle' | 'Set', string, string[]][] = [
  [
    'BN-00001',
    'Bundle',
    'Healthcare Practices Bundle – Dentists, Physicians & Chiropractors',
    ['8021', '8011', '8041'],
  ],
  ['BN-00002', 'Bundle', 'Home Services Contractor Bundle – Plumbing, Electrical & Roofing', ['1711', '1731', '1761']],
  ['ST-00001', 'Set', 'Restaurant & Hospitality Starter Set', ['5812', '5813', '7011']],
  [
    'ST-00002',
    'Set',
    'Professional Services Starter Set – Lawyers, Accountants & Consultants',
    ['8111', '8721', '8742'],
  ],
];

export const PRINTED_PIDS = PRINTED.map((_, i) => i + 1);
export const FAMILY_PARENT_PIDS = FAMILIES.map((_, k) => 11 + 4 * k);
export const GROUP_PIDS = GROUPS.map((_, i) => 31 + i);
export const MAX_SPECIAL_PID = 34;

export interface Specials {
  specs: ProductSpec[];
  components: ProductRelationTable[];
  /** Products cross-sold everywhere ("featured"). */
  featured: number[];
}

const industryIdx = new Map(SIC_INDUSTRIES.map((x, i) => [x.code, i]));

function baseSpec(pid: number, sku: string, name: string, combo: Combo, rng: Rng, fields: string[]) {
  const status = 'Verified';
  const dates = listDates(rng, status);
  return {
    pid,
    sku,
    name,
    parentPid: null as number | null,
    industry: combo.industry,
    geo: combo.geo,
    countries: countryNames(combo.geo),
    includedFields: fields,
    listStatus: status,
    ...dates,
    variation: null as Record<string, string> | null,
    taxPolicyId: TAX_POLICY_IDS.digital,
    inventory: null as [number, number] | null,
  };
}

function printedSpecs(tree: CategoryTree): ProductSpec[] {
  return PRINTED.map(([name, sic, geoKey, cents, stock, kind, draft, tiers], i) => {
    const pid = i + 1;
    const sku = `PD-${String(pid).padStart(5, '0')}`;
    const rng = rngFor(SEED, sku);
    const combo = makeCombo(sic, geoKey, 'ML');
    const fields = localiseFields(PRINTED_FIELDS, combo.geo);
    // A bound directory holds a few thousand to ~25,000 listings, not the whole list.
    const recordCount = Math.min(recordCountFor(combo, rng), 8_000 + intBetween(rng, 0, 17_000));
    const categories = [
      kind === 'industry' ? ROOTS.industryDirectories : ROOTS.regionalDirectories,
      industryKey(sic),
      ...(draft ? [ROOTS.draftEditions] : []),
    ];
    const copy = {
      name,
      audience: audienceFor(combo.industry, combo.geo),
      industry: combo.industry,
      geo: combo.geo,
      recordCount,
      fields,
      pitch: 'address, phone and website',
      listStatus: 'Verified',
      licence: 'physical' as const,
      subscription: false,
    };
    const b = baseSpec(pid, sku, name, combo, rng, fields);
    return {
      ...b,
      productClass: 'Simple',
      fulfilment: 'Physical',
      recordCount,
      qty: [1, 50, 1],
      taxPolicyId: TAX_POLICY_IDS.printed,
      inventory: stock,
      price: {
        baseCents: cents,
        oneTime: true,
        subscriptions: [],
        storeDiscount: i % 3 === 1 ? 0.15 : 0,
        wholesaleDiscount: 0.3,
        tiers,
      },
      sellingModels: ['oneTime'],
      categories,
      lines: categoryLines(tree, categories, combo.industry, false),
      description: plainDescription(copy),
      richDescription: richDescription(
        { ...copy, extraParagraph: 'Volume pricing: 10% off from 10 copies, 20% off from 50.' },
        rng,
      ),
    } satisfies ProductSpec;
  });
}

function familySpecs(tree: CategoryTree): ProductSpec[] {
  const out: ProductSpec[] = [];
  FAMILIES.forEach(([sic, geoKey], k) => {
    const parentPid = 11 + 4 * k;
    const parentSku = `VP-${String(k + 1).padStart(5, '0')}`;
    const geo = geoByKey(geoKey);
    const audience = audienceFor(sicIndustry(sic), geo);
    const categories = [industryKey(sic), geoCategoryFor(tree, geo)];
    const children: ProductSpec[] = COVERAGE.map(([coverage, flavourKey], c) => {
      const pid = parentPid + 1 + c;
      // VA-000kc: family k, coverage c (SKUs stay two letters + digits, the form the asset routes accept).
      const sku = `VA-${String((k + 1) * 10 + c + 1).padStart(5, '0')}`;
      const rng = rngFor(SEED, sku);
      const combo = makeCombo(sic, geoKey, flavourKey);
      const name = `${geo.label} ${audience} – ${coverage}`;
      const fields = includedFields(combo.flavour, geo);
      const listSize = recordCountFor(combo, rng);
      const recordCount = demoRecords(listSize);
      const subscriptions = k === 4 ? (['annual'] as const) : [];
      const copy = {
        name,
        audience,
        industry: combo.industry,
        geo,
        recordCount,
        fields,
        pitch: combo.flavour.pitch,
        listStatus: 'Verified',
        licence: 'single' as const,
        subscription: subscriptions.length > 0,
      };
      return {
        ...baseSpec(pid, sku, name, combo, rng, fields),
        productClass: 'Variation',
        parentPid,
        fulfilment: 'Dataset',
        recordCount,
        qty: [1, 1, 1],
        variation: { Coverage: coverage },
        price: {
          baseCents: listPriceCents(listSize, combo.flavour.priceFactor, rng),
          oneTime: true,
          subscriptions: [...subscriptions],
          storeDiscount: c === 2 ? 0.1 : 0,
          wholesaleDiscount: 0.25,
          tiers: null,
        },
        sellingModels: ['oneTime', ...subscriptions],
        categories,
        lines: categoryLines(tree, categories, combo.industry, true),
        description: plainDescription(copy),
        richDescription: richDescription(copy, rng),
      } satisfies ProductSpec;
    });
    // The parent shows the richest variation's facts and a "from" price (its cheapest variation).
    const full = children[2];
    const rng = rngFor(SEED, parentSku);
    const name = `${geo.label} ${audience} – choose your coverage`;
    const cheapest = Math.min(...children.map((c) => c.price!.baseCents));
    const copy = {
      name,
      audience,
      industry: full.industry,
      geo,
      recordCount: full.recordCount,
      fields: full.includedFields,
      pitch: 'the coverage you choose: email only, email and phone, or every channel',
      listStatus: 'Verified',
      licence: 'single' as const,
      subscription: false,
    };
    out.push(
      {
        ...baseSpec(parentPid, parentSku, name, makeCombo(sic, geoKey, 'FC'), rng, full.includedFields),
        productClass: 'VariationParent',
        fulfilment: 'Dataset',
        recordCount: full.recordCount,
        qty: [1, 1, 1],
        price: {
          baseCents: cheapest,
          oneTime: true,
          subscriptions: [],
          storeDiscount: 0,
          wholesaleDiscount: 0.25,
          tiers: null,
        },
        sellingModels: ['oneTime'],
        categories,
        lines: categoryLines(tree, categories, full.industry, true),
        description: plainDescription(copy),
        richDescription: richDescription(
          {
            ...copy,
            extraParagraph: 'Pick Email Only, Email + Phone or Full Contact; each coverage is a separate download.',
          },
          rng,
        ),
      },
      ...children,
    );
  });
  return out;
}

/** The first priced, single-licence, one-time datasets of an industry (nearest industries if none). */
function componentsFor(index: DatasetIndex, sic: string, taken: Set<number>): number | undefined {
  const rng = rngFor(SEED, `components:${sic}`);
  const ok = (n: number) => {
    const p = planDataset(n);
    return !taken.has(n) && !p.noPrice && p.oneTime && p.licence === 'single';
  };
  for (const n of index.bucket(industryIdx.get(sic)!)) if (ok(n)) return n;
  for (let tries = 0; tries < 5; tries++)
    for (const n of index.near(industryIdx.get(sic)!, 20, rng)) if (ok(n)) return n;
  return undefined;
}

function groupSpecs(tree: CategoryTree, index: DatasetIndex, components: ProductRelationTable[]): ProductSpec[] {
  return GROUPS.map(([sku, cls, name, sics], i) => {
    const pid = 31 + i;
    const rng = rngFor(SEED, sku);
    const taken = new Set<number>();
    for (const sic of sics) {
      const n = componentsFor(index, sic, taken);
      if (n !== undefined) taken.add(n);
    }
    const parts = [...taken].map((n) => datasetSpec(n, tree));
    for (const [pos, p] of parts.entries()) {
      components.push({
        product_id: productId(pid),
        related_id: productId(p.pid),
        relationship_type: `${cls}Component`,
        position: pos + 1,
      });
    }
    const first = parts[0] ?? datasetSpec(1, tree);
    const combo: Combo = {
      industry: sicIndustry(sics[0]),
      geo: first.geo,
      flavour: makeCombo(sics[0], first.geo.key, 'EP').flavour,
      segment: null,
    };
    const fields = [...new Set(parts.flatMap((p) => p.includedFields))];
    const recordCount = parts.reduce((s, p) => s + p.recordCount, 0) || first.recordCount;
    const sum = parts.reduce((s, p) => s + (p.price?.baseCents ?? 0), 0) || 9_900;
    const categories = [ROOTS.bundles, industryKey(sics[0])];
    const countries = [...new Set(parts.flatMap((p) => p.countries))];
    const copy = {
      name,
      audience: parts.map((p) => audienceFor(p.industry, p.geo)).join(', '),
      industry: combo.industry,
      geo: first.geo,
      recordCount,
      fields,
      pitch:
        cls === 'Bundle'
          ? 'everything in the included lists, for one bundle price'
          : 'every list in the set, added to your cart together',
      listStatus: 'Verified',
      licence: 'single' as const,
      subscription: false,
    };
    return {
      ...baseSpec(pid, sku, name, combo, rng, fields),
      countries: countries.length ? countries : first.countries,
      productClass: cls,
      fulfilment: 'Dataset',
      recordCount,
      qty: [1, 1, 1],
      // A bundle is one product at ~20% off its parts; a set has no price of its own (its parts are priced).
      price:
        cls === 'Bundle'
          ? {
              baseCents: shelfCents(shelfDollars((sum / 100) * 0.8), rng),
              oneTime: true,
              subscriptions: [],
              storeDiscount: storeDiscount(rng),
              wholesaleDiscount: wholesaleDiscount(rng),
              tiers: null,
            }
          : null,
      sellingModels: ['oneTime'],
      categories,
      lines: categoryLines(tree, categories, combo.industry, false),
      description: `${name}: ${parts.map((p) => p.name).join('; ')}.`,
      richDescription: richDescription(
        { ...copy, extraParagraph: `Includes: ${parts.map((p) => p.name).join('; ')}.` },
        rng,
      ),
    } satisfies ProductSpec;
  });
}

export function buildSpecials(tree: CategoryTree, index: DatasetIndex): Specials {
  const components: ProductRelationTable[] = [];
  const specs = [...printedSpecs(tree), ...familySpecs(tree), ...groupSpecs(tree, index, components)];
  const heroes = Array.from({ length: Math.min(12, index.count) }, (_, i) => datasetPid(i + 1));
  return { specs, components, featured: [...PRINTED_PIDS, ...FAMILY_PARENT_PIDS, ...GROUP_PIDS, ...heroes] };
}
