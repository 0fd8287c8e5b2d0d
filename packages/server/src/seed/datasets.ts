// What dataset DS-n is: its industry, geography, list type ("flavour") and audience segment, and
// the facts that follow (name, record count, included fields, status, dates, licensing).
// Product n is a pure function of n, so any batch can be generated on its own and product 42 is
// the same in a 500-product and a 1,000,000-product catalogue.
//
// Layout of the combination space, in order:
//   hero block   - a dozen hand-picked flagship lists (DS-00001 "US Dentists, Email and Phone" ...);
//   block 0      - every industry x list type x tier-1 geography (US, big states, UK, ...);
//   block 1      - x tier-2 geographies;   block 2 - x metro areas;
//   blocks 3..   - x audience segments ("10-49 Employees") over tier-1 and tier-2 geographies.
// Inside a block the order is scrambled by a fixed stride so neighbouring SKUs differ in industry
// and geography. Past the end of the space the layout wraps (names then repeat; SKUs stay unique).
import { GEOS, type Geo, countryByCode, geoByKey } from '../datasets/geo.ts';
import { type Rng, chance, intBetween, pickWeighted, rngFor } from '../datasets/random.ts';
import { SIC_INDUSTRIES, type SicIndustry, sicIndustry } from '../datasets/sic.ts';

export const CATALOGUE_SEED = 0x5eed2026;

export interface Flavour {
  key: string;
  /** Category of "Lists by Contact Type". */
  category: string;
  /** Fields with REGION/POSTAL placeholders for the country's column names. */
  fields: string[];
  /** Share of an industry's establishments the list covers (contacts can exceed 1). */
  coverage: number;
  priceFactor: number;
  title(geo: string, audience: string): string;
  /** How the description talks about it. */
  pitch: string;
}

const F = (
  key: string,
  category: string,
  fields: string,
  coverage: number,
  priceFactor: number,
  title: Flavour['title'],
  pitch: string,
): Flavour => ({ key, category, fields: fields.split('|'), coverage, priceFactor, title, pitch });

export const FLAVOURS: Flavour[] = [
  F(
    'EP',
    'Email & Phone Lists',
    'Company Name|Contact Name|Title|Address|City|REGION|POSTAL|Phone|Email|Website|SIC Code|Employees|Annual Sales',
    0.55,
    1.0,
    (g, a) => `${g} ${a}, Email and Phone`,
    'a named contact with a verified email address and a phone number',
  ),
  F(
    'WE',
    'Email Lists',
    'Company Name|Contact Name|Title|Email|City|REGION|Website|SIC Code',
    0.6,
    0.9,
    (g, a) => `${g} ${a} with Email`,
    'a named decision maker with a deliverable business email',
  ),
  F(
    'DD',
    'Direct Dial Lists',
    'Company Name|Contact Name|Title|Direct Dial|Phone|City|REGION|SIC Code',
    0.3,
    1.3,
    (g, a) => `${g} ${a} Direct Dial`,
    'the direct line of a named decision maker as well as the main switchboard',
  ),
  F(
    'FC',
    'Complete Databases',
    'Company Name|Contact Name|Title|Address|City|REGION|POSTAL|Phone|Direct Dial|Fax|Email|Website|SIC Code|SIC Description|Employees|Annual Sales|Year Established',
    0.4,
    1.35,
    (g, a) => `${g} ${a} – Full Contact`,
    'every contact channel we hold: postal address, switchboard, direct dial, fax, email and website',
  ),
  F(
    'ML',
    'Mailing Lists',
    'Company Name|Contact Name|Title|Address|City|REGION|POSTAL|SIC Code',
    1.0,
    0.7,
    (g, a) => `${g} ${a} Mailing List`,
    'a CASS-style standardised postal address with a named contact',
  ),
  F(
    'EL',
    'Email Lists',
    'Company Name|Contact Name|Email|Website|City|REGION|SIC Code',
    0.65,
    0.85,
    (g, a) => `${g} ${a} Email List`,
    'a deliverable business email address, checked within the last 90 days',
  ),
  F(
    'TL',
    'Phone Lists',
    'Company Name|Contact Name|Phone|Fax|City|REGION|POSTAL|SIC Code',
    0.9,
    0.8,
    (g, a) => `${g} ${a} Phone List`,
    'a main phone number (and fax where one exists), screened against disconnects',
  ),
  F(
    'EX',
    'Executive Lists',
    'Company Name|Contact Name|Title|Email|Direct Dial|LinkedIn URL|City|REGION|Employees|Annual Sales|SIC Code',
    1.6,
    1.2,
    (g, a) => `${g} ${a} – Owners & Executives`,
    'owners, partners and senior executives with email, direct dial and a profile link',
  ),
  F(
    'DB',
    'Complete Databases',
    'Company Name|Address|City|REGION|POSTAL|Phone|Website|SIC Code|SIC Description|Employees|Annual Sales|Year Established',
    1.0,
    1.25,
    (g, a) => `${g} ${a} Database`,
    'firmographics for every location: address, phone, website, size, revenue band and founding year',
  ),
];

