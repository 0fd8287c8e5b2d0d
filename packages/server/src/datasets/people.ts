// Vocabulary for fake business records in sample CSVs: given names, family names and street names
// by naming style, job titles and company-name words. Combinations are random, so any match with
// a real person or business is coincidental; emails and websites use reserved example domains.
import type { Country } from './geo.ts';

type Style = Country['style'];

const split = (s: string) => s.split('|');

export const GIVEN: Record<Style, string[]> = {
  en: split(
    'James|Mary|Robert|Patricia|John|Jennifer|Michael|Linda|David|Elizabeth|William|Barbara|Richard|Susan|Joseph|Jessica|Thomas|Sarah|Carlos|Maria|Priya|Wei|Aisha|Daniel|Emily|Kevin|Olivia|Marcus|Grace|Omar|Hannah|Luis|Chloe|Andre|Mei|Samuel|Fatima|Ryan|Nora|Ethan',
  ),
  de: split(
    'Lukas|Anna|Jonas|Lena|Felix|Sophie|Maximilian|Laura|Paul|Julia|Leon|Marie|Tobias|Katharina|Jan|Sabine|Stefan|Claudia|Andreas|Petra',
  ),
  fr: split(
    'Louis|Camille|Hugo|Léa|Jules|Manon|Lucas|Chloé|Arthur|Inès|Thomas|Sarah|Nicolas|Julie|Antoine|Émilie|Mathieu|Claire|Pierre|Amélie',
  ),
  es: split(
    'Alejandro|Lucía|Pablo|María|Javier|Carmen|Diego|Sofía|Carlos|Elena|Miguel|Laura|Andrés|Paula|Fernando|Ana|Jorge|Isabel|Raúl|Marta',
  ),
  it: split(
    'Marco|Giulia|Luca|Chiara|Matteo|Francesca|Alessandro|Sara|Davide|Martina|Giorgio|Elena|Andrea|Valentina|Paolo|Alessia|Simone|Federica|Stefano|Silvia',
  ),
  nl: split(
    'Daan|Emma|Sem|Julia|Lucas|Sophie|Milan|Lotte|Thijs|Anouk|Ruben|Fleur|Bram|Eva|Jeroen|Sanne|Pieter|Maaike|Wouter|Lieke',
  ),
  ja: split(
    'Haruto|Yui|Sota|Aoi|Yuto|Hina|Riku|Sakura|Kaito|Mio|Takumi|Yuna|Kenji|Ayumi|Hiroshi|Naomi|Daiki|Emi|Shota|Rina',
  ),
  nordic: split(
    'Erik|Astrid|Lars|Ingrid|Johan|Elsa|Anders|Maja|Mikael|Saga|Nils|Freja|Oskar|Linnea|Henrik|Sofia|Mats|Karin|Jens|Sanna',
  ),
};

export const FAMILY: Record<Style, string[]> = {
  en: split(
    "Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|Wilson|Anderson|Thomas|Taylor|Moore|Jackson|Martin|Lee|Thompson|White|Harris|Clark|Lewis|Walker|Patel|Nguyen|Kim|Chen|Okafor|Singh|Murphy|O'Brien|Campbell|Stewart|Hughes|Evans|Wright|Bennett",
  ),
  de: split(
    'Müller|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Schulz|Hoffmann|Koch|Richter|Klein|Wolf|Schröder|Neumann|Schwarz|Zimmermann|Braun|Krüger',
  ),
  fr: split(
    'Martin|Bernard|Dubois|Thomas|Robert|Richard|Petit|Durand|Leroy|Moreau|Simon|Laurent|Lefebvre|Michel|Garcia|David|Bertrand|Roux|Vincent|Fournier',
  ),
  es: split(
    'García|Rodríguez|González|Fernández|López|Martínez|Sánchez|Pérez|Gómez|Martín|Jiménez|Ruiz|Hernández|Díaz|Moreno|Álvarez|Romero|Navarro|Torres|Ramírez',
  ),
  it: split(
    'Rossi|Russo|Ferrari|Esposito|Bianchi|Romano|Colombo|Ricci|Marino|Greco|Bruno|Gallo|Conti|De Luca|Mancini|Costa|Giordano|Rizzo|Lombardi|Moretti',
  ),
  nl: split(
    'de Jong|Jansen|de Vries|van den Berg|van Dijk|Bakker|Janssen|Visser|Smit|Meijer|de Boer|Mulder|de Groot|Bos|Vos|Peters|Hendriks|van Leeuwen|Dekker|Brouwer',
  ),
  ja: split(
    'Sato|Suzuki|Takahashi|Tanaka|Watanabe|Ito|Yamamoto|Nakamura|Kobayashi|Kato|Yoshida|Yamada|Sasaki|Yamaguchi|Matsumoto|Inoue|Kimura|Hayashi|Shimizu|Mori',
  ),
  nordic: split(
    'Andersson|Johansson|Karlsson|Nilsson|Eriksson|Larsson|Olsen|Hansen|Jensen|Nielsen|Pedersen|Virtanen|Korhonen|Berg|Lindqvist|Dahl|Holm|Lund|Strand|Halvorsen',
  ),
};

