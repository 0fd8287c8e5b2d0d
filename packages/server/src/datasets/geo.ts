// Geography of the demo catalogue: the countries datasets cover (with plausible cities, regions,
// postal-code and phone patterns for the sample CSVs) and the "geographies" product names start
// with ("US", "California", "UK", "European", "Chicago"). Postal and phone patterns use '#' for a
// digit and 'A' for a letter. Phone patterns use the ranges reserved for fiction where the
// country has one (US/Canada 555-01xx, UK Ofcom drama numbers, Australian ACMA 5550/7010).

export interface Place {
  city: string;
  region: string;
  postal: string;
  phone: string;
}

export interface Country {
  code: string;
  name: string;
  /** Column names of the region and postal code in this country's lists. */
  regionLabel: string;
  postalLabel: string;
  /** Establishments relative to the United States (for record counts). */
  share: number;
  currency: string;
  suffixes: string[];
  /** Which name and street style the sample CSV uses. */
  style: 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'ja' | 'nordic';
  places: Place[];
}

const us = (city: string, region: string, zip3: string, area: string): Place => ({
  city,
  region,
  postal: `${zip3}##`,
  phone: `(${area}) 555-01##`,
});
const ca = (city: string, region: string, fsa: string, area: string): Place => ({
  city,
  region,
  postal: `${fsa} #A#`,
  phone: `(${area}) 555-01##`,
});
const uk = (city: string, region: string, outward: string, phone: string): Place => ({
  city,
  region,
  postal: `${outward} #AA`,
  phone,
});
const p = (city: string, region: string, postal: string, phone: string): Place => ({ city, region, postal, phone });

