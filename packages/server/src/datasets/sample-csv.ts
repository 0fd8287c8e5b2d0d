// The "DOWNLOAD SAMPLE" file of a dataset: a real CSV (RFC 4180: CRLF line ends, fields with
// commas, quotes or line breaks quoted, quotes doubled) whose header is exactly the product's
// included fields, with fake but plausible records for its countries (and its state or metro
// when the name says so). Seeded by the SKU, so a sample never changes between requests.
import type { ProductTable } from '../db/schema.ts';
import { type Country, type Place, countryByCode, countryByName, geoFromName } from './geo.ts';
import {
  ADJECTIVES,
  EMPLOYEE_BANDS,
  EN_STREET_TYPES,
  EXAMPLE_DOMAINS,
  FAMILY,
  GIVEN,
  SALES_BANDS,
  STREETS,
  TITLES,
  UK_STREET_TYPES,
} from './people.ts';
import { type Rng, chance, intBetween, pick, rngFor } from './random.ts';
import { SIC_INDUSTRIES, type SicIndustry } from './sic.ts';

export interface SampleProduct {
  sku: string;
  name: string;
  includedFields: string[];
  /** Country names as in countries_json ("United States"). */
  countries: string[];
  sicCode?: string | null;
}

export const SAMPLE_ROWS = 25;

/** One CSV field, quoted only when it has to be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: string[][]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Reads the JSON columns of a product row into the sample's input. */
export function sampleProductFromRow(
  row: Pick<ProductTable, 'sku' | 'name' | 'included_fields_json' | 'countries_json' | 'sic_code'>,
): SampleProduct {
  return {
    sku: row.sku,
    name: row.name,
    includedFields: JSON.parse(row.included_fields_json),
    countries: JSON.parse(row.countries_json),
    sicCode: row.sic_code,
  };
}

const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
/** '#' -> digit, 'A' -> letter, anything else kept. */
function fill(pattern: string, rng: Rng): string {
  let out = '';
  for (const ch of pattern)
    out +=
      ch === '#' ? String(intBetween(rng, 0, 9)) : ch === 'A' ? LETTERS[intBetween(rng, 0, LETTERS.length - 1)] : ch;
  return out;
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 32)
    .replace(/-$/, '');

function street(country: Country, rng: Rng): string {
  const name = pick(rng, STREETS[country.style]);
  const no = intBetween(rng, 1, country.style === 'en' ? 9800 : 180);
  switch (country.style) {
    case 'de':
      return `${name}straße ${no}`;
    case 'fr':
      return `${no} rue ${name}`;
    case 'es':
      return `Calle ${name}, ${no}`;
    case 'it':
      return `Via ${name}, ${no}`;
    case 'nl':
    case 'nordic':
      return `${name} ${no}`;
    case 'ja':
      return `${intBetween(rng, 1, 9)}-${intBetween(rng, 1, 30)}-${intBetween(rng, 1, 20)} ${name}`;
    default: {
      const types = country.code === 'US' || country.code === 'CA' ? EN_STREET_TYPES : UK_STREET_TYPES;
      const base = `${no} ${name} ${pick(rng, types)}`;
      // Some US addresses carry a suite, which puts a comma inside the field.
      return country.code === 'US' && chance(rng, 0.2) ? `${base}, Suite ${intBetween(rng, 1, 9) * 100}` : base;
    }
  }
}

function companyName(country: Country, industry: SicIndustry, place: Place, rng: Rng): { name: string; base: string } {
  const term = pick(rng, industry.terms);
  const fam = () => pick(rng, FAMILY[country.style]);
  const r = rng();
  let base: string;
  let name: string;
  if (r < 0.3) base = name = `${fam()} ${term}`;
  else if (r < 0.5) base = name = `${place.city} ${term}`;
  else if (r < 0.72) base = name = `${pick(rng, ADJECTIVES)} ${term}`;
  else if (r < 0.82) base = name = `${fam()} & ${fam()} ${term}`;
  else if (r < 0.9) {
    const a = fam();
    const b = fam();
    base = `${a} ${b}`;
    name = `${a}, ${b} & Partners`;
  } else {
    const f = fam();
    const dba = `${pick(rng, ADJECTIVES)} ${term}`;
    base = dba;
    name = `${f} Holdings d/b/a "${dba}"`;
  }
  const suffix = pick(rng, country.suffixes);
  if (chance(rng, 0.5) && !name.endsWith('"')) name = `${name} ${suffix}`;
  return { name, base };
}