export const STREETS: Record<Style, string[]> = {
  en: split(
    'Main|Oak|Maple|Cedar|Park|Washington|Lake|Hill|Elm|Pine|Church|High|Station|Mill|River|Market|King|Queen|Victoria|Bridge|Spring|Sunset|Meadow|Harbor',
  ),
  de: split('Haupt|Bahnhof|Garten|Schul|Berg|Linden|Kirch|Wald|Ring|Markt|Mühlen|Rosen'),
  fr: split(
    'de la République|Victor Hugo|de la Paix|du Général Leclerc|Jean Jaurès|Pasteur|de la Gare|des Lilas|Nationale|du Moulin',
  ),
  es: split('Mayor|Real|de la Constitución|del Sol|Nueva|de Alcalá|de Gràcia|San Juan|del Carmen|de la Paz'),
  it: split('Roma|Garibaldi|Mazzini|Cavour|Dante|Verdi|Marconi|Vittorio Emanuele|XX Settembre|della Repubblica'),
  nl: split(
    'Kerkstraat|Dorpsstraat|Stationsweg|Molenweg|Schoolstraat|Nieuwstraat|Marktplein|Julianalaan|Prinsengracht|Beukenlaan',
  ),
  ja: split('Marunouchi|Shinjuku|Umeda|Minatomirai|Sakae|Ginza|Shibuya|Namba|Akasaka|Ueno'),
  nordic: split(
    'Storgatan|Kungsgatan|Drottninggatan|Strandvejen|Hovedgaden|Kirkegata|Mannerheimintie|Torggata|Skolgatan|Parkvej',
  ),
};

export const EN_STREET_TYPES = split('St|Ave|Rd|Blvd|Dr|Ln|Way|Pkwy|Ct|Pl');
export const UK_STREET_TYPES = split('Street|Road|Lane|Avenue|Way|Close|Crescent|Place');

export const TITLES = split(
  'Owner|President|CEO|Managing Director|Office Manager|Operations Manager|General Manager|Practice Manager|Director of Marketing|Purchasing Manager|CFO|Partner|Vice President, Sales|Founder|Administrator',
);
export const ADJECTIVES = split(
  'Summit|Pinnacle|Bright|Cedar|Oakwood|Lakeside|Riverside|Northgate|Golden|Evergreen|Blue Ridge|Harbor|Prairie|Keystone|Silver Creek|Redwood|Beacon|Heritage|Crestview|Union',
);
export const EMPLOYEE_BANDS = split('1-4|5-9|10-19|20-49|50-99|100-249|250-499|500-999|1,000+');
export const SALES_BANDS: [string, string][] = [
  ['0', '500K'],
  ['500K', '1M'],
  ['1M', '2.5M'],
  ['2.5M', '5M'],
  ['5M', '10M'],
  ['10M', '20M'],
  ['20M', '50M'],
  ['50M', '100M'],
];
export const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net'];
