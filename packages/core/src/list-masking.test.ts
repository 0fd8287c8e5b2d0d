import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  isPersonalColumn,
  looksLikeEmail,
  looksLikePhone,
  maskEmail,
  maskLinkedIn,
  maskListCell,
  maskListRecord,
  maskPersonName,
  maskPhone,
} from './list-masking.ts';

describe('masking a dataset cell', () => {
  test('emails keep the first letters and the ending', () => {
    assert.equal(maskEmail('jane.doe@dentalcare.example.com'), 'j***@d***.com');
    assert.equal(maskListCell('Email', 'jane.doe@dentalcare.example.com'), 'j***@d***.com');
  });

  test('phones keep the area code and the last two digits, in any national format', () => {
    assert.equal(maskPhone('(512) 555-0117'), '(512) ***-**17');
    assert.equal(maskPhone('512-555-0117'), '512-***-**17');
    assert.equal(maskPhone('+44 20 7946 0123'), '+44 20 **** **23');
    assert.equal(maskPhone('+33 1 23 45 67 89'), '+33 1 ** ** ** 89');
    // Too few digits for the area code to stay: only the country code and the end.
    assert.equal(maskPhone('+352 12 34 56'), '+352 ** ** 56');
    assert.equal(maskPhone('5125550117'), '********17');
    for (const h of ['Phone', 'Direct Dial', 'Fax', 'Mobile', 'Telephone'])
      assert.equal(maskListCell(h, '(512) 555-0117'), '(512) ***-**17', h);
  });

  test('personal names become initials; companies and other fields stay', () => {
    assert.equal(maskPersonName('Jane  Doe'), 'J*** D***');
    for (const h of ['Contact Name', 'First Name', 'Last Name', 'contact']) assert.ok(isPersonalColumn(h), h);
    assert.equal(maskListCell('Contact Name', 'Jane Doe'), 'J*** D***');
    assert.equal(maskListCell('Company Name', 'Doe Dental LLC'), 'Doe Dental LLC');
    assert.equal(maskListCell('City', 'Austin'), 'Austin');
    assert.equal(maskListCell('Title', 'Office Manager'), 'Office Manager');
  });

  test('LinkedIn profiles keep the site and the handle’s first letter', () => {
    assert.equal(
      maskLinkedIn('https://www.linkedin.example.com/in/jane-doe-1a2b'),
      'https://www.linkedin.example.com/in/j***',
    );
    assert.equal(maskListCell('Profile', 'https://linkedin.com/in/jane-doe'), 'https://linkedin.com/in/j***');
  });

  test('an email or a phone is masked whatever its column is called', () => {
    assert.equal(maskListCell('Contact Info', 'jane@doe.example.org'), 'j***@d***.org');
    assert.equal(maskListCell('Main Line', '(512) 555-0117'), '(512) ***-**17');
    assert.equal(maskListCell('Notes', 'ask for jane@doe.example.org first'), 'ask for j***@d***.org first');
    assert.equal(maskListCell('Switchboard', '+49 30 1234567'), '+49 30 *****67');
  });

  test('numbers that are not phones are left alone', () => {
    for (const v of ['78701', '78701-1234', '2024-05-01', '1999', '10-19', '$1M-$5M', '8021', '12500000'])
      assert.equal(looksLikePhone(v), false, v);
    assert.equal(maskListCell('ZIP', '78701-1234'), '78701-1234');
    assert.equal(maskListCell('Employees', '10-19'), '10-19');
    assert.ok(looksLikeEmail(' a@b.co '));
    assert.ok(!looksLikeEmail('a@b'));
  });

  test('a record is masked cell by cell, empty cells stay empty', () => {
    assert.deepEqual(
      maskListRecord(['Contact Name', 'Email', 'Phone', 'City'], ['Jane Doe', '', '(512) 555-0117', 'Austin']),
      ['J*** D***', '', '(512) ***-**17', 'Austin'],
    );
  });
});