const industriesByCode = new Map(SIC_INDUSTRIES.map((i) => [i.code, i]));

export function sampleCsv(product: SampleProduct, rows = SAMPLE_ROWS): string {
  return toCsv([product.includedFields, ...sampleRows(product, rows)]);
}

/**
 * The records of a dataset file, one array per record in the order of its included fields (no
 * header). Lazy, so the full download can stream any number of them; the first `n` records are
 * the same whatever `count` is, so the sample is exactly the start of the file a buyer downloads.
 */
export function* sampleRows(product: SampleProduct, count: number): Generator<string[], void, undefined> {
  const rng = rngFor(0xc5c5, `sample:${product.sku}`);
  const industry = industriesByCode.get(product.sicCode ?? '') ?? industriesByCode.get('8742')!;
  const countries = product.countries.map((c) => countryByName(c)).filter((c): c is Country => !!c);
  if (countries.length === 0) countries.push(countryByCode('US'));
  // A state or metro list only has addresses there.
  const geo = geoFromName(product.name);
  const placesOf = (c: Country) => {
    if (geo?.countries.length !== 1 || geo.countries[0] !== c.code) return c.places;
    const narrowed = c.places.filter(
      (p) => (!geo.cities || geo.cities.includes(p.city)) && (!geo.regions || geo.regions.includes(p.region)),
    );
    return narrowed.length ? narrowed : c.places;
  };

  for (let i = 0; i < count; i++) {
    const country = pick(rng, countries);
    const place = pick(rng, placesOf(country));
    const given = pick(rng, GIVEN[country.style]);
    const family = pick(rng, FAMILY[country.style]);
    const company = companyName(country, industry, place, rng);
    const host = `${slug(company.base) || 'company'}.${pick(rng, EXAMPLE_DOMAINS)}`;
    const band = intBetween(rng, 0, SALES_BANDS.length);
    const cur = country.currency;
    const record: Record<string, string> = {
      'Company Name': company.name,
      'Contact Name': `${given} ${family}`,
      Title: pick(rng, TITLES),
      Address: street(country, rng),
      City: place.city,
      Country: country.name,
      Phone: fill(place.phone, rng),
      'Direct Dial': fill(place.phone, rng),
      Fax: chance(rng, 0.35) ? '' : fill(place.phone, rng),
      Email: `${ascii(given)}.${ascii(family)}@${host}`,
      Website: `https://www.${host}`,
      'LinkedIn URL': `https://www.linkedin.example.com/in/${ascii(given)}-${ascii(family)}-${intBetween(rng, 4096, 65535).toString(16)}`,
      'SIC Code': industry.code,
      'SIC Description': industry.name,
      Employees: pick(rng, EMPLOYEE_BANDS),
      'Annual Sales':
        band === SALES_BANDS.length
          ? `${cur}100M+`
          : band === 0
            ? `Under ${cur}${SALES_BANDS[0][1]}`
            : `${cur}${SALES_BANDS[band][0]}-${cur}${SALES_BANDS[band][1]}`,
      'Year Established': String(intBetween(rng, 1952, 2025)),
    };
    const postal = fill(place.postal, rng);
    // Real lists are not complete: some records lack an email, a phone or a direct line, which is what the
    // list builder's "has email" filters and the data dictionary's fill rates are about.
    if (chance(rng, 0.16)) record.Email = '';
    if (chance(rng, 0.06)) record.Phone = '';
    if (chance(rng, 0.38)) record['Direct Dial'] = '';
    yield product.includedFields.map((f) => {
      if (f in record) return record[f];
      if (f === 'State' || f === 'Province' || f === 'County' || f === 'Region') return place.region;
      if (f === 'ZIP' || f === 'Postcode' || f === 'Postal Code' || f === 'Eircode' || f === 'PIN Code') return postal;
      return '';
    });
  }
}
