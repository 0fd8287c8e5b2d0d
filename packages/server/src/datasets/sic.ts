// Standard Industrial Classification (1987 manual, as still used by list vendors): the ten
// divisions, a selection of real 2-digit major groups and real 4-digit industries. The catalogue
// builds its category tree (division > major group > industry) and its dataset names from this.
// `audience` is what a list of that industry is called in a product name ("US Dentists ...");
// `ukAudience` replaces it for British lists ("UK Solicitors"). `usCount` is a rough count of US
// establishments, used only to make record counts and prices plausible relative to each other.

export interface SicDivision {
  code: string;
  /** Official division title. */
  name: string;
  /** Category and facet label. */
  label: string;
  description: string;
  /** Tile colour of product images. */
  color: string;
}

export interface SicMajorGroup {
  code: string;
  division: string;
  /** Official major group title. */
  name: string;
  /** Shorter category label ("Health Services"). */
  label: string;
}

export interface SicIndustry {
  code: string;
  name: string;
  majorGroup: string;
  division: string;
  audience: string;
  ukAudience: string | null;
  usCount: number;
  /** Words a business of this industry puts in its name ("Family Dentistry"). */
  terms: string[];
}

export const SIC_DIVISIONS: SicDivision[] = [
  {
    code: 'A',
    name: 'Agriculture, Forestry, and Fishing',
    label: 'Agriculture, Forestry & Fishing',
    color: '#4f7d3a',
    description: 'Farms, nurseries, veterinary and animal services, landscaping, forestry and fishing businesses.',
  },
  {
    code: 'B',
    name: 'Mining',
    label: 'Mining',
    color: '#7a5c3e',
    description: 'Metal and coal mines, oil and gas producers and field services, quarries.',
  },
  {
    code: 'C',
    name: 'Construction',
    label: 'Construction',
    color: '#c2691c',
    description: 'Home builders, general contractors, heavy construction and specialty trade contractors.',
  },
  {
    code: 'D',
    name: 'Manufacturing',
    label: 'Manufacturing',
    color: '#5a6472',
    description: 'Food, chemicals, metal, machinery, electronics and equipment manufacturers.',
  },
  {
    code: 'E',
    name: 'Transportation, Communications, Electric, Gas, and Sanitary Services',
    label: 'Transportation, Communications & Utilities',
    color: '#2f6f9f',
    description: 'Trucking, warehousing, air transport, travel agencies, telecoms, utilities and waste management.',
  },
  {
    code: 'F',
    name: 'Wholesale Trade',
    label: 'Wholesale Trade',
    color: '#6b4f9e',
    description: 'Distributors and wholesalers of durable and nondurable goods.',
  },
  {
    code: 'G',
    name: 'Retail Trade',
    label: 'Retail Trade',
    color: '#c0392b',
    description: 'Stores, dealers, restaurants, bars and other businesses selling to consumers.',
  },
  {
    code: 'H',
    name: 'Finance, Insurance, and Real Estate',
    label: 'Finance, Insurance & Real Estate',
    color: '#1e7f6e',
    description: 'Banks, lenders, brokers, insurers, insurance agents and real estate professionals.',
  },
  {
    code: 'I',
    name: 'Services',
    label: 'Services',
    color: '#0f5a8a',
    description: 'Health, legal, education, business, personal, automotive and professional services.',
  },
  {
    code: 'J',
    name: 'Public Administration',
    label: 'Public Administration',
    color: '#44546a',
    description: 'Government offices, public safety, regulators and public program administration.',
  },
];