export interface Segment {
  key: string;
  label: string;
  share: number;
}
export const SEGMENTS: Segment[] = [
  { key: 's1', label: '1–9 Employees', share: 0.62 },
  { key: 's2', label: '10–49 Employees', share: 0.25 },
  { key: 's3', label: '50–249 Employees', share: 0.09 },
  { key: 's4', label: '250+ Employees', share: 0.03 },
  { key: 'nb', label: 'New Businesses', share: 0.08 },
  { key: 'wo', label: 'Women-Owned Businesses', share: 0.2 },
];

export type ListStatus = 'Verified' | 'Updated Monthly' | 'New' | 'Compiled';
/** 'single' = bought once; 'seats' = min 5, increment 5; 'multiUser' = 1..100 users. */
export type Licence = 'single' | 'seats' | 'multiUser';
export type SubscriptionPlan = 'none' | 'refresh' | 'annual' | 'refresh+annual' | 'term' | 'annual+term';

export interface Combo {
  industry: SicIndustry;
  geo: Geo;
  flavour: Flavour;
  segment: Segment | null;
}

export interface DatasetPlan extends Combo {
  n: number;
  sku: string;
  name: string;
  licence: Licence;
  recordCount: number;
  listStatus: ListStatus;
  /** Days before the base date. */
  lastUpdatedDays: number;
  createdDays: number;
  /** Subscription selling models offered besides (or instead of) the one-time purchase. */
  subscriptions: SubscriptionPlan;
  oneTime: boolean;
  /** No price book entry at all ('Price Unavailable'). */
  noPrice: boolean;
  /** Volume tiers on the store price book entry. */
  tiers: 'percent' | 'amount' | null;
  /** How many extra categories besides the primary one (0-2). */
  extraCategories: number;
  /** Whether category lines add the "Division > Major group" line. */
  divisionLine: boolean;
  rng: Rng;
}

export function datasetSku(n: number): string {
  return `DS-${String(n).padStart(5, '0')}`;
}

/** Column names of a flavour for a geography (State/ZIP, County/Postcode, Region/Postal Code + Country). */
export function includedFields(flavour: Flavour, geo: Geo): string[] {
  return localiseFields(flavour.fields, geo);
}

/** Replaces the REGION/POSTAL placeholders; multi-country lists also get a Country column. */
export function localiseFields(fields: string[], geo: Geo): string[] {
  const multi = geo.countries.length > 1;
  const c = countryByCode(geo.countries[0]);
  const region = multi ? 'Region' : c.regionLabel;
  const postal = multi ? 'Postal Code' : c.postalLabel;
  const out: string[] = [];
  for (const f of fields) {
    if (f === 'REGION') out.push(region);
    else if (f === 'POSTAL') out.push(postal);
    else out.push(f);
    if (multi && (f === 'POSTAL' || (f === 'REGION' && !fields.includes('POSTAL')))) out.push('Country');
  }
  return out;
}

export function audienceFor(industry: SicIndustry, geo: Geo): string {
  return geo.british && industry.ukAudience ? industry.ukAudience : industry.audience;
}

export function comboName(c: Combo): string {
  const audience = audienceFor(c.industry, c.geo);
  return c.flavour.title(c.geo.label, c.segment ? `${audience} (${c.segment.label})` : audience);
}

/**
 * The demo's files are a hundredth of the lists they stand for (at least the 25 records of a sample), so a
 * demo store with hundreds of datasets stays a few tens of megabytes: a dataset's record count is its file's
 * (issue 19), and the seed writes each file (./dataset-files.ts). Prices stay those of the full list size.
 */
export const DEMO_FILE_SCALE = 100;
export const DEMO_MIN_RECORDS = 25;
export const demoRecords = (listSize: number) => Math.max(DEMO_MIN_RECORDS, Math.round(listSize / DEMO_FILE_SCALE));