/** US states: [code, name, share of US establishments, places]. */
export const US_STATES: [string, string, number, Place[]][] = [
  [
    'AL',
    'Alabama',
    0.0152,
    [us('Birmingham', 'AL', '352', '205'), us('Montgomery', 'AL', '361', '334'), us('Huntsville', 'AL', '358', '256')],
  ],
  ['AK', 'Alaska', 0.0022, [us('Anchorage', 'AK', '995', '907'), us('Fairbanks', 'AK', '997', '907')]],
  [
    'AZ',
    'Arizona',
    0.0221,
    [us('Phoenix', 'AZ', '850', '602'), us('Tucson', 'AZ', '857', '520'), us('Mesa', 'AZ', '852', '480')],
  ],
  ['AR', 'Arkansas', 0.0091, [us('Little Rock', 'AR', '722', '501'), us('Fayetteville', 'AR', '727', '479')]],
  [
    'CA',
    'California',
    0.1168,
    [
      us('Los Angeles', 'CA', '900', '213'),
      us('San Francisco', 'CA', '941', '415'),
      us('San Diego', 'CA', '921', '619'),
      us('Sacramento', 'CA', '958', '916'),
      us('San Jose', 'CA', '951', '408'),
      us('Fresno', 'CA', '937', '559'),
    ],
  ],
  [
    'CO',
    'Colorado',
    0.0175,
    [us('Denver', 'CO', '802', '303'), us('Colorado Springs', 'CO', '809', '719'), us('Boulder', 'CO', '803', '303')],
  ],
  [
    'CT',
    'Connecticut',
    0.0108,
    [us('Hartford', 'CT', '061', '860'), us('New Haven', 'CT', '065', '203'), us('Stamford', 'CT', '069', '203')],
  ],
  ['DE', 'Delaware', 0.003, [us('Wilmington', 'DE', '198', '302'), us('Dover', 'DE', '199', '302')]],
  [
    'FL',
    'Florida',
    0.066,
    [
      us('Miami', 'FL', '331', '305'),
      us('Orlando', 'FL', '328', '407'),
      us('Tampa', 'FL', '336', '813'),
      us('Jacksonville', 'FL', '322', '904'),
    ],
  ],
  [
    'GA',
    'Georgia',
    0.0329,
    [us('Atlanta', 'GA', '303', '404'), us('Savannah', 'GA', '314', '912'), us('Augusta', 'GA', '309', '706')],
  ],
  ['HI', 'Hawaii', 0.0043, [us('Honolulu', 'HI', '968', '808'), us('Hilo', 'HI', '967', '808')]],
  ['ID', 'Idaho', 0.0058, [us('Boise', 'ID', '837', '208'), us('Idaho Falls', 'ID', '834', '208')]],
  [
    'IL',
    'Illinois',
    0.0378,
    [us('Chicago', 'IL', '606', '312'), us('Springfield', 'IL', '627', '217'), us('Naperville', 'IL', '605', '630')],
  ],
  ['IN', 'Indiana', 0.0205, [us('Indianapolis', 'IN', '462', '317'), us('Fort Wayne', 'IN', '468', '260')]],
  ['IA', 'Iowa', 0.0096, [us('Des Moines', 'IA', '503', '515'), us('Cedar Rapids', 'IA', '524', '319')]],
  ['KS', 'Kansas', 0.0088, [us('Wichita', 'KS', '672', '316'), us('Overland Park', 'KS', '662', '913')]],
  ['KY', 'Kentucky', 0.0135, [us('Louisville', 'KY', '402', '502'), us('Lexington', 'KY', '405', '859')]],
  ['LA', 'Louisiana', 0.0138, [us('New Orleans', 'LA', '701', '504'), us('Baton Rouge', 'LA', '708', '225')]],
  ['ME', 'Maine', 0.0041, [us('Portland', 'ME', '041', '207'), us('Bangor', 'ME', '044', '207')]],
  [
    'MD',
    'Maryland',
    0.0185,
    [us('Baltimore', 'MD', '212', '410'), us('Annapolis', 'MD', '214', '410'), us('Rockville', 'MD', '208', '301')],
  ],
  [
    'MA',
    'Massachusetts',
    0.021,
    [us('Boston', 'MA', '021', '617'), us('Worcester', 'MA', '016', '508'), us('Springfield', 'MA', '011', '413')],
  ],
  [
    'MI',
    'Michigan',
    0.03,
    [us('Detroit', 'MI', '482', '313'), us('Grand Rapids', 'MI', '495', '616'), us('Lansing', 'MI', '489', '517')],
  ],
  [
    'MN',
    'Minnesota',
    0.017,
    [us('Minneapolis', 'MN', '554', '612'), us('Saint Paul', 'MN', '551', '651'), us('Duluth', 'MN', '558', '218')],
  ],
  ['MS', 'Mississippi', 0.0088, [us('Jackson', 'MS', '392', '601'), us('Gulfport', 'MS', '395', '228')]],
  [
    'MO',
    'Missouri',
    0.0184,
    [us('Kansas City', 'MO', '641', '816'), us('St. Louis', 'MO', '631', '314'), us('Springfield', 'MO', '658', '417')],
  ],
  ['MT', 'Montana', 0.0033, [us('Billings', 'MT', '591', '406'), us('Missoula', 'MT', '598', '406')]],
  ['NE', 'Nebraska', 0.0059, [us('Omaha', 'NE', '681', '402'), us('Lincoln', 'NE', '685', '402')]],
  ['NV', 'Nevada', 0.0095, [us('Las Vegas', 'NV', '891', '702'), us('Reno', 'NV', '895', '775')]],
  ['NH', 'New Hampshire', 0.0042, [us('Manchester', 'NH', '031', '603'), us('Concord', 'NH', '033', '603')]],
  [
    'NJ',
    'New Jersey',
    0.028,
    [us('Newark', 'NJ', '071', '973'), us('Jersey City', 'NJ', '073', '201'), us('Trenton', 'NJ', '086', '609')],
  ],
  ['NM', 'New Mexico', 0.0063, [us('Albuquerque', 'NM', '871', '505'), us('Santa Fe', 'NM', '875', '505')]],
  [
    'NY',
    'New York',
    0.059,
    [
      us('New York', 'NY', '100', '212'),
      us('Buffalo', 'NY', '142', '716'),
      us('Rochester', 'NY', '146', '585'),
      us('Albany', 'NY', '122', '518'),
    ],
  ],
  [
    'NC',
    'North Carolina',
    0.0318,
    [us('Charlotte', 'NC', '282', '704'), us('Raleigh', 'NC', '276', '919'), us('Greensboro', 'NC', '274', '336')],
  ],
  ['ND', 'North Dakota', 0.0023, [us('Fargo', 'ND', '581', '701'), us('Bismarck', 'ND', '585', '701')]],
  [
    'OH',
    'Ohio',
    0.035,
    [us('Columbus', 'OH', '432', '614'), us('Cleveland', 'OH', '441', '216'), us('Cincinnati', 'OH', '452', '513')],
  ],
  ['OK', 'Oklahoma', 0.012, [us('Oklahoma City', 'OK', '731', '405'), us('Tulsa', 'OK', '741', '918')]],
  [
    'OR',
    'Oregon',
    0.0127,
    [us('Portland', 'OR', '972', '503'), us('Eugene', 'OR', '974', '541'), us('Salem', 'OR', '973', '503')],
  ],
  [
    'PA',
    'Pennsylvania',
    0.0388,
    [
      us('Philadelphia', 'PA', '191', '215'),
      us('Pittsburgh', 'PA', '152', '412'),
      us('Harrisburg', 'PA', '171', '717'),
    ],
  ],
  ['RI', 'Rhode Island', 0.0033, [us('Providence', 'RI', '029', '401'), us('Warwick', 'RI', '028', '401')]],
  [
    'SC',
    'South Carolina',
    0.0155,
    [us('Columbia', 'SC', '292', '803'), us('Charleston', 'SC', '294', '843'), us('Greenville', 'SC', '296', '864')],
  ],
  ['SD', 'South Dakota', 0.0027, [us('Sioux Falls', 'SD', '571', '605'), us('Rapid City', 'SD', '577', '605')]],
  [
    'TN',
    'Tennessee',
    0.021,
    [us('Nashville', 'TN', '372', '615'), us('Memphis', 'TN', '381', '901'), us('Knoxville', 'TN', '379', '865')],
  ],
  [
    'TX',
    'Texas',
    0.09,
    [
      us('Houston', 'TX', '770', '713'),
      us('Dallas', 'TX', '752', '214'),
      us('Austin', 'TX', '787', '512'),
      us('San Antonio', 'TX', '782', '210'),
      us('Fort Worth', 'TX', '761', '817'),
    ],
  ],
  ['UT', 'Utah', 0.01, [us('Salt Lake City', 'UT', '841', '801'), us('Provo', 'UT', '846', '801')]],
  ['VT', 'Vermont', 0.0019, [us('Burlington', 'VT', '054', '802'), us('Montpelier', 'VT', '056', '802')]],
  [
    'VA',
    'Virginia',
    0.026,
    [us('Richmond', 'VA', '232', '804'), us('Virginia Beach', 'VA', '234', '757'), us('Arlington', 'VA', '222', '703')],
  ],
  [
    'WA',
    'Washington',
    0.0232,
    [us('Seattle', 'WA', '981', '206'), us('Spokane', 'WA', '992', '509'), us('Tacoma', 'WA', '984', '253')],
  ],
  ['WV', 'West Virginia', 0.0053, [us('Charleston', 'WV', '253', '304'), us('Morgantown', 'WV', '265', '304')]],
  [
    'WI',
    'Wisconsin',
    0.0175,
    [us('Milwaukee', 'WI', '532', '414'), us('Madison', 'WI', '537', '608'), us('Green Bay', 'WI', '543', '920')],
  ],
  ['WY', 'Wyoming', 0.0017, [us('Cheyenne', 'WY', '820', '307'), us('Casper', 'WY', '826', '307')]],
];