// [code, official name, category label]; the division follows from the code range.
const MAJOR_GROUPS: [string, string, string][] = [
  ['01', 'Agricultural Production - Crops', 'Crop Production'],
  ['02', 'Agricultural Production - Livestock and Animal Specialties', 'Livestock Production'],
  ['07', 'Agricultural Services', 'Agricultural Services'],
  ['08', 'Forestry', 'Forestry'],
  ['09', 'Fishing, Hunting, and Trapping', 'Fishing, Hunting & Trapping'],
  ['10', 'Metal Mining', 'Metal Mining'],
  ['12', 'Coal Mining', 'Coal Mining'],
  ['13', 'Oil and Gas Extraction', 'Oil & Gas Extraction'],
  ['14', 'Mining and Quarrying of Nonmetallic Minerals, Except Fuels', 'Quarrying'],
  ['15', 'Building Construction - General Contractors and Operative Builders', 'Building Construction'],
  ['16', 'Heavy Construction Other Than Building Construction - Contractors', 'Heavy Construction'],
  ['17', 'Construction - Special Trade Contractors', 'Special Trade Contractors'],
  ['20', 'Food and Kindred Products', 'Food & Beverage Manufacturing'],
  ['24', 'Lumber and Wood Products, Except Furniture', 'Lumber & Wood Products'],
  ['25', 'Furniture and Fixtures', 'Furniture & Fixtures'],
  ['27', 'Printing, Publishing, and Allied Industries', 'Printing & Publishing'],
  ['28', 'Chemicals and Allied Products', 'Chemicals & Pharmaceuticals'],
  ['30', 'Rubber and Miscellaneous Plastics Products', 'Rubber & Plastics'],
  ['34', 'Fabricated Metal Products, Except Machinery and Transportation Equipment', 'Fabricated Metal Products'],
  ['35', 'Industrial and Commercial Machinery and Computer Equipment', 'Machinery & Computer Equipment'],
  ['36', 'Electronic and Other Electrical Equipment and Components, Except Computer Equipment', 'Electronic Equipment'],
  ['37', 'Transportation Equipment', 'Transportation Equipment'],
  ['38', 'Measuring, Analyzing, and Controlling Instruments', 'Instruments & Medical Devices'],
  ['41', 'Local and Suburban Transit and Interurban Highway Passenger Transportation', 'Passenger Transit'],
  ['42', 'Motor Freight Transportation and Warehousing', 'Trucking & Warehousing'],
  ['45', 'Transportation by Air', 'Air Transportation'],
  ['47', 'Transportation Services', 'Transportation Services'],
  ['48', 'Communications', 'Communications'],
  ['49', 'Electric, Gas, and Sanitary Services', 'Utilities & Sanitary Services'],
  ['50', 'Wholesale Trade - Durable Goods', 'Durable Goods Wholesale'],
  ['51', 'Wholesale Trade - Nondurable Goods', 'Nondurable Goods Wholesale'],
  ['52', 'Building Materials, Hardware, Garden Supply, and Mobile Home Dealers', 'Building Materials & Hardware'],
  ['53', 'General Merchandise Stores', 'General Merchandise Stores'],
  ['54', 'Food Stores', 'Food Stores'],
  ['55', 'Automotive Dealers and Gasoline Service Stations', 'Automotive Dealers & Gas Stations'],
  ['56', 'Apparel and Accessory Stores', 'Apparel & Accessory Stores'],
  ['57', 'Home Furniture, Furnishings, and Equipment Stores', 'Home Furnishings & Electronics Stores'],
  ['58', 'Eating and Drinking Places', 'Eating & Drinking Places'],
  ['59', 'Miscellaneous Retail', 'Miscellaneous Retail'],
  ['60', 'Depository Institutions', 'Banks & Credit Unions'],
  ['61', 'Nondepository Credit Institutions', 'Lenders'],
  ['62', 'Security and Commodity Brokers, Dealers, Exchanges, and Services', 'Brokers & Investment Advice'],
  ['63', 'Insurance Carriers', 'Insurance Carriers'],
  ['64', 'Insurance Agents, Brokers, and Service', 'Insurance Agents & Brokers'],
  ['65', 'Real Estate', 'Real Estate'],
  ['67', 'Holding and Other Investment Offices', 'Holding & Investment Offices'],
  ['70', 'Hotels, Rooming Houses, Camps, and Other Lodging Places', 'Hotels & Lodging'],
  ['72', 'Personal Services', 'Personal Services'],
  ['73', 'Business Services', 'Business Services'],
  ['75', 'Automotive Repair, Services, and Parking', 'Automotive Services'],
  ['76', 'Miscellaneous Repair Services', 'Repair Services'],
  ['78', 'Motion Pictures', 'Motion Pictures'],
  ['79', 'Amusement and Recreation Services', 'Amusement & Recreation'],
  ['80', 'Health Services', 'Health Services'],
  ['81', 'Legal Services', 'Legal Services'],
  ['82', 'Educational Services', 'Educational Services'],
  ['83', 'Social Services', 'Social Services'],
  ['84', 'Museums, Art Galleries, and Botanical and Zoological Gardens', 'Museums & Galleries'],
  ['86', 'Membership Organizations', 'Membership Organizations'],
  ['87', 'Engineering, Accounting, Research, Management, and Related Services', 'Engineering, Accounting & Management'],
  ['91', 'Executive, Legislative, and General Government, Except Finance', 'General Government'],
  ['92', 'Justice, Public Order, and Safety', 'Justice & Public Safety'],
  ['93', 'Public Finance, Taxation, and Monetary Policy', 'Public Finance'],
  ['94', 'Administration of Human Resource Programs', 'Human Resource Programs'],
  ['95', 'Administration of Environmental Quality and Housing Programs', 'Environment & Housing Programs'],
  ['96', 'Administration of Economic Programs', 'Economic Programs'],
  ['97', 'National Security and International Affairs', 'National Security'],
];