/** Record count: establishments x geography share x list coverage x segment, jittered, clamped. */
export function recordCountFor(c: Combo, rng: Rng): number {
  const raw = c.industry.usCount * c.geo.share * c.flavour.coverage * (c.segment?.share ?? 1) * (0.85 + rng() * 0.3);
  return Math.max(1_200 + intBetween(rng, 0, 800), Math.min(2_500_000, Math.round(raw)));
}

const flavourByKey = new Map(FLAVOURS.map((f) => [f.key, f]));
export function flavour(key: string): Flavour {
  const f = flavourByKey.get(key);
  if (!f) throw new Error(`unknown flavour ${key}`);
  return f;
}

// Flagship lists shown first in the demo: [SIC, geography key, flavour].
const HEROES: [string, string, string][] = [
  ['8021', 'country-us', 'EP'],
  ['5812', 'us-ca', 'WE'],
  ['8111', 'country-gb', 'DD'],
  ['1521', 'us-tx', 'FC'],
  ['8011', 'country-us', 'EP'],
  ['6531', 'us-ny', 'WE'],
  ['7231', 'us-fl', 'ML'],
  ['7011', 'country-us', 'DB'],
  ['4212', 'us-il', 'TL'],
  ['7372', 'country-us', 'EX'],
  ['8711', 'country-ca', 'EL'],
  ['7538', 'country-au', 'EP'],
  ['8062', 'country-us', 'FC'],
  ['2834', 'country-de', 'DB'],
  ['8211', 'country-us', 'EL'],
  ['5411', 'country-us', 'ML'],
  ['0752', 'country-us', 'WE'],
];

const I = SIC_INDUSTRIES.length;
const NF = FLAVOURS.length;
const industryIndex = new Map(SIC_INDUSTRIES.map((x, i) => [x.code, i]));
const flavourIndex = new Map(FLAVOURS.map((x, i) => [x.key, i]));
const geoIndex = new Map(GEOS.map((g, i) => [g.key, i]));

