// The data dictionary of a dataset file (issue 19): per column, what it holds, how often it is filled in and an
// example, computed while the file is processed and stored in dataset_file.dictionary_json (GET datasets/{id}
// returns it). The example is the column's first non-empty value, masked like the preview (core list-masking).
import { maskListCell, type DatasetDictionaryField } from '@store/core';
import type { DatasetFileProcessor } from './file-store.ts';

/** What the usual columns of a business list hold, by lower-cased header name. */
const DESCRIPTIONS: Record<string, string> = {
  'company name': 'The business’s trading name.',
  company: 'The business’s trading name.',
  'contact name': 'The named contact at the business (first and last name).',
  'first name': 'The contact’s first name.',
  'last name': 'The contact’s last name.',
  title: 'The contact’s job title.',
  'job title': 'The contact’s job title.',
  address: 'The street address of the business.',
  'address line 2': 'The second line of the street address.',
  city: 'The city or town of the business address.',
  town: 'The city or town of the business address.',
  state: 'The state of the business address (two-letter code).',
  province: 'The province of the business address.',
  county: 'The county of the business address.',
  region: 'The region of the business address.',
  zip: 'The ZIP code of the business address.',
  'zip code': 'The ZIP code of the business address.',
  postcode: 'The postcode of the business address.',
  'postal code': 'The postal code of the business address.',
  eircode: 'The Eircode (Irish postcode) of the business address.',
  'pin code': 'The PIN code (Indian postal code) of the business address.',
  country: 'The country of the business address.',
  phone: 'The business’s main telephone number.',
  telephone: 'The business’s main telephone number.',
  'direct dial': 'The contact’s direct telephone line.',
  fax: 'The business’s fax number.',
  mobile: 'The contact’s mobile number.',
  email: 'The contact’s business email address.',
  'email address': 'The contact’s business email address.',
  website: 'The business’s website address.',
  'linkedin url': 'The contact’s LinkedIn profile address.',
  'sic code': 'The Standard Industrial Classification code of the business’s main activity.',
  sic: 'The Standard Industrial Classification code of the business’s main activity.',
  'sic description': 'The name of the SIC code’s industry.',
  'naics code': 'The North American Industry Classification System code of the business’s main activity.',
  employees: 'The number of employees, as a size band.',
  'employee size': 'The number of employees, as a size band.',
  'annual sales': 'The business’s annual sales, as a band in the local currency.',
  'sales volume': 'The business’s annual sales, as a band in the local currency.',
  'year established': 'The year the business was founded.',
  latitude: 'The latitude of the business address.',
  longitude: 'The longitude of the business address.',
};

export const columnDescription = (header: string) =>
  DESCRIPTIONS[header.trim().toLowerCase()] ?? `The “${header.trim()}” field, as the seller supplied it.`;

/** Share of `filled` in `total` as a percent with one decimal, rounded half up in integers ("87.5"). */
export function fillRateOf(filled: number, total: number): string {
  if (total <= 0) return '0.0';
  const tenths = Math.floor((filled * 2000 + total) / (2 * total));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

export function dataDictionaryProcessor(): DatasetFileProcessor {
  let header: string[] = [];
  let filled: number[] = [];
  let examples: string[] = [];
  let records = 0;
  return {
    start(h) {
      header = h;
      filled = h.map(() => 0);
      examples = h.map(() => '');
    },
    record(cells) {
      records++;
      for (let i = 0; i < header.length; i++) {
        const v = cells[i]?.trim();
        if (!v) continue;
        if (filled[i]++ === 0) examples[i] = maskListCell(header[i]!, v);
      }
    },
    async finish(db, file) {
      const dictionary: DatasetDictionaryField[] = header.map((name, i) => ({
        name,
        description: columnDescription(name),
        fillRate: fillRateOf(filled[i]!, records),
        example: examples[i]!,
      }));
      await db
        .updateTable('dataset_file')
        .set({ dictionary_json: JSON.stringify(dictionary) })
        .where('id', '=', file.id)
        .execute();
    },
  };
}