// [code, official name, audience, US establishments, name terms ('|'-separated), UK audience]
const INDUSTRIES: [string, string, string, number, string, string?][] = [
  // A - Agriculture, Forestry, and Fishing
  ['0172', 'Grapes', 'Vineyards', 9_800, 'Vineyards|Estate Vineyard|Grape Growers'],
  [
    '0181',
    'Ornamental Floriculture and Nursery Products',
    'Nurseries & Greenhouses',
    14_500,
    'Nursery|Greenhouses|Growers',
  ],
  ['0241', 'Dairy Farms', 'Dairy Farms', 31_000, 'Dairy|Dairy Farm|Creamery Farms'],
  [
    '0742',
    'Veterinary Services for Animal Specialties',
    'Veterinarians',
    33_000,
    'Animal Hospital|Veterinary Clinic|Pet Clinic',
    'Vets',
  ],
  [
    '0752',
    'Animal Specialty Services, Except Veterinary',
    'Pet Groomers & Kennels',
    27_000,
    'Pet Grooming|Kennels|Dog Spa',
  ],
  [
    '0781',
    'Landscape Counseling and Planning',
    'Landscape Architects',
    8_200,
    'Landscape Design|Landscape Architecture|Garden Design',
  ],
  [
    '0782',
    'Lawn and Garden Services',
    'Lawn Care Services',
    98_000,
    'Lawn Care|Landscaping|Yard Services',
    'Gardening Services',
  ],
  ['0811', 'Timber Tracts', 'Timber Growers', 6_100, 'Timberlands|Forest Products|Timber Co'],
  ['0912', 'Finfish', 'Commercial Fishermen', 7_400, 'Fisheries|Seafood Harvesters|Fishing Co'],
  // B - Mining
  ['1041', 'Gold Ores', 'Gold Mines', 1_900, 'Gold Mining|Minerals|Resources'],
  ['1221', 'Bituminous Coal and Lignite Surface Mining', 'Coal Mines', 1_300, 'Coal|Mining Co|Energy Resources'],
  ['1311', 'Crude Petroleum and Natural Gas', 'Oil & Gas Producers', 12_400, 'Petroleum|Energy|Oil & Gas'],
  ['1381', 'Drilling Oil and Gas Wells', 'Drilling Contractors', 3_900, 'Drilling|Well Services|Rig Co'],
  [
    '1389',
    'Oil and Gas Field Services, NEC',
    'Oilfield Service Companies',
    11_800,
    'Oilfield Services|Well Service|Energy Services',
  ],
  ['1442', 'Construction Sand and Gravel', 'Sand & Gravel Suppliers', 4_600, 'Sand & Gravel|Aggregates|Materials'],
  // C - Construction
  [
    '1521',
    'General Contractors-Single-Family Houses',
    'Home Builders',
    168_000,
    'Homes|Custom Homes|Builders',
    'House Builders',
  ],
  [
    '1522',
    'General Contractors-Residential Buildings, Other Than Single-Family',
    'Multifamily Builders',
    21_000,
    'Residential Construction|Builders|Development',
  ],
  [
    '1542',
    'General Contractors-Nonresidential Buildings, Other than Industrial Buildings and Warehouses',
    'Commercial Contractors',
    47_000,
    'Construction|Builders|Contracting',
  ],
  [
    '1611',
    'Highway and Street Construction, Except Elevated Highways',
    'Road Contractors',
    11_500,
    'Paving|Road Builders|Asphalt',
  ],
  [
    '1623',
    'Water, Sewer, Pipeline, and Communications and Power Line Construction',
    'Utility Contractors',
    14_800,
    'Utility Construction|Pipeline|Underground',
  ],
  [
    '1711',
    'Plumbing, Heating and Air-Conditioning',
    'Plumbing & HVAC Contractors',
    118_000,
    'Plumbing & Heating|Mechanical|Air Conditioning',
    'Plumbers & Heating Engineers',
  ],
  [
    '1721',
    'Painting and Paper Hanging',
    'Painting Contractors',
    47_000,
    'Painting|Decorators|Coatings',
    'Painters & Decorators',
  ],
  [
    '1731',
    'Electrical Work',
    'Electricians',
    96_000,
    'Electric|Electrical Services|Electrical Contractors',
    'Electrical Contractors',
  ],
  [
    '1741',
    'Masonry, Stone Setting, and Other Stone Work',
    'Masonry Contractors',
    27_000,
    'Masonry|Stoneworks|Brick & Stone',
  ],
  [
    '1761',
    'Roofing, Siding, and Sheet Metal Work',
    'Roofing Contractors',
    43_000,
    'Roofing|Roofing & Siding|Exteriors',
    'Roofers',
  ],
  [
    '1799',
    'Special Trade Contractors, NEC',
    'Specialty Contractors',
    61_000,
    'Contracting|Specialty Services|Installations',
  ],
  // D - Manufacturing
  [
    '2051',
    'Bread and Other Bakery Products, Except Cookies and Crackers',
    'Commercial Bakeries',
    6_900,
    'Baking Co|Bread Co|Bakery',
  ],
  ['2082', 'Malt Beverages', 'Breweries', 9_700, 'Brewing Co|Brewery|Ales'],
  ['2084', 'Wines, Brandy, and Brandy Spirits', 'Wineries', 11_200, 'Winery|Cellars|Wine Estate'],
  ['2421', 'Sawmills and Planing Mills, General', 'Sawmills', 3_700, 'Lumber|Sawmill|Timber Products'],
  [
    '2511',
    'Wood Household Furniture, Except Upholstered',
    'Furniture Makers',
    5_600,
    'Furniture|Woodworks|Furniture Co',
  ],
  [
    '2711',
    'Newspapers: Publishing, or Publishing and Printing',
    'Newspaper Publishers',
    7_100,
    'Gazette|Herald|Publishing',
  ],
  ['2752', 'Commercial Printing, Lithographic', 'Commercial Printers', 24_500, 'Printing|Press|Graphics'],
  ['2834', 'Pharmaceutical Preparations', 'Pharmaceutical Manufacturers', 3_800, 'Pharmaceuticals|Pharma|Therapeutics'],
  [
    '2844',
    'Perfumes, Cosmetics, and Other Toilet Preparations',
    'Cosmetics Manufacturers',
    3_100,
    'Cosmetics|Beauty Labs|Skincare',
  ],
  ['3089', 'Plastics Products, NEC', 'Plastics Manufacturers', 12_800, 'Plastics|Molding|Polymer Products'],
  ['3441', 'Fabricated Structural Metal', 'Structural Steel Fabricators', 6_400, 'Steel|Fabrication|Iron Works'],
  ['3469', 'Metal Stampings, NEC', 'Metal Stamping Companies', 4_200, 'Stamping|Metal Products|Precision Metal'],
  ['3571', 'Electronic Computers', 'Computer Manufacturers', 1_600, 'Computer Systems|Computing|Technologies'],
  [
    '3599',
    'Industrial and Commercial Machinery and Equipment, NEC',
    'Machine Shops',
    22_000,
    'Machine|Machining|Precision',
  ],
  ['3672', 'Printed Circuit Boards', 'PCB Manufacturers', 1_900, 'Circuits|Electronics|PCB'],
  [
    '3674',
    'Semiconductors and Related Devices',
    'Semiconductor Manufacturers',
    2_300,
    'Semiconductor|Microsystems|Silicon',
  ],
  [
    '3714',
    'Motor Vehicle Parts and Accessories',
    'Auto Parts Manufacturers',
    7_900,
    'Auto Parts|Components|Automotive',
  ],
  [
    '3841',
    'Surgical and Medical Instruments and Apparatus',
    'Medical Device Manufacturers',
    4_700,
    'Medical|Surgical|MedTech',
  ],
  // E - Transportation, Communications, Electric, Gas, and Sanitary Services
  ['4121', 'Taxicabs', 'Taxi Companies', 8_400, 'Cab Co|Taxi|Car Service'],
  ['4151', 'School Buses', 'School Bus Operators', 4_900, 'Bus Lines|Student Transportation|Coach'],
  [
    '4212',
    'Local Trucking Without Storage',
    'Local Trucking Companies',
    96_000,
    'Trucking|Transport|Hauling',
    'Hauliers',
  ],
  [
    '4213',
    'Trucking, Except Local',
    'Long-Haul Trucking Companies',
    71_000,
    'Freight Lines|Express|Logistics',
    'Road Haulage Companies',
  ],
  ['4225', 'General Warehousing and Storage', 'Warehouses', 18_500, 'Warehousing|Storage|Distribution'],
  ['4512', 'Air Transportation, Scheduled', 'Airlines', 1_100, 'Airlines|Airways|Air'],
  ['4522', 'Air Transportation, Nonscheduled', 'Charter Air Operators', 3_300, 'Air Charter|Aviation|Jet Services'],
  ['4724', 'Travel Agencies', 'Travel Agencies', 19_000, 'Travel|Tours|Journeys', 'Travel Agents'],
  [
    '4731',
    'Arrangement of Transportation of Freight and Cargo',
    'Freight Forwarders',
    23_000,
    'Logistics|Freight|Shipping',
  ],
  [
    '4813',
    'Telephone Communications, Except Radiotelephone',
    'Telecom Carriers',
    6_800,
    'Telecom|Communications|Networks',
  ],
  ['4832', 'Radio Broadcasting Stations', 'Radio Stations', 10_400, 'Radio|Broadcasting|FM'],
  ['4911', 'Electric Services', 'Electric Utilities', 5_200, 'Power|Electric|Energy'],
  ['4953', 'Refuse Systems', 'Waste Management Companies', 9_600, 'Waste Services|Disposal|Recycling'],
  // F - Wholesale Trade
  ['5021', 'Furniture', 'Furniture Wholesalers', 6_700, 'Furniture Supply|Office Interiors|Furnishings'],
  [
    '5045',
    'Computers and Computer Peripheral Equipment and Software',
    'Computer Equipment Distributors',
    17_800,
    'Technology Distribution|Computer Supply|IT Solutions',
  ],
  [
    '5047',
    'Medical, Dental, and Hospital Equipment and Supplies',
    'Medical Supply Distributors',
    11_900,
    'Medical Supply|Healthcare Supply|Surgical Supply',
  ],
  ['5065', 'Electronic Parts and Equipment, NEC', 'Electronics Distributors', 14_600, 'Electronics|Components|Supply'],
  [
    '5074',
    'Plumbing and Heating Equipment and Supplies (Hydronics)',
    'Plumbing Supply Wholesalers',
    7_300,
    'Plumbing Supply|Hydronics|Supply House',
  ],
  [
    '5122',
    "Drugs, Drug Proprietaries, and Druggists' Sundries",
    'Drug Wholesalers',
    5_900,
    'Pharma Distribution|Drug Co|Health Supply',
  ],
  ['5141', 'Groceries, General Line', 'Grocery Wholesalers', 8_100, 'Foods|Food Distributors|Grocery Supply'],
  ['5181', 'Beer and Ale', 'Beer Distributors', 3_400, 'Beverage|Distributing|Beer Co'],
  // G - Retail Trade
  [
    '5211',
    'Lumber and Other Building Materials Dealers',
    'Building Supply Stores',
    22_000,
    'Lumber|Building Supply|Home Center',
    "Builders' Merchants",
  ],
  ['5251', 'Hardware Stores', 'Hardware Stores', 17_500, 'Hardware|Supply|True Value'],
  ['5311', 'Department Stores', 'Department Stores', 8_900, 'Department Store|Mercantile|Emporium'],
  ['5411', 'Grocery Stores', 'Grocery Stores', 96_000, 'Market|Foods|Grocery', 'Grocers'],
  ['5461', 'Retail Bakeries', 'Bakeries', 21_000, 'Bakery|Bake Shop|Patisserie'],
  [
    '5511',
    'Motor Vehicle Dealers (New and Used)',
    'Car Dealers',
    46_000,
    'Motors|Auto Sales|Automotive',
    'Car Dealerships',
  ],
  ['5541', 'Gasoline Service Stations', 'Gas Stations', 116_000, 'Fuel|Gas & Go|Service Station', 'Petrol Stations'],
  ['5621', "Women's Clothing Stores", "Women's Clothing Stores", 33_000, 'Boutique|Fashions|Apparel'],
  ['5661', 'Shoe Stores', 'Shoe Stores', 24_000, 'Shoes|Footwear|Shoe Co'],
  ['5712', 'Furniture Stores', 'Furniture Stores', 28_000, 'Furniture|Home Furnishings|Interiors'],
  [
    '5731',
    'Radio, Television, and Consumer Electronics Stores',
    'Electronics Stores',
    19_500,
    'Electronics|Audio Video|Tech Store',
  ],
  ['5812', 'Eating Places', 'Restaurants', 660_000, 'Grill|Bistro|Kitchen|Cafe|Diner'],
  ['5813', 'Drinking Places (Alcoholic Beverages)', 'Bars & Taverns', 65_000, 'Tavern|Bar & Grill|Pub', 'Pubs & Bars'],
  ['5912', 'Drug Stores and Proprietary Stores', 'Pharmacies', 62_000, 'Pharmacy|Drug|Apothecary', 'Chemists'],
  ['5944', 'Jewelry Stores', 'Jewelry Stores', 23_000, 'Jewelers|Fine Jewelry|Diamonds', 'Jewellers'],
  ['5992', 'Florists', 'Florists', 21_000, 'Flowers|Florist|Floral Design'],
  ['5999', 'Miscellaneous Retail Stores, NEC', 'Specialty Retailers', 84_000, 'Shop|Goods|Supply'],
  // H - Finance, Insurance, and Real Estate
  ['6021', 'National Commercial Banks', 'National Banks', 52_000, 'Bank|National Bank|Trust'],
  [
    '6061',
    'Credit Unions, Federally Chartered',
    'Credit Unions',
    11_200,
    'Credit Union|Federal Credit Union|Community CU',
  ],
  ['6162', 'Mortgage Bankers and Loan Correspondents', 'Mortgage Lenders', 24_000, 'Mortgage|Home Loans|Lending'],
  [
    '6211',
    'Security Brokers, Dealers, and Flotation Companies',
    'Stock Brokers',
    31_000,
    'Securities|Capital|Brokerage',
    'Stockbrokers',
  ],
  [
    '6282',
    'Investment Advice',
    'Financial Advisors',
    68_000,
    'Wealth Management|Financial|Advisors',
    'Financial Advisers',
  ],
  ['6311', 'Life Insurance', 'Life Insurers', 6_400, 'Life Insurance|Assurance|Mutual Life'],
  [
    '6331',
    'Fire, Marine, and Casualty Insurance',
    'Property & Casualty Insurers',
    9_800,
    'Insurance|Casualty|Indemnity',
  ],
  [
    '6411',
    'Insurance Agents, Brokers, and Service',
    'Insurance Agents',
    395_000,
    'Insurance Agency|Insurance Group|Insurance Services',
    'Insurance Brokers',
  ],
  ['6512', 'Operators of Nonresidential Buildings', 'Commercial Property Owners', 58_000, 'Properties|Realty|Holdings'],
  [
    '6513',
    'Operators of Apartment Buildings',
    'Apartment Owners',
    61_000,
    'Apartments|Residential|Property Co',
    'Landlords',
  ],
  [
    '6531',
    'Real Estate Agents and Managers',
    'Real Estate Agents',
    410_000,
    'Realty|Real Estate|Properties',
    'Estate Agents',
  ],
  ['6798', 'Real Estate Investment Trusts', 'REITs', 1_600, 'REIT|Realty Trust|Property Trust'],
  // I - Services
  ['7011', 'Hotels and Motels', 'Hotels & Motels', 71_000, 'Hotel|Inn|Suites|Lodge', 'Hotels & Guest Houses'],
  [
    '7033',
    'Recreational Vehicle Parks and Campsites',
    'RV Parks & Campgrounds',
    8_100,
    'RV Park|Campground|Camping Resort',
    'Caravan Parks',
  ],
  ['7216', 'Drycleaning Plants, Except Rug Cleaning', 'Dry Cleaners', 24_000, 'Cleaners|Dry Cleaning|Garment Care'],
  ['7231', 'Beauty Shops', 'Beauty Salons', 118_000, 'Salon|Hair Studio|Beauty Bar', 'Hair & Beauty Salons'],
  ['7241', 'Barber Shops', 'Barbers', 34_000, 'Barber Shop|Barbers|Cuts'],
  [
    '7261',
    'Funeral Service and Crematories',
    'Funeral Homes',
    19_000,
    'Funeral Home|Memorial Chapel|Mortuary',
    'Funeral Directors',
  ],
  ['7311', 'Advertising Agencies', 'Advertising Agencies', 24_000, 'Advertising|Creative|Media'],
  [
    '7349',
    'Building Cleaning and Maintenance Services, NEC',
    'Janitorial Services',
    64_000,
    'Janitorial|Cleaning Services|Building Maintenance',
    'Commercial Cleaners',
  ],
  ['7361', 'Employment Agencies', 'Staffing Agencies', 33_000, 'Staffing|Personnel|Talent', 'Recruitment Agencies'],
  ['7371', 'Computer Programming Services', 'Software Developers', 98_000, 'Software|Digital|Code Works'],
  ['7372', 'Prepackaged Software', 'Software Publishers', 31_000, 'Software|Systems|Apps'],
  [
    '7374',
    'Computer Processing and Data Preparation',
    'Data Processing Firms',
    16_500,
    'Data Services|Data Systems|Analytics',
  ],
  [
    '7381',
    'Detective, Guard, and Armored Car Services',
    'Security Guard Companies',
    21_000,
    'Security|Protective Services|Patrol',
  ],
  [
    '7532',
    'Top, Body, and Upholstery Repair Shops and Paint Shops',
    'Auto Body Shops',
    36_000,
    'Collision|Auto Body|Paint & Body',
    'Body Shops',
  ],
  [
    '7538',
    'General Automotive Repair Shops',
    'Auto Repair Shops',
    162_000,
    'Auto Repair|Automotive|Car Care',
    'Garages',
  ],
  ['7542', 'Carwashes', 'Car Washes', 17_000, 'Car Wash|Auto Spa|Wash & Detail'],
  [
    '7623',
    'Refrigeration and Air-Conditioning Service and Repair Shops',
    'Refrigeration Repair Shops',
    9_400,
    'Refrigeration|Cooling|Appliance Service',
  ],
  ['7812', 'Motion Picture and Video Tape Production', 'Film & Video Producers', 26_000, 'Films|Productions|Pictures'],
  ['7832', 'Motion Picture Theaters, Except Drive-In', 'Movie Theaters', 5_100, 'Cinema|Theatres|Movies', 'Cinemas'],
  [
    '7991',
    'Physical Fitness Facilities',
    'Gyms & Fitness Centers',
    41_000,
    'Fitness|Gym|Athletic Club',
    'Gyms & Fitness Centres',
  ],
  ['7992', 'Public Golf Courses', 'Golf Courses', 11_200, 'Golf Course|Golf Club|Links'],
  [
    '7997',
    'Membership Sports and Recreation Clubs',
    'Country Clubs',
    14_800,
    'Country Club|Athletic Club|Racquet Club',
    'Sports Clubs',
  ],
  [
    '8011',
    'Offices and Clinics of Doctors of Medicine',
    'Physicians',
    245_000,
    'Medical Group|Family Medicine|Clinic',
    'Doctors',
  ],
  ['8021', 'Offices and Clinics of Dentists', 'Dentists', 190_000, 'Dental Care|Family Dentistry|Dental Group|Smiles'],
  [
    '8041',
    'Offices and Clinics of Chiropractors',
    'Chiropractors',
    39_000,
    'Chiropractic|Spine & Wellness|Chiropractic Center',
  ],
  [
    '8042',
    'Offices and Clinics of Optometrists',
    'Optometrists',
    33_000,
    'Eye Care|Vision Center|Optometry',
    'Opticians',
  ],
  [
    '8049',
    'Offices and Clinics of Health Practitioners, NEC',
    'Physical Therapists',
    57_000,
    'Physical Therapy|Rehab|Therapy Center',
    'Physiotherapists',
  ],
  [
    '8051',
    'Skilled Nursing Care Facilities',
    'Nursing Homes',
    15_600,
    'Care Center|Nursing & Rehab|Healthcare Center',
    'Care Homes',
  ],
  ['8062', 'General Medical and Surgical Hospitals', 'Hospitals', 6_100, 'Medical Center|Hospital|Regional Health'],
  ['8071', 'Medical Laboratories', 'Medical Laboratories', 13_400, 'Laboratories|Diagnostics|Lab Services'],
  [
    '8082',
    'Home Health Care Services',
    'Home Health Agencies',
    29_000,
    'Home Health|Home Care|Visiting Nurses',
    'Home Care Providers',
  ],
  ['8111', 'Legal Services', 'Lawyers', 420_000, 'Law Group|Law Offices|Legal|& Associates', 'Solicitors'],
  ['8211', 'Elementary and Secondary Schools', 'Schools', 131_000, 'Academy|School|Preparatory School'],
  [
    '8221',
    'Colleges, Universities, and Professional Schools',
    'Colleges & Universities',
    6_900,
    'College|University|Institute',
  ],
  [
    '8249',
    'Vocational Schools, NEC',
    'Vocational Schools',
    9_200,
    'Technical Institute|Career College|Training Center',
    'Training Providers',
  ],
  [
    '8322',
    'Individual and Family Social Services',
    'Social Service Agencies',
    74_000,
    'Family Services|Community Services|Outreach',
  ],
  [
    '8351',
    'Child Day Care Services',
    'Child Care Centers',
    118_000,
    'Child Care|Early Learning|Kids Academy',
    'Nurseries & Childcare',
  ],
  ['8412', 'Museums and Art Galleries', 'Museums & Galleries', 16_000, 'Museum|Gallery|Art Center'],
  ['8611', 'Business Associations', 'Business Associations', 17_000, 'Association|Chamber of Commerce|Council'],
  ['8641', 'Civic, Social, and Fraternal Associations', 'Civic Associations', 49_000, 'Club|Society|League'],
  ['8661', 'Religious Organizations', 'Churches', 340_000, 'Church|Fellowship|Ministries'],
  ['8711', 'Engineering Services', 'Engineering Firms', 82_000, 'Engineering|Engineers|Consulting Engineers'],
  ['8712', 'Architectural Services', 'Architects', 27_000, 'Architects|Architecture|Design Studio'],
  [
    '8721',
    'Accounting, Auditing, and Bookkeeping Services',
    'Accountants',
    128_000,
    'CPAs|Accounting|Tax & Accounting',
    'Chartered Accountants',
  ],
  ['8742', 'Management Consulting Services', 'Management Consultants', 152_000, 'Consulting|Advisory|Partners'],
  // J - Public Administration
  [
    '9111',
    'Executive Offices',
    'Executive Government Offices',
    8_900,
    'Office of the Mayor|County Executive|City Manager',
  ],
  [
    '9199',
    'General Government, NEC',
    'Local Government Offices',
    22_000,
    'County Offices|Town Hall|Municipal Offices',
    'Councils',
  ],
  ['9221', 'Police Protection', 'Police Departments', 17_800, "Police Department|Sheriff's Office|Public Safety"],
  [
    '9224',
    'Fire Protection',
    'Fire Departments',
    29_000,
    'Fire Department|Fire District|Fire & Rescue',
    'Fire & Rescue Services',
  ],
  [
    '9311',
    'Public Finance, Taxation, and Monetary Policy',
    'Tax & Finance Agencies',
    6_300,
    'Treasurer|Revenue Department|Tax Assessor',
  ],
  [
    '9431',
    'Administration of Public Health Programs',
    'Public Health Departments',
    3_100,
    'Health Department|Public Health|Health District',
  ],
  [
    '9511',
    'Air and Water Resource and Solid Waste Management',
    'Environmental Agencies',
    2_900,
    'Environmental Services|Water District|Resource Authority',
  ],
  [
    '9531',
    'Administration of Housing Programs',
    'Housing Authorities',
    3_400,
    'Housing Authority|Housing Agency|Community Housing',
  ],
  [
    '9621',
    'Regulation and Administration of Transportation Programs',
    'Transportation Departments',
    2_600,
    'Transportation Department|Transit Authority|Public Works',
  ],
  ['9711', 'National Security', 'Military Installations', 1_400, 'Base|Installation|Command'],
];