interface Block {
  geos: number[];
  segment: number;
  size: number;
  stride: number;
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
function makeBlock(geos: number[], segment: number): Block {
  const size = I * NF * geos.length;
  let stride = Math.floor(size * 0.6180339887) | 1;
  while (gcd(stride, size) !== 1) stride += 2;
  return { geos, segment, size, stride };
}

const tierGeos = (t: number) => GEOS.flatMap((g, i) => (g.tier === t ? [i] : []));
const BLOCKS: Block[] = [
  makeBlock(tierGeos(1), -1),
  makeBlock(tierGeos(2), -1),
  makeBlock(tierGeos(3), -1),
  ...SEGMENTS.map((_, s) => makeBlock([...tierGeos(1), ...tierGeos(2)], s)),
];
const SPACE = BLOCKS.reduce((s, b) => s + b.size, 0);

// Combos are packed as integers: ((segment + 1) * GEOS + geo) * NF * I + flavour * I + industry.
const pack = (ind: number, fl: number, geo: number, seg: number) =>
  (((seg + 1) * GEOS.length + geo) * NF + fl) * I + ind;
const heroPacked = HEROES.map(([sic, geo, fl]) =>
  pack(industryIndex.get(sic)!, flavourIndex.get(fl)!, geoIndex.get(geo)!, -1),
);

function blockCombo(b: Block, j: number): number {
  const r = (j * b.stride) % b.size;
  const ind = r % I;
  const fl = Math.floor(r / I) % NF;
  const geo = b.geos[Math.floor(r / (I * NF))];
  return pack(ind, fl, geo, b.segment);
}

// Heroes take the first positions of block 0; the block-0 slots whose scrambled combo is a hero
// get, in order, the combos the heroes displaced, so every combination still appears exactly once.
const heroSwaps = (() => {
  const heroSet = new Set(heroPacked);
  const displaced: number[] = [];
  for (let j = 0; j < HEROES.length; j++) {
    const c = blockCombo(BLOCKS[0], j);
    if (!heroSet.has(c)) displaced.push(c);
  }
  const swaps = new Map<number, number>();
  let k = 0;
  for (let j = HEROES.length; j < BLOCKS[0].size && k < displaced.length; j++) {
    if (heroSet.has(blockCombo(BLOCKS[0], j))) swaps.set(j, displaced[k++]);
  }
  return swaps;
})();

/** The packed combination of dataset n (1-based). */
function packedCombo(n: number): number {
  let j = (n - 1) % SPACE;
  if (j < HEROES.length) return heroPacked[j];
  if (j < BLOCKS[0].size) return heroSwaps.get(j) ?? blockCombo(BLOCKS[0], j);
  for (const b of BLOCKS) {
    if (j < b.size) return blockCombo(b, j);
    j -= b.size;
  }
  throw new Error('unreachable');
}

/** Only the industry of dataset n: cheap, for indexing a million products by industry. */
export function datasetIndustryIndex(n: number): number {
  return packedCombo(n) % I;
}

export function comboOf(n: number): Combo {
  const p = packedCombo(n);
  const ind = p % I;
  const fl = Math.floor(p / I) % NF;
  const rest = Math.floor(p / (I * NF));
  const geo = rest % GEOS.length;
  const seg = Math.floor(rest / GEOS.length) - 1;
  return {
    industry: SIC_INDUSTRIES[ind],
    flavour: FLAVOURS[fl],
    geo: GEOS[geo],
    segment: seg >= 0 ? SEGMENTS[seg] : null,
  };
}

const STATUS_WEIGHTS: (readonly [ListStatus, number])[] = [
  ['Verified', 45],
  ['Updated Monthly', 12],
  ['Compiled', 25],
  ['New', 18],
];
const SUBSCRIPTION_PLANS: SubscriptionPlan[] = ['refresh', 'annual', 'refresh+annual', 'term', 'annual+term'];

/** Status and dates: 'New' lists appeared in the last 45 days; monthly lists were refreshed recently. */
export function listDates(rng: Rng, status: ListStatus): { lastUpdatedDays: number; createdDays: number } {
  const lastUpdatedDays =
    status === 'New'
      ? intBetween(rng, 0, 45)
      : status === 'Updated Monthly'
        ? intBetween(rng, 0, 30)
        : intBetween(rng, 0, 364);
  const createdDays =
    status === 'New' ? lastUpdatedDays + intBetween(rng, 0, 10) : lastUpdatedDays + intBetween(rng, 30, 1_100);
  return { lastUpdatedDays, createdDays };
}

/**
 * The plan of dataset DS-n. Rare features use fixed residues of n so every demo-sized catalogue
 * has them at predictable SKUs; the rest is drawn from the product's own random stream.
 */
export function planDataset(n: number): DatasetPlan {
  const combo = comboOf(n);
  const rng = rngFor(CATALOGUE_SEED, n);
  const licence: Licence = n % 20 === 9 ? 'seats' : n % 20 === 14 ? 'multiUser' : 'single';
  const noPrice = n % 100 === 42;
  const subscriptionOnly = !noPrice && licence === 'single' && n % 50 === 17;
  const withSubscription = subscriptionOnly || (!noPrice && licence === 'single' && chance(rng, 0.28));
  const subscriptions: SubscriptionPlan = withSubscription
    ? SUBSCRIPTION_PLANS[intBetween(rng, 0, SUBSCRIPTION_PLANS.length - 1)]
    : 'none';
  const listStatus: ListStatus = subscriptions.includes('refresh')
    ? 'Updated Monthly'
    : pickWeighted(rng, STATUS_WEIGHTS);
  const { lastUpdatedDays, createdDays } = listDates(rng, listStatus);
  const base = comboName(combo);
  const name =
    licence === 'seats' ? `${base} – Team License` : licence === 'multiUser' ? `${base} – Multi-User License` : base;
  const tiers = licence === 'single' || noPrice ? null : n % 40 === 9 ? 'amount' : 'percent';
  return {
    ...combo,
    n,
    sku: datasetSku(n),
    name,
    licence,
    noPrice,
    subscriptions,
    oneTime: !subscriptionOnly,
    tiers,
    recordCount: recordCountFor(combo, rng),
    listStatus,
    lastUpdatedDays,
    createdDays,
    extraCategories: pickWeighted(rng, [
      [0, 25],
      [1, 45],
      [2, 30],
    ] as const),
    divisionLine: chance(rng, 0.5),
    rng,
  };
}

/** A combo from explicit keys (for the hand-made products). */
export function makeCombo(sic: string, geoKey: string, flavourKey: string): Combo {
  return { industry: sicIndustry(sic), geo: geoByKey(geoKey), flavour: flavour(flavourKey), segment: null };
}

export const COMBINATION_SPACE = SPACE;
