// The masked preview (issue 19): the selection's first records as the server masked them (emails, phones and
// personal names), so a buyer sees what the rows look like before paying. The table scrolls sideways inside
// its own focusable region on narrow screens.

import type { DatasetListPreview } from '@store/core';
import { ScrollRegion } from './ScrollRegion.tsx';
import { formatRecords } from '../../lib/list-builder/list-builder-view.ts';

export const PREVIEW_HEADING = 'Preview of the records';

export function MaskedPreview({ preview }: { preview: DatasetListPreview }) {
  return (
    <section className="dataset-preview" aria-labelledby="dataset-preview-title">
      <h2 id="dataset-preview-title">{PREVIEW_HEADING}</h2>
      <p className="dataset-preview__note">
        The first {formatRecords(preview.rows.length)} of {formatRecords(preview.records)} records in your selection,
        with emails, phone numbers and names masked.
      </p>
      <ScrollRegion labelledBy="dataset-preview-title">
        <table className="data-table">
          <thead>
            <tr>
              {preview.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, i) => (
              // Rows have no identity of their own: their place in the preview is it.
              <tr key={i}>
                {preview.columns.map((c, j) => (
                  <td key={c}>{row[j] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
