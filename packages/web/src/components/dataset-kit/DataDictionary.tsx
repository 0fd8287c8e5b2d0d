// The data dictionary (issue 19): each field of the dataset's file with what it holds, how often it is filled
// in (computed from the file) and a masked example. The fill rate is a percentage in text, with a meter beside
// it for the eye (hidden from assistive technology, which reads the text).

import type { DatasetDictionaryField } from '@store/core';
import { ScrollRegion } from './ScrollRegion.tsx';

export const DICTIONARY_HEADING = 'Data dictionary';

export function DataDictionary({ fields }: { fields: readonly DatasetDictionaryField[] }) {
  if (!fields.length) return null;
  return (
    <section className="data-dictionary" aria-labelledby="data-dictionary-title">
      <h2 id="data-dictionary-title">{DICTIONARY_HEADING}</h2>
      <ScrollRegion labelledBy="data-dictionary-title">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Description</th>
              <th scope="col">Fill rate</th>
              <th scope="col">Example</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.name}>
                <th scope="row">{f.name}</th>
                <td>{f.description}</td>
                <td className="data-dictionary__fill">
                  <span className="data-dictionary__rate">{f.fillRate}%</span>
                  <meter aria-hidden="true" min={0} max={100} value={Number(f.fillRate)} />
                </td>
                <td>{f.example}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
