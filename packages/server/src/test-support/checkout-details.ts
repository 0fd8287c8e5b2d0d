// The address and contact details API tests check out with (a US address: state tax, domestic delivery).
export const ADDRESS = {
  name: 'Ada Lovelace',
  street: '415 Mission St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};
export const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
