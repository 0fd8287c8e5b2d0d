// The fuzz suite's request generator: reads an OpenAPI 3 document and makes, for every operation, malformed
// requests of every kind that applies to it (path params, query params, JSON bodies, the framing of the request),
// so an operation added to the API is fuzzed without anyone writing a case. Pure: no I/O, no server imports.

/** What is wrong with a request. */
export type MutationKind =
  | 'wrong-type'
  | 'missing-field'
  | 'extra-field'
  | 'huge-string'
  | 'control-chars'
  | 'non-finite-number'
  | 'huge-number'
  | 'bad-id'
  | 'over-long'
  | 'bad-escape'
  | 'injection'
  | 'traversal'
  | 'malformed-json'
  | 'wrong-content-type'
  | 'deep-nesting'
  | 'too-large'
  | 'unknown-route';

/** Where the malformed part is. */
export type Place = 'path' | 'query' | 'body' | 'framing';

export interface FuzzRequest {
  /** "METHOD /template" as the document names the operation. */
  operation: string;
  kind: MutationKind;
  place: Place;
  /** The parameter or body field that was malformed ("" for the whole body or request). */
  target: string;
  method: string;
  /** Raw request target (path and query, percent-escapes as sent). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
}

/** The party's real values: path params by name (ids it owns) and body fields by name (e.g. productId). */
export interface PartyValues {
  params: Record<string, string>;
  fields: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
/** The parts of an OpenAPI 3 document the generator reads. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      const params: Parameter[] = [...((item.parameters as Parameter[] | undefined) ?? []), ...(op.parameters ?? [])];
      out.push({
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

export const operationName = (op: Operation) => `${op.method} ${op.template}`;
const isRead = (op: Operation) => op.method === 'GET';

// ---- the values each kind sends ----------------------------------------------------------------------------------

const LINE_BREAK = 'line\r\nInjected: header';
const CONTROL = ['a\u0000b', '\u001b[31mred\u001b[0m\u007f', LINE_BREAK, 'x\ud800y'];
const INJECTION = ["' OR '1'='1' --", '<script>alert(1)</script>', `\${7*7}{{7*7}}{"$gt":""}`];
const TRAVERSAL = ['../../../../etc/passwd', '..\\..\\..\\windows\\win.ini'];
/** Raw JSON number texts: 1e309 parses to Infinity in JavaScript. */
const RAW_NUMBERS = { nonFinite: ['1e309', '-1e309'], huge: ['1e308', '-1e308', '99999999999999999999999', '-1'] };
const NUMERIC_STRINGS = {
  nonFinite: ['NaN', 'Infinity', '-Infinity'],
  huge: ['1e308', '-1e308', '99999999999999999999999', '-1'],
};
/** Malformed percent-escapes (as sent, undecoded): truncated, not hex, overlong UTF-8, a lone surrogate. */
const BAD_ESCAPES = ['%', '%zz', 'a%E0%A4%A', '%C0%AF', '%ED%A0%80'];
const HUGE_BODY_STRING = 'A'.repeat(100_000);
/** In URLs: over the router's parameter limit, under Node's header size limit. */
const HUGE_URL_STRING = 'A'.repeat(6_000);
const OVER_LONG = ['a'.repeat(201)];

/** Percent-encodes a value; a lone surrogate (which has no UTF-8) goes as the bytes a careless encoder would send. */
function enc(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** Malformed variants of a record id: wrong length, wrong prefix, wrong characters. */
function badIds(real: string | undefined): string[] {
  const id = real && /^[A-Za-z0-9]{15,18}$/.test(real) ? real : '001000000000001AAA';
  // Not '' (a nullable field reads it as null) nor a case change of the suffix (an 18-character id's last three
  // letters are a case checksum: any case names the same record).
  return ['abc', `zz${id.slice(2)}`, `${id}X`, id.slice(0, 14), `${id.slice(0, 15)}!!!`, '000000000000000000'];
}

// ---- schemas ------------------------------------------------------------------------------------------------------

function typesOf(s: Schema | undefined): string[] {
  if (!s) return [];
  if (s.anyOf) return s.anyOf.flatMap(typesOf);
  return s.type ? [s.type] : [];
}
const isNumeric = (s: Schema | undefined) => typesOf(s).some((t) => t === 'number' || t === 'integer');
const isText = (s: Schema | undefined) => typesOf(s).includes('string');
/** Free text: a string the schema does not constrain in form (no enum, pattern or format, not an id), so any text
 * in it (a quote, "../", a line break, "NaN") is valid and not a malformation on a write. */
function isFreeText(s: Schema | undefined, name: string): boolean {
  if (/id$/i.test(name)) return false;
  const strings = s?.anyOf ? s.anyOf.filter((a) => a.type === 'string') : s?.type === 'string' ? [s] : [];
  return strings.some((x) => !x.enum && !x.pattern && !x.format);
}
/** A query parameter that accepts any string (the site runtime's ignored flags, comma-separated field lists): no
 * string value is malformed in it. */
const acceptsAnyString = (s: Schema | undefined): boolean =>
  !!s &&
  (s.anyOf
    ? s.anyOf.some((a) => a.type === 'string' && acceptsAnyString(a))
    : s.type === 'string' && !s.enum && !s.pattern && !s.format && s.maxLength === undefined);

/** A value that fits the schema's shape (not necessarily a valid request): what the other fields hold. */
function placeholder(s: Schema | undefined, name: string, v: PartyValues): unknown {
  if (name in v.fields) return v.fields[name];
  if (!s) return 'x';
  if (s.anyOf) return placeholder(s.anyOf.find((a) => a.type === 'number') ?? s.anyOf[0], name, v);
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object': {
      // Required fields, and the fields the party has real values for (a productId that exists), so the
      // malformed part gets past "which product?" to the code that uses it.
      const keys = Object.keys(s.properties ?? {}).filter((k) => s.required?.includes(k) || k in v.fields);
      return Object.fromEntries(keys.map((k) => [k, placeholder(s.properties?.[k], k, v)]));
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => placeholder(s.items, name, v));
    case 'number':
    case 'integer':
      // 2, not 1: times a huge number in another field, it must leave the finite range.
      return Math.min(Math.max(2, s.minimum ?? 2), s.maximum ?? 2);
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

interface Leaf {
  /** Dotted path in the body, array elements as 0. */
  path: Array<string | number>;
  schema: Schema;
}

/** Every field the body schema declares (nested objects and the first array element included). */
function leaves(s: Schema | undefined, at: Array<string | number> = []): Leaf[] {
  if (!s) return [];
  const object = s.type === 'object' ? s : s.anyOf?.find((a) => a.type === 'object');
  const array = s.type === 'array' ? s : s.anyOf?.find((a) => a.type === 'array');
  const out: Leaf[] = at.length ? [{ path: at, schema: s }] : [];
  if (object?.properties) for (const [k, p] of Object.entries(object.properties)) out.push(...leaves(p, [...at, k]));
  if (array?.items && at.length) out.push(...leaves(array.items, [...at, 0]));
  return out;
}

/** The body with the field at `path` set to a marker, and the JSON text with the marker swapped for `raw`. */
function bodyWith(base: unknown, path: Array<string | number>, schema: Schema, v: PartyValues, raw: string): string {
  const MARK = '__FUZZ_VALUE__';
  // biome-ignore lint/suspicious/noExplicitAny: walks and builds an arbitrary JSON tree.
  const root = structuredClone(base) as any;
  let at = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = path[i + 1]!;
    if (at[key] === undefined || at[key] === null || typeof at[key] !== 'object')
      at[key] = typeof next === 'number' ? [placeholder(undefined, String(key), v)] : {};
    if (typeof next === 'number' && (typeof at[key][0] !== 'object' || at[key][0] === null) && path.length - 1 > i + 1)
      at[key][0] = {};
    at = at[key];
  }
  at[path[path.length - 1]!] = MARK;
  void schema;
  return JSON.stringify(root).replace(`"${MARK}"`, raw);
}

function wrongTypes(s: Schema): unknown[] {
  const types = typesOf(s);
  const out: unknown[] = [];
  if (!types.includes('string')) out.push('not-a-value');
  if (!types.some((t) => t === 'number' || t === 'integer')) out.push(12345);
  if (!types.includes('boolean')) out.push(true);
  if (!types.includes('object')) out.push({ nested: { value: 1 } });
  if (!types.includes('array')) out.push([1, 'two', null]);
  if (!s.nullable) out.push(null);
  return types.length ? out : [];
}

// ---- the generator ------------------------------------------------------------------------------------------------

function pathOf(op: Operation, params: Record<string, string>): string {
  return op.template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x');
}

function queryOf(pairs: Array<[string, string]>): string {
  return pairs.length ? `?${pairs.map(([k, val]) => `${k}=${val}`).join('&')}` : '';
}

/** Every malformed request for one operation, built on the party's real values. */
export function fuzzOperation(op: Operation, v: PartyValues): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const operation = operationName(op);
  const realParams = Object.fromEntries(op.pathParams.map((p) => [p.name, enc(v.params[p.name] ?? 'x')]));
  const requiredQuery: Array<[string, string]> = op.queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, enc(String(v.fields[p.name] ?? placeholder(p.schema, p.name, v)))]);
  const baseBody = op.body ? placeholder(op.body, '', v) : undefined;
  const json = { 'content-type': 'application/json' };
  const add = (
    kind: MutationKind,
    place: Place,
    target: string,
    path: string,
    body?: string,
    headers: Record<string, string> = body === undefined ? {} : json,
  ) => out.push({ operation, kind, place, target, method: op.method, path, headers, body });
  const validBody = baseBody === undefined ? undefined : JSON.stringify(baseBody);

  // Path parameters, each in turn (the others real): the part under test is the only malformed one.
  for (const p of op.pathParams) {
    const at = (raw: string) => pathOf(op, { ...realParams, [p.name]: raw }) + queryOf(requiredQuery);
    const send = (kind: MutationKind, raw: string) => add(kind, 'path', p.name, at(raw), validBody);
    for (const id of badIds(v.params[p.name])) send('bad-id', enc(id));
    for (const s of OVER_LONG) send('over-long', s);
    send('huge-string', HUGE_URL_STRING);
    for (const s of BAD_ESCAPES) send('bad-escape', s);
    for (const s of CONTROL) send('control-chars', enc(s));
    for (const s of INJECTION) send('injection', enc(s));
    for (const s of TRAVERSAL) send('traversal', enc(s));
    send('traversal', '..%2F..%2F..%2Fetc%2Fpasswd');
  }

  // Query parameters, each in turn. On writes a parameter that accepts any string is left alone: no string in it
  // is malformed, so the write would be a valid one.
  const path = pathOf(op, realParams);
  for (const p of op.queryParams) {
    if (!isRead(op) && acceptsAnyString(p.schema)) continue;
    // A parameter that takes any string (the runtime's ignored flags) or one of a few words (true/false flags) gets
    // one value of each kind: any value outside the words is as wrong as another, and any string fits the ignored
    // ones. The full lists go to the parameters that parse what they get (ids, numbers, page tokens, lists).
    const sample = acceptsAnyString(p.schema) || !!p.schema?.enum;
    const some = <T>(values: T[]): T[] => (sample ? values.slice(0, 1) : values);
    const others = requiredQuery.filter(([k]) => k !== p.name);
    const send = (kind: MutationKind, raw: string | string[]) =>
      add(
        kind,
        'query',
        p.name,
        path + queryOf([...others, ...(Array.isArray(raw) ? raw : [raw]).map((r): [string, string] => [p.name, r])]),
        validBody,
      );
    if (p.required) add('missing-field', 'query', p.name, path + queryOf(others), validBody);
    send('wrong-type', ['a', 'b']);
    // An empty value reads as an absent one: malformed only where the call would change nothing anyway.
    if (isRead(op)) send('wrong-type', '');
    send('wrong-type', enc('{"a":1}'));
    if (isRead(op) || isNumeric(p.schema) || !isText(p.schema)) send('wrong-type', 'not-a-value');
    send('huge-string', HUGE_URL_STRING);
    for (const s of some(OVER_LONG)) send('over-long', s);
    for (const s of some(CONTROL)) send('control-chars', enc(s));
    for (const s of some(BAD_ESCAPES)) send('bad-escape', s);
    for (const s of some(NUMERIC_STRINGS.nonFinite)) send('non-finite-number', enc(s));
    for (const s of some(NUMERIC_STRINGS.huge)) if (isRead(op) || isNumeric(p.schema)) send('huge-number', enc(s));
    if (isRead(op) || !isFreeText(p.schema, p.name)) {
      for (const s of some(INJECTION)) send('injection', enc(s));
      for (const s of some(TRAVERSAL)) send('traversal', enc(s));
    }
  }
  if (isRead(op)) {
    add('extra-field', 'query', '', path + queryOf([...requiredQuery, ['zzUnknown', '1']]));
    add('extra-field', 'query', '', path + queryOf([...requiredQuery, ['__proto__[polluted]', '1']]));
  }

  const q = path + queryOf(requiredQuery);
  // The JSON body: whole-body shapes, then each declared field in turn (the others hold placeholders).
  if (op.body) {
    add('missing-field', 'body', '', q, '{}');
    for (const k of op.body.required ?? []) {
      const { [k]: _, ...rest } = baseBody as Record<string, unknown>;
      add('missing-field', 'body', k, q, JSON.stringify(rest));
    }
    add('extra-field', 'body', '', q, JSON.stringify({ zzUnknownField: 'x', another: { nested: [1] } }));
    add('extra-field', 'body', '__proto__', q, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
    for (const whole of ['[]', '"text"', '12345', 'null', 'true']) add('wrong-type', 'body', '', q, whole);
    for (const leaf of leaves(op.body)) {
      const target = leaf.path.join('.');
      const free = !isRead(op) && isFreeText(leaf.schema, String(leaf.path[leaf.path.length - 1]));
      const set = (kind: MutationKind, raw: string) =>
        add(kind, 'body', target, q, bodyWith(baseBody, leaf.path, leaf.schema, v, raw));
      for (const w of wrongTypes(leaf.schema)) set('wrong-type', JSON.stringify(w));
      set('huge-string', JSON.stringify(HUGE_BODY_STRING));
      // Line breaks are text (a street, shipping instructions); every other control character is not.
      for (const s of CONTROL) if (!(free && s === LINE_BREAK)) set('control-chars', JSON.stringify(s));
      for (const s of RAW_NUMBERS.nonFinite) set('non-finite-number', s);
      // "NaN" is a fine first name: numeric strings are malformed only where a number (or a constrained string) goes.
      if (!free || isNumeric(leaf.schema))
        for (const s of NUMERIC_STRINGS.nonFinite) set('non-finite-number', JSON.stringify(s));
      if (isNumeric(leaf.schema) || !isText(leaf.schema)) for (const s of RAW_NUMBERS.huge) set('huge-number', s);
      if (isNumeric(leaf.schema)) for (const s of NUMERIC_STRINGS.huge) set('huge-number', JSON.stringify(s));
      if (/id$/i.test(String(leaf.path[leaf.path.length - 1])) && isText(leaf.schema))
        for (const id of badIds(String(v.fields[String(leaf.path[leaf.path.length - 1])] ?? '')))
          set('bad-id', JSON.stringify(id));
      if (!free) {
        for (const s of INJECTION) set('injection', JSON.stringify(s));
        for (const s of TRAVERSAL) set('traversal', JSON.stringify(s));
      }
      set('deep-nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    }
    // A body that is a file (a catalogue upload: its schema a string, no fields): the whole text is malformed.
    if (isText(op.body) && !leaves(op.body).length) {
      for (const s of CONTROL) add('control-chars', 'body', '', q, s);
      add('huge-string', 'body', '', q, HUGE_BODY_STRING);
      for (const s of NUMERIC_STRINGS.nonFinite) add('non-finite-number', 'body', '', q, s);
    }
    add('deep-nesting', 'body', '', q, `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`);
    add('wrong-content-type', 'framing', '', q, 'just text', { 'content-type': 'text/plain' });
  }

  // The request's framing, for every operation that can carry a body.
  if (!isRead(op)) {
    for (const broken of [
      '{"a":',
      "{'a':1}",
      '{"a":1,}',
      '[1,2',
      'nul',
      '{} trailing',
      '\u0000{}',
      '\ufeff{}',
      '{"a":"\\u12"}',
    ])
      add('malformed-json', 'framing', '', q, broken);
    add('malformed-json', 'framing', '', q, '', json);
    add('wrong-content-type', 'framing', '', q, '<a>1</a>', { 'content-type': 'application/xml' });
    add('wrong-content-type', 'framing', '', q, 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' });
    add('wrong-content-type', 'framing', '', q, '--x\r\n\r\n--x--', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    add('wrong-content-type', 'framing', '', q, '{}', { 'content-type': 'application/json; charset=utf-16' });
    add('too-large', 'framing', '', q, JSON.stringify({ padding: 'A'.repeat(1_100_000) }));
  }
  add('unknown-route', 'framing', '', `${path}/zz-no-such-route`);
  add('bad-escape', 'framing', '', `${path}%zz`);
  return out;
}

export function fuzzRequests(doc: OpenApiDoc, v: PartyValues): FuzzRequest[] {
  return operationsOf(doc).flatMap((op) => fuzzOperation(op, v));
}

/**
 * What kinds an operation must get, worked out from its document entry alone (independently of the generator):
 * the coverage check holds the generator to it, so a new operation or parameter cannot be skipped silently.
 */
export function applicableKinds(op: Operation): Set<`${Place}:${MutationKind}`> {
  const kinds = new Set<`${Place}:${MutationKind}`>(['framing:unknown-route', 'framing:bad-escape']);
  if (op.pathParams.length)
    for (const k of [
      'bad-id',
      'over-long',
      'huge-string',
      'bad-escape',
      'control-chars',
      'injection',
      'traversal',
    ] as const)
      kinds.add(`path:${k}`);
  const queried = op.queryParams.filter((p) => isRead(op) || !acceptsAnyString(p.schema));
  if (queried.length)
    for (const k of [
      'wrong-type',
      'huge-string',
      'over-long',
      'control-chars',
      'bad-escape',
      'non-finite-number',
    ] as const)
      kinds.add(`query:${k}`);
  if (op.queryParams.some((p) => p.required)) kinds.add('query:missing-field');
  if (isRead(op)) kinds.add('query:extra-field');
  if (isRead(op) && op.queryParams.length)
    for (const k of ['huge-number', 'injection', 'traversal'] as const) kinds.add(`query:${k}`);
  if (op.body) {
    for (const k of [
      'missing-field',
      'extra-field',
      'wrong-type',
      'huge-string',
      'control-chars',
      'non-finite-number',
      'deep-nesting',
    ] as const)
      kinds.add(`body:${k}`);
    kinds.add('framing:wrong-content-type');
  }
  if (!isRead(op))
    for (const k of ['malformed-json', 'wrong-content-type', 'too-large'] as const) kinds.add(`framing:${k}`);
  return kinds;
}
