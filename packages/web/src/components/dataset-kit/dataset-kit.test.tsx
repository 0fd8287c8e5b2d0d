// The evaluation kit's parts as the server renders them, from the API's answers: the masked preview, the data
// dictionary, freshness and licence.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { MaskedPreview } from './MaskedPreview.tsx';
import { DataDictionary } from './DataDictionary.tsx';
import { FreshnessAndLicence } from './FreshnessAndLicence.tsx';
import { evaluation, preview } from '../../test-support/dataset-kit.ts';

/** The cells of the table in `html`, row by row (header row first). */
function cells(html: string): string[][] {
  return [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '').trim()),
  );
}

describe('MaskedPreview', () => {
  test('the selection’s first records as the server masked them, under their columns, in a keyboard-scrollable region', () => {
    const html = renderToString(<MaskedPreview preview={preview()} />);
    assert.deepEqual(cells(html), [
      ['Company Name', 'Contact Name', 'State', 'Phone', 'Email'],
      ['Smile Dental', 'J*** D***', 'TX', '(512) ***-**17', 'j***@d***.com'],
      ['Lone Star Dentistry', 'M*** R***', 'TX', '(214) ***-**02', 'm***@l***.com'],
    ]);
    assert.match(html.replace(/<!-- -->/g, ''), /The first 2 of 36 records in your selection, with emails/);
    assert.match(html, /<section class="table-scroll" aria-labelledby="dataset-preview-title" tabindex="0">/);
    assert.match(html, /<th scope="col">Email<\/th>/);
  });
});

describe('DataDictionary', () => {
  test('each field with its description, fill rate in text (with a meter for the eye) and example', () => {
    const html = renderToString(<DataDictionary fields={evaluation().dictionary} />);
    assert.deepEqual(cells(html), [
      ['Field', 'Description', 'Fill rate', 'Example'],
      ['Company Name', 'The business name', '100.0%', 'Smile Dental'],
      ['Email', 'A contact email address', '87.5%', 'j***@d***.com'],
      ['Phone', 'The main phone number', '0.0%', ''],
    ]);
    assert.match(html, /<meter aria-hidden="true" min="0" max="100" value="87.5"><\/meter>/);
    assert.match(html, /<th scope="row">Email<\/th>/);
  });

  test('no dictionary yet: no table at all', () => {
    assert.equal(renderToString(<DataDictionary fields={[]} />), '');
  });
});

describe('FreshnessAndLicence', () => {
  const text = (html: string) =>
    html
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, '|')
      .replace(/\|+/g, '|');

  test('last refresh (in UTC), cadence, licence and term, and the link to the licence terms', () => {
    const html = renderToString(<FreshnessAndLicence evaluation={evaluation()} />);
    assert.equal(
      text(html),
      '|Freshness and licence|Last refreshed|November 2, 2026|Update cadence|Quarterly|Licence|Single user, 12 months|Read the licence terms|',
    );
    assert.match(html, /<time dateTime="2026-11-02T23:30:00.000Z">/i);
    assert.match(html, /<a href="\/licence-terms">Read the licence terms<\/a>/);
  });

  test('a perpetual multi-user licence; no cadence or licence stated: those lines are left out', () => {
    const multi = renderToString(
      <FreshnessAndLicence
        evaluation={evaluation({ licence: { kind: 'multiUser', label: 'Multi-user', termMonths: null } })}
      />,
    );
    assert.match(text(multi), /\|Licence\|Multi-user, perpetual\|/);
    const bare = text(
      renderToString(<FreshnessAndLicence evaluation={evaluation({ updateCadence: null, licence: null })} />),
    );
    assert.doesNotMatch(bare, /Update cadence|\|Licence\|/);
  });
});
