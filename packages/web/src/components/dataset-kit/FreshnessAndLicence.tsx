// Freshness and licence terms of a dataset (issue 19): when its file was last refreshed, how often the seller
// updates it, and what the buyer may do with it, with a link to the full licence terms.

import type { DatasetEvaluation } from '@store/core';
import { AppLink } from '../ui/AppLink.tsx';
import { LICENCE_TERMS_PATH, licenceText, refreshedDate } from '../../lib/list-builder/evaluation-view.ts';

export const FRESHNESS_HEADING = 'Freshness and licence';

export function FreshnessAndLicence({ evaluation }: { evaluation: DatasetEvaluation }) {
  return (
    <section className="dataset-terms" aria-labelledby="dataset-terms-title">
      <h2 id="dataset-terms-title">{FRESHNESS_HEADING}</h2>
      <dl className="facts">
        <dt>Last refreshed</dt>
        <dd>
          <time dateTime={evaluation.refreshedAt}>{refreshedDate(evaluation.refreshedAt)}</time>
        </dd>
        {evaluation.updateCadence ? (
          <>
            <dt>Update cadence</dt>
            <dd>{evaluation.updateCadence}</dd>
          </>
        ) : null}
        {evaluation.licence ? (
          <>
            <dt>Licence</dt>
            <dd>{licenceText(evaluation.licence)}</dd>
          </>
        ) : null}
      </dl>
      <p>
        <AppLink href={LICENCE_TERMS_PATH}>Read the licence terms</AppLink>
      </p>
    </section>
  );
}