export const SIC_MAJOR_GROUPS: SicMajorGroup[] = MAJOR_GROUPS.map(([code, name, label]) => ({
  code,
  division: divisionOfMajorGroup(code),
  name,
  label,
}));

export const SIC_INDUSTRIES: SicIndustry[] = INDUSTRIES.map(([code, name, audience, usCount, terms, uk]) => ({
  code,
  name,
  audience,
  usCount,
  terms: terms.split('|'),
  ukAudience: uk ?? null,
  majorGroup: code.slice(0, 2),
  division: divisionOfMajorGroup(code.slice(0, 2)),
}));

/** The SIC division letter of a 2-digit major group (the ranges of the 1987 manual). */
export function divisionOfMajorGroup(mg: string): string {
  const n = Number(mg);
  if (n <= 9) return 'A';
  if (n <= 14) return 'B';
  if (n <= 17) return 'C';
  if (n <= 39) return 'D';
  if (n <= 49) return 'E';
  if (n <= 51) return 'F';
  if (n <= 59) return 'G';
  if (n <= 67) return 'H';
  if (n <= 89) return 'I';
  return 'J';
}

const divisionsByCode = new Map(SIC_DIVISIONS.map((d) => [d.code, d]));
const majorGroupsByCode = new Map(SIC_MAJOR_GROUPS.map((g) => [g.code, g]));
const industriesByCode = new Map(SIC_INDUSTRIES.map((i) => [i.code, i]));

export function sicDivision(code: string): SicDivision {
  const d = divisionsByCode.get(code);
  if (!d) throw new Error(`unknown SIC division ${code}`);
  return d;
}
export function sicMajorGroup(code: string): SicMajorGroup {
  const g = majorGroupsByCode.get(code);
  if (!g) throw new Error(`unknown SIC major group ${code}`);
  return g;
}
export function sicIndustry(code: string): SicIndustry {
  const i = industriesByCode.get(code);
  if (!i) throw new Error(`unknown SIC industry ${code}`);
  return i;
}

/** Finds a division by letter or by (label) name, as product.sic_division stores the label. */
export function findDivision(codeOrName: string | null | undefined): SicDivision | undefined {
  if (!codeOrName) return undefined;
  return divisionsByCode.get(codeOrName) ?? SIC_DIVISIONS.find((d) => d.label === codeOrName || d.name === codeOrName);
}
