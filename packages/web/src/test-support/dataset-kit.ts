// A dataset's evaluation, counts and preview as the API answers them (core/dataset-lists.ts), for the list
// builder's and evaluation kit's tests: a small dentists' list, whole and narrowed to Texas with an email.

import type { DatasetEvaluation, DatasetListCounts, DatasetListPreview, ListFacet } from '@store/core';
import type { DatasetKitData } from '../lib/list-builder/dataset-kit.ts';
import { PRODUCT_ID } from './fixtures.ts';

export const evaluation = (over: Partial<DatasetEvaluation> = {}): DatasetEvaluation => ({
  productId: PRODUCT_ID,
  fileVersion: 3,
  records: 983,
  columns: ['Company Name', 'Contact Name', 'City', 'State', 'ZIP', 'Phone', 'Email'],
  filters: ['region', 'city', 'postal', 'email', 'phone'],
  dictionary: [
    { name: 'Company Name', description: 'The business name', fillRate: '100.0', example: 'Smile Dental' },
    { name: 'Email', description: 'A contact email address', fillRate: '87.5', example: 'j***@d***.com' },
    { name: 'Phone', description: 'The main phone number', fillRate: '0.0', example: '' },
  ],
  refreshedAt: '2026-11-02T23:30:00.000Z',
  updateCadence: 'Quarterly',
  licence: { kind: 'single', label: 'Single user', termMonths: 12 },
  listPricing: { per1000: '1525.93', minimum: '99.99', tiers: [] },
  ...over,
});

const facet = (key: ListFacet['key'], label: string, values: [string, number, boolean?][]): ListFacet => ({
  key,
  label,
  kind: key === 'email' || key === 'phone' ? 'flag' : 'values',
  values: values.map(([value, count, selected]) => ({ value, count, selected: selected ?? false })),
  truncated: false,
});

const CITIES: [string, number][] = [
  ['Los Angeles', 20],
  ['Houston', 14],
  ['San Antonio', 12],
  ['Boston', 11],
  ['Austin', 9],
  ['Miami', 8],
  ['Dallas', 7],
  ['Chicago', 6],
  ['Seattle', 5],
  ['Denver', 4],
];

export const wholeCounts = (): DatasetListCounts => ({
  productId: PRODUCT_ID,
  fileVersion: 3,
  selection: '',
  totalRecords: 983,
  records: 983,
  price: {
    amount: '999.99',
    currencyIsoCode: 'USD',
    per1000: '1017.29',
    minimumApplied: false,
    wholeListPrice: '999.99',
  },
  facets: [
    facet('region', 'State or region', [
      ['CA', 120],
      ['TX', 96],
      ['MA', 60],
    ]),
    facet('city', 'City', CITIES),
    facet('postal', 'Postal code area', [
      ['782', 30],
      ['021', 25],
    ]),
    facet('email', 'Has email', [['1', 860]]),
    facet('phone', 'Has phone', [['1', 700]]),
  ],
});

export const texasWithEmailCounts = (): DatasetListCounts => ({
  ...wholeCounts(),
  selection: 'region=TX&email=1',
  records: 36,
  price: {
    amount: '99.99',
    currencyIsoCode: 'USD',
    per1000: '1525.93',
    minimumApplied: true,
    wholeListPrice: '999.99',
  },
  facets: [
    facet('region', 'State or region', [
      ['CA', 39],
      ['TX', 36, true],
      ['MA', 27],
    ]),
    facet('city', 'City', [
      ['San Antonio', 9],
      ['Austin', 8],
    ]),
    facet('postal', 'Postal code area', [['782', 9]]),
    facet('email', 'Has email', [['1', 36, true]]),
    facet('phone', 'Has phone', [['1', 30]]),
  ],
});

export const preview = (over: Partial<DatasetListPreview> = {}): DatasetListPreview => ({
  productId: PRODUCT_ID,
  fileVersion: 3,
  selection: 'region=TX&email=1',
  columns: ['Company Name', 'Contact Name', 'State', 'Phone', 'Email'],
  rows: [
    ['Smile Dental', 'J*** D***', 'TX', '(512) ***-**17', 'j***@d***.com'],
    ['Lone Star Dentistry', 'M*** R***', 'TX', '(214) ***-**02', 'm***@l***.com'],
  ],
  records: 36,
  ...over,
});

export const datasetKit = (over: Partial<DatasetKitData> = {}): DatasetKitData => ({
  evaluation: evaluation(),
  counts: wholeCounts(),
  preview: preview({ selection: '', records: 983 }),
  storeName: 'Data Depot',
  ...over,
});
