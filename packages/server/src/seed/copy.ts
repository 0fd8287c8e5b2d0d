// Product copy: the one-sentence plain description (also the meta description) and the rich
// description. Rich text uses only <p>, <ul>, <li> and <strong>, the subset the sanitiser keeps,
// and every interpolated value is HTML-escaped ("Bars & Taverns").
import { escapeHtml } from '@store/core';
import type { Geo } from '../datasets/geo.ts';
import { countryNames } from '../datasets/geo.ts';
import type { Rng } from '../datasets/random.ts';
import { pick } from '../datasets/random.ts';
import type { SicIndustry } from '../datasets/sic.ts';

/** 1234567 -> "1,234,567" (toLocaleString is correct too, but slow enough to matter for a million products). */
export const formatCount = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function geoPhrase(geo: Geo): string {
  switch (geo.kind) {
    case 'us':
      return 'the United States';
    case 'us-metro':
      return `the ${geo.label} metro area`;
    case 'multi': {
      const names = countryNames(geo);
      return names.length <= 3
        ? names.join(', ').replace(/, ([^,]*)$/, ' and $1')
        : `${names.length} countries (${names.join(', ')})`;
    }
    case 'country':
      return countryNames(geo)[0] === 'United Kingdom' ? 'the United Kingdom' : countryNames(geo)[0];
    default:
      return geo.label === 'Scottish' ? 'Scotland' : geo.label === 'Welsh' ? 'Wales' : geo.label;
  }
}

/** "email, phone and postal address" from the included fields. */
export function channels(fields: string[]): string {
  const out: string[] = [];
  if (fields.includes('Email')) out.push('email');
  if (fields.includes('Direct Dial')) out.push('direct dial');
  if (fields.includes('Phone')) out.push('phone');
  if (fields.includes('Address')) out.push('postal address');
  if (fields.includes('Website') && out.length < 2) out.push('website');
  if (fields.includes('Annual Sales') && out.length < 3) out.push('company size and revenue');
  if (out.length === 0) out.push('company details');
  return out.length === 1 ? out[0] : `${out.slice(0, -1).join(', ')} and ${out[out.length - 1]}`;
}

export interface CopyInput {
  name: string;
  audience: string;
  industry: SicIndustry;
  geo: Geo;
  recordCount: number;
  fields: string[];
  pitch: string;
  listStatus: string;
  licence: 'single' | 'seats' | 'multiUser' | 'physical';
  subscription: boolean;
  extraParagraph?: string;
}

const STATUS_LINE: Record<string, string> = {
  Verified: 'Every record phone- or email-verified in the last 90 days',
  'Updated Monthly': 'Refreshed every month; subscribers get each new edition automatically',
  New: 'Newly compiled list, first released this quarter',
  Compiled: 'Compiled from public filings, directories and our own research',
};

const CLOSERS = [
  'Ideal for outbound sales, direct mail and account-based marketing.',
  'Import it straight into your CRM: one row per contact, consistent column names.',
  'Use it to size a territory, plan a campaign or enrich the records you already have.',
  'Suppress your existing customers before delivery at no extra charge.',
];

export function plainDescription(c: CopyInput): string {
  if (c.licence === 'physical')
    return `${c.name}: ${formatCount(c.recordCount)} ${c.audience.toLowerCase()} listings in ${geoPhrase(c.geo)}, printed, bound and shipped.`;
  return `${formatCount(c.recordCount)} ${c.audience.toLowerCase()} in ${geoPhrase(c.geo)} with ${channels(c.fields)}, delivered as a CSV download.`;
}

export function richDescription(c: CopyInput, rng: Rng): string {
  const e = escapeHtml;
  const delivery =
    c.licence === 'physical'
      ? 'Printed and bound, shipped from our US warehouses within 2 business days'
      : c.licence === 'seats'
        ? 'Licensed per seat in packs of 5; every seat downloads the full CSV'
        : c.licence === 'multiUser'
          ? 'Licensed per user; volume pricing from 10 users'
          : c.subscription
            ? 'Buy once as a CSV download or subscribe for refreshed editions'
            : 'Delivered instantly as a CSV download';
  return [
    `<p><strong>${e(formatCount(c.recordCount))} ${e(c.audience.toLowerCase())}</strong> in ${e(geoPhrase(c.geo))}, each with ${e(c.pitch)}.</p>`,
    '<ul>',
    `<li><strong>SIC ${e(c.industry.code)}</strong> – ${e(c.industry.name)}</li>`,
    `<li><strong>Fields:</strong> ${e(c.fields.join(', '))}</li>`,
    `<li>${e(STATUS_LINE[c.listStatus] ?? STATUS_LINE.Compiled)}</li>`,
    `<li>${e(delivery)}</li>`,
    '</ul>',
    c.extraParagraph ? `<p>${e(c.extraParagraph)}</p>` : '',
    `<p>${e(pick(rng, CLOSERS))}</p>`,
  ].join('');
}
