// Words for the evaluation kit's facts: the refresh date and the licence.

import type { DatasetLicence } from '@store/core';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "November 26, 2026" (in UTC, so the server render and the browser agree); '' for a date it cannot read. */
export function refreshedDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

/** "Single user, 12 months"; "Multi-user, perpetual". */
export function licenceText(licence: DatasetLicence): string {
  const term =
    licence.termMonths === null
      ? 'perpetual'
      : `${licence.termMonths} ${licence.termMonths === 1 ? 'month' : 'months'}`;
  return `${licence.label}, ${term}`;
}

/** The store's licence terms page, which the licence line and the Dataset's `license` point to. */
export const LICENCE_TERMS_PATH = '/licence-terms';