const EN_US = ['LLC', 'Inc.', 'Co.', 'Group', 'Corp.'];

export const COUNTRIES: Country[] = [
  {
    code: 'US',
    name: 'United States',
    regionLabel: 'State',
    postalLabel: 'ZIP',
    share: 1,
    currency: '$',
    suffixes: EN_US,
    style: 'en',
    places: US_STATES.flatMap(([, , , places]) => places),
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    regionLabel: 'County',
    postalLabel: 'Postcode',
    share: 0.21,
    currency: '£',
    suffixes: ['Ltd', 'Limited', 'LLP'],
    style: 'en',
    places: [
      uk('London', 'Greater London', 'EC1V', '020 7946 0###'),
      uk('London', 'Greater London', 'SW1P', '020 7946 0###'),
      uk('London', 'Greater London', 'E14', '020 7946 0###'),
      uk('Manchester', 'Greater Manchester', 'M1', '0161 496 0###'),
      uk('Birmingham', 'West Midlands', 'B3', '0121 496 0###'),
      uk('Leeds', 'West Yorkshire', 'LS1', '0113 496 0###'),
      uk('Bristol', 'Bristol', 'BS1', '0117 496 0###'),
      uk('Liverpool', 'Merseyside', 'L2', '0151 496 0###'),
      uk('Sheffield', 'South Yorkshire', 'S1', '0114 496 0###'),
      uk('Nottingham', 'Nottinghamshire', 'NG1', '0115 496 0###'),
      uk('Glasgow', 'Glasgow City', 'G2', '0141 496 0###'),
      uk('Edinburgh', 'City of Edinburgh', 'EH2', '0131 496 0###'),
      uk('Cardiff', 'Cardiff', 'CF10', '029 2018 0###'),
      uk('Belfast', 'County Antrim', 'BT1', '028 9018 0###'),
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    regionLabel: 'Province',
    postalLabel: 'Postal Code',
    share: 0.115,
    currency: 'CA$',
    suffixes: ['Inc.', 'Ltd.', 'Corp.'],
    style: 'en',
    places: [
      ca('Toronto', 'ON', 'M5V', '416'),
      ca('Ottawa', 'ON', 'K1P', '613'),
      ca('Mississauga', 'ON', 'L5B', '905'),
      ca('Vancouver', 'BC', 'V6B', '604'),
      ca('Calgary', 'AB', 'T2P', '403'),
      ca('Edmonton', 'AB', 'T5J', '780'),
      ca('Montréal', 'QC', 'H3B', '514'),
      ca('Québec', 'QC', 'G1R', '418'),
      ca('Winnipeg', 'MB', 'R3C', '204'),
      ca('Halifax', 'NS', 'B3J', '902'),
      ca('Saskatoon', 'SK', 'S7K', '306'),
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    regionLabel: 'State',
    postalLabel: 'Postcode',
    share: 0.085,
    currency: 'A$',
    suffixes: ['Pty Ltd'],
    style: 'en',
    places: [
      p('Sydney', 'NSW', '20##', '02 5550 ####'),
      p('Newcastle', 'NSW', '23##', '02 7010 ####'),
      p('Melbourne', 'VIC', '30##', '03 7010 ####'),
      p('Brisbane', 'QLD', '40##', '07 5550 ####'),
      p('Perth', 'WA', '60##', '08 7010 ####'),
      p('Adelaide', 'SA', '50##', '08 5550 ####'),
      p('Canberra', 'ACT', '26##', '02 7010 ####'),
      p('Hobart', 'TAS', '70##', '03 5550 ####'),
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.24,
    currency: '€',
    suffixes: ['GmbH', 'GmbH & Co. KG', 'AG'],
    style: 'de',
    places: [
      p('Berlin', 'Berlin', '10###', '+49 30 #### ####'),
      p('München', 'Bayern', '80###', '+49 89 #### ####'),
      p('Hamburg', 'Hamburg', '20###', '+49 40 #### ####'),
      p('Frankfurt am Main', 'Hessen', '60###', '+49 69 #### ####'),
      p('Köln', 'Nordrhein-Westfalen', '50###', '+49 221 ### ####'),
      p('Düsseldorf', 'Nordrhein-Westfalen', '40###', '+49 211 ### ####'),
      p('Stuttgart', 'Baden-Württemberg', '70###', '+49 711 ### ####'),
      p('Leipzig', 'Sachsen', '04###', '+49 341 ### ####'),
    ],
  },
  {
    code: 'FR',
    name: 'France',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.2,
    currency: '€',
    suffixes: ['SARL', 'SAS', 'SA'],
    style: 'fr',
    places: [
      p('Paris', 'Île-de-France', '750##', '+33 1 ## ## ## ##'),
      p('Lyon', 'Auvergne-Rhône-Alpes', '6900#', '+33 4 ## ## ## ##'),
      p('Marseille', "Provence-Alpes-Côte d'Azur", '130##', '+33 4 ## ## ## ##'),
      p('Toulouse', 'Occitanie', '310##', '+33 5 ## ## ## ##'),
      p('Bordeaux', 'Nouvelle-Aquitaine', '330##', '+33 5 ## ## ## ##'),
      p('Lille', 'Hauts-de-France', '590##', '+33 3 ## ## ## ##'),
      p('Nantes', 'Pays de la Loire', '440##', '+33 2 ## ## ## ##'),
    ],
  },
  {
    code: 'IE',
    name: 'Ireland',
    regionLabel: 'County',
    postalLabel: 'Eircode',
    share: 0.016,
    currency: '€',
    suffixes: ['Ltd', 'DAC'],
    style: 'en',
    places: [
      p('Dublin', 'County Dublin', 'D02 A#A#', '+353 1 ### ####'),
      p('Cork', 'County Cork', 'T12 A#A#', '+353 21 ### ####'),
      p('Galway', 'County Galway', 'H91 A#A#', '+353 91 ### ###'),
      p('Limerick', 'County Limerick', 'V94 A#A#', '+353 61 ### ###'),
    ],
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    regionLabel: 'Region',
    postalLabel: 'Postcode',
    share: 0.017,
    currency: 'NZ$',
    suffixes: ['Ltd', 'Limited'],
    style: 'en',
    places: [
      p('Auckland', 'Auckland', '10##', '+64 9 ### ####'),
      p('Wellington', 'Wellington', '60##', '+64 4 ### ####'),
      p('Christchurch', 'Canterbury', '80##', '+64 3 ### ####'),
    ],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.055,
    currency: '€',
    suffixes: ['B.V.', 'N.V.'],
    style: 'nl',
    places: [
      p('Amsterdam', 'Noord-Holland', '10## AA', '+31 20 ### ####'),
      p('Rotterdam', 'Zuid-Holland', '30## AA', '+31 10 ### ####'),
      p('Utrecht', 'Utrecht', '35## AA', '+31 30 ### ####'),
      p('Eindhoven', 'Noord-Brabant', '56## AA', '+31 40 ### ####'),
    ],
  },
  {
    code: 'BE',
    name: 'Belgium',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.035,
    currency: '€',
    suffixes: ['BV', 'SA', 'NV'],
    style: 'nl',
    places: [
      p('Brussels', 'Brussels-Capital', '10##', '+32 2 ### ## ##'),
      p('Antwerp', 'Flanders', '20##', '+32 3 ### ## ##'),
      p('Ghent', 'Flanders', '90##', '+32 9 ### ## ##'),
      p('Liège', 'Wallonia', '40##', '+32 4 ### ## ##'),
    ],
  },
  {
    code: 'LU',
    name: 'Luxembourg',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.003,
    currency: '€',
    suffixes: ['S.à r.l.', 'S.A.'],
    style: 'fr',
    places: [
      p('Luxembourg', 'Luxembourg', 'L-1###', '+352 ## ## ##'),
      p('Esch-sur-Alzette', 'Esch-sur-Alzette', 'L-4###', '+352 ## ## ##'),
    ],
  },
  {
    code: 'ES',
    name: 'Spain',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.15,
    currency: '€',
    suffixes: ['S.L.', 'S.A.'],
    style: 'es',
    places: [
      p('Madrid', 'Comunidad de Madrid', '280##', '+34 91 ### ## ##'),
      p('Barcelona', 'Cataluña', '080##', '+34 93 ### ## ##'),
      p('Valencia', 'Comunitat Valenciana', '460##', '+34 96 ### ## ##'),
      p('Sevilla', 'Andalucía', '410##', '+34 95 ### ## ##'),
    ],
  },
  {
    code: 'IT',
    name: 'Italy',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.19,
    currency: '€',
    suffixes: ['S.r.l.', 'S.p.A.'],
    style: 'it',
    places: [
      p('Roma', 'Lazio', '001##', '+39 06 #### ####'),
      p('Milano', 'Lombardia', '201##', '+39 02 #### ####'),
      p('Torino', 'Piemonte', '101##', '+39 011 ### ####'),
      p('Napoli', 'Campania', '801##', '+39 081 ### ####'),
    ],
  },
  {
    code: 'AT',
    name: 'Austria',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.025,
    currency: '€',
    suffixes: ['GmbH', 'AG'],
    style: 'de',
    places: [
      p('Wien', 'Wien', '1###', '+43 1 ### ####'),
      p('Graz', 'Steiermark', '80##', '+43 316 ### ###'),
      p('Linz', 'Oberösterreich', '40##', '+43 732 ### ###'),
    ],
  },
  {
    code: 'CH',
    name: 'Switzerland',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.03,
    currency: 'CHF ',
    suffixes: ['AG', 'GmbH', 'SA'],
    style: 'de',
    places: [
      p('Zürich', 'Zürich', '80##', '+41 44 ### ## ##'),
      p('Genève', 'Genève', '12##', '+41 22 ### ## ##'),
      p('Basel', 'Basel-Stadt', '40##', '+41 61 ### ## ##'),
      p('Bern', 'Bern', '30##', '+41 31 ### ## ##'),
    ],
  },
  {
    code: 'SE',
    name: 'Sweden',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.04,
    currency: 'SEK ',
    suffixes: ['AB'],
    style: 'nordic',
    places: [
      p('Stockholm', 'Stockholm', '1## ##', '+46 8 ### ### ##'),
      p('Göteborg', 'Västra Götaland', '4## ##', '+46 31 ### ## ##'),
      p('Malmö', 'Skåne', '2## ##', '+46 40 ### ## ##'),
    ],
  },
  {
    code: 'NO',
    name: 'Norway',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.02,
    currency: 'NOK ',
    suffixes: ['AS', 'ASA'],
    style: 'nordic',
    places: [p('Oslo', 'Oslo', '0###', '+47 22 ## ## ##'), p('Bergen', 'Vestland', '50##', '+47 55 ## ## ##')],
  },
  {
    code: 'DK',
    name: 'Denmark',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.02,
    currency: 'DKK ',
    suffixes: ['ApS', 'A/S'],
    style: 'nordic',
    places: [
      p('København', 'Hovedstaden', '1###', '+45 33 ## ## ##'),
      p('Aarhus', 'Midtjylland', '8000', '+45 86 ## ## ##'),
    ],
  },
  {
    code: 'FI',
    name: 'Finland',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.018,
    currency: '€',
    suffixes: ['Oy', 'Oyj'],
    style: 'nordic',
    places: [
      p('Helsinki', 'Uusimaa', '00###', '+358 9 ### ####'),
      p('Tampere', 'Pirkanmaa', '33###', '+358 3 ### ####'),
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.33,
    currency: 'US$',
    suffixes: ['K.K.', 'Co., Ltd.'],
    style: 'ja',
    places: [
      p('Tokyo', 'Tokyo', '100-####', '+81 3-####-####'),
      p('Osaka', 'Osaka', '530-####', '+81 6-####-####'),
      p('Yokohama', 'Kanagawa', '220-####', '+81 45-###-####'),
      p('Nagoya', 'Aichi', '450-####', '+81 52-###-####'),
    ],
  },
  {
    code: 'SG',
    name: 'Singapore',
    regionLabel: 'Region',
    postalLabel: 'Postal Code',
    share: 0.017,
    currency: 'S$',
    suffixes: ['Pte. Ltd.'],
    style: 'en',
    places: [
      p('Singapore', 'Central Region', '0#####', '+65 6### ####'),
      p('Singapore', 'East Region', '4#####', '+65 6### ####'),
    ],
  },
  {
    code: 'IN',
    name: 'India',
    regionLabel: 'State',
    postalLabel: 'PIN Code',
    share: 0.35,
    currency: 'US$',
    suffixes: ['Pvt. Ltd.', 'Ltd.'],
    style: 'en',
    places: [
      p('Mumbai', 'Maharashtra', '4000##', '+91 22 #### ####'),
      p('Bengaluru', 'Karnataka', '5600##', '+91 80 #### ####'),
      p('New Delhi', 'Delhi', '1100##', '+91 11 #### ####'),
      p('Chennai', 'Tamil Nadu', '6000##', '+91 44 #### ####'),
    ],
  },
  {
    code: 'ZA',
    name: 'South Africa',
    regionLabel: 'Province',
    postalLabel: 'Postal Code',
    share: 0.06,
    currency: 'R',
    suffixes: ['(Pty) Ltd'],
    style: 'en',
    places: [
      p('Johannesburg', 'Gauteng', '2###', '+27 11 ### ####'),
      p('Cape Town', 'Western Cape', '8###', '+27 21 ### ####'),
      p('Durban', 'KwaZulu-Natal', '4###', '+27 31 ### ####'),
    ],
  },
  {
    code: 'MX',
    name: 'Mexico',
    regionLabel: 'State',
    postalLabel: 'Postal Code',
    share: 0.25,
    currency: 'MX$',
    suffixes: ['S.A. de C.V.', 'S. de R.L.'],
    style: 'es',
    places: [
      p('Ciudad de México', 'CDMX', '06###', '+52 55 #### ####'),
      p('Monterrey', 'Nuevo León', '64###', '+52 81 #### ####'),
      p('Guadalajara', 'Jalisco', '44###', '+52 33 #### ####'),
    ],
  },
];

const countriesByCode = new Map(COUNTRIES.map((c) => [c.code, c]));
const countriesByName = new Map(COUNTRIES.map((c) => [c.name, c]));

export function countryByCode(code: string): Country {
  const c = countriesByCode.get(code);
  if (!c) throw new Error(`unknown country ${code}`);
  return c;
}
export function countryByName(name: string): Country | undefined {
  return countriesByName.get(name);
}

/** A geography a dataset covers, as named in the product name. */
export interface Geo {
  key: string;
  /** Name prefix: "US", "California", "UK", "European". */
  label: string;
  /** ISO codes of the countries covered (countries_json holds their names). */
  countries: string[];
  /** Restricts sample addresses to these region values (a US state, a province). */
  regions: string[] | null;
  /** Restricts sample addresses to these cities (metro lists). */
  cities: string[] | null;
  /** Establishments relative to the whole United States. */
  share: number;
  /** Lists for British and Irish markets use British trade names ("Solicitors"). */
  british: boolean;
  /** 1: prominent (first in the catalogue, own category), 2: other states/countries/regions, 3: metro areas. */
  tier: 1 | 2 | 3;
  kind: 'us' | 'us-state' | 'us-metro' | 'country' | 'subnational' | 'multi';
}

const countryGeo = (code: string, label: string, tier: 1 | 2): Geo => {
  const c = countryByCode(code);
  return {
    key: `country-${code.toLowerCase()}`,
    label,
    countries: [code],
    regions: null,
    cities: null,
    share: c.share,
    british: code === 'GB' || code === 'IE',
    tier,
    kind: code === 'US' ? 'us' : 'country',
  };
};
const multiGeo = (key: string, label: string, codes: string[], tier: 1 | 2): Geo => ({
  key,
  label,
  countries: codes,
  regions: null,
  cities: null,
  share: codes.reduce((s, c) => s + countryByCode(c).share, 0),
  british: false,
  tier,
  kind: 'multi',
});
const stateGeo = (code: string, tier: 1 | 2): Geo => {
  const st = US_STATES.find(([c]) => c === code);
  if (!st) throw new Error(`unknown state ${code}`);
  return {
    key: `us-${code.toLowerCase()}`,
    label: st[1],
    countries: ['US'],
    regions: [code],
    cities: null,
    share: st[2],
    british: false,
    tier,
    kind: 'us-state',
  };
};
const subGeo = (
  key: string,
  label: string,
  country: string,
  regions: string[] | null,
  cities: string[] | null,
  fraction: number,
): Geo => ({
  key,
  label,
  countries: [country],
  regions,
  cities,
  share: countryByCode(country).share * fraction,
  british: country === 'GB',
  tier: 2,
  kind: 'subnational',
});
const metroGeo = (label: string, state: string, cities: string[], share: number): Geo => ({
  key: `metro-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`,
  label,
  countries: ['US'],
  regions: [state],
  cities,
  share,
  british: false,
  tier: 3,
  kind: 'us-metro',
});

const TIER1_STATES = ['CA', 'TX', 'NY', 'FL', 'IL', 'OH', 'GA'];

/** Every geography, tier 1 first; the order is part of the catalogue's determinism. */
export const GEOS: Geo[] = [
  countryGeo('US', 'US', 1),
  ...TIER1_STATES.map((s) => stateGeo(s, 1)),
  countryGeo('GB', 'UK', 1),
  countryGeo('CA', 'Canadian', 1),
  countryGeo('AU', 'Australian', 1),
  countryGeo('DE', 'German', 1),
  multiGeo('north-america', 'North American', ['US', 'CA'], 1),
  multiGeo('europe', 'European', ['GB', 'DE', 'FR', 'NL', 'BE', 'ES', 'IT', 'IE', 'AT', 'CH', 'SE', 'DK'], 1),
  // tier 2
  ...US_STATES.filter(([c]) => !TIER1_STATES.includes(c)).map(([c]) => stateGeo(c, 2)),
  countryGeo('FR', 'French', 2),
  countryGeo('IE', 'Irish', 2),
  countryGeo('NZ', 'New Zealand', 2),
  countryGeo('NL', 'Dutch', 2),
  countryGeo('ES', 'Spanish', 2),
  countryGeo('IT', 'Italian', 2),
  countryGeo('JP', 'Japanese', 2),
  countryGeo('SG', 'Singapore', 2),
  countryGeo('IN', 'Indian', 2),
  countryGeo('ZA', 'South African', 2),
  countryGeo('MX', 'Mexican', 2),
  countryGeo('AT', 'Austrian', 2),
  countryGeo('CH', 'Swiss', 2),
  countryGeo('BE', 'Belgian', 2),
  countryGeo('SE', 'Swedish', 2),
  subGeo('ca-on', 'Ontario', 'CA', ['ON'], null, 0.39),
  subGeo('ca-qc', 'Quebec', 'CA', ['QC'], null, 0.22),
  subGeo('ca-bc', 'British Columbia', 'CA', ['BC'], null, 0.135),
  subGeo('ca-ab', 'Alberta', 'CA', ['AB'], null, 0.12),
  subGeo('gb-london', 'London', 'GB', null, ['London'], 0.16),
  subGeo('gb-scotland', 'Scottish', 'GB', ['Glasgow City', 'City of Edinburgh'], null, 0.08),
  subGeo('gb-wales', 'Welsh', 'GB', ['Cardiff'], null, 0.047),
  multiGeo('dach', 'DACH', ['DE', 'AT', 'CH'], 2),
  multiGeo('benelux', 'Benelux', ['BE', 'NL', 'LU'], 2),
  multiGeo('nordics', 'Nordic', ['SE', 'NO', 'DK', 'FI'], 2),
  multiGeo('english-speaking', 'English-Speaking Markets', ['US', 'GB', 'CA', 'AU', 'NZ', 'IE'], 2),
  multiGeo('apac', 'Asia-Pacific', ['AU', 'NZ', 'JP', 'SG', 'IN'], 2),
  // tier 3: metro areas
  metroGeo('New York City', 'NY', ['New York'], 0.058),
  metroGeo('Los Angeles', 'CA', ['Los Angeles'], 0.039),
  metroGeo('Chicago', 'IL', ['Chicago', 'Naperville'], 0.028),
  metroGeo('Houston', 'TX', ['Houston'], 0.022),
  metroGeo('Dallas-Fort Worth', 'TX', ['Dallas', 'Fort Worth'], 0.024),
  metroGeo('Austin', 'TX', ['Austin'], 0.007),
  metroGeo('San Antonio', 'TX', ['San Antonio'], 0.008),
  metroGeo('Phoenix', 'AZ', ['Phoenix', 'Mesa'], 0.015),
  metroGeo('Philadelphia', 'PA', ['Philadelphia'], 0.019),
  metroGeo('San Diego', 'CA', ['San Diego'], 0.01),
  metroGeo('San Francisco Bay Area', 'CA', ['San Francisco', 'San Jose'], 0.023),
  metroGeo('Seattle', 'WA', ['Seattle', 'Tacoma'], 0.012),
  metroGeo('Denver', 'CO', ['Denver', 'Boulder'], 0.009),
  metroGeo('Boston', 'MA', ['Boston'], 0.015),
  metroGeo('Atlanta', 'GA', ['Atlanta'], 0.019),
  metroGeo('Miami', 'FL', ['Miami'], 0.019),
  metroGeo('Minneapolis-St. Paul', 'MN', ['Minneapolis', 'Saint Paul'], 0.011),
  metroGeo('Detroit', 'MI', ['Detroit'], 0.013),
  metroGeo('Nashville', 'TN', ['Nashville'], 0.006),
  metroGeo('Las Vegas', 'NV', ['Las Vegas'], 0.007),
  metroGeo('Portland', 'OR', ['Portland'], 0.008),
  metroGeo('Charlotte', 'NC', ['Charlotte'], 0.008),
];

const geosByKey = new Map(GEOS.map((g) => [g.key, g]));
export function geoByKey(key: string): Geo {
  const g = geosByKey.get(key);
  if (!g) throw new Error(`unknown geography ${key}`);
  return g;
}

/** The longest geography label the product name starts with (sample CSVs use it to localise). */
export function geoFromName(name: string): Geo | undefined {
  let best: Geo | undefined;
  for (const g of GEOS) if (name.startsWith(`${g.label} `) && (!best || g.label.length > best.label.length)) best = g;
  return best;
}

/** Country names of a geography, as countries_json stores them. */
export function countryNames(geo: Geo): string[] {
  return geo.countries.map((c) => countryByCode(c).name);
}
