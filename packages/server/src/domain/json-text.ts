// JSON kept as text (issue 20: the product read model keeps each product's answers as JSON). An answer may hold
// JsonText where a value goes: the reply's serializer (json-body.ts) writes the text as it is, without parsing or
// stringifying it again; JSON.stringify, which cannot, gets the parsed value (same JSON, slower).
//
// The text may be UTF-8 bytes as SQLite stored them (a Buffer), and is held as pieces: a kept object with more
// members is its own bytes but the last, then the new members. So a kept answer goes from the database to the
// reply's buffer without being decoded to a string and encoded again.

/** Pieces whose concatenation is one JSON value: strings, or UTF-8 bytes. */
export type JsonPieces = ReadonlyArray<string | Buffer>;

const asPieces = (text: string | Buffer | JsonPieces): JsonPieces =>
  typeof text === 'string' || Buffer.isBuffer(text) ? [text] : text;

export class JsonText {
  readonly pieces: JsonPieces;

  /** `text` must be one JSON value (the caller made it with JSON.stringify or from such pieces). */
  constructor(text: string | Buffer | JsonPieces) {
    this.pieces = asPieces(text);
  }

  /** The JSON as one string. */
  get text(): string {
    return this.pieces.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join('');
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** Whether the pieces are `{}` (an object with no members, after which no comma goes). */
const isEmptyObject = (pieces: JsonPieces): boolean =>
  pieces.length === 1 && (typeof pieces[0] === 'string' ? pieces[0] === '{}' : pieces[0]!.equals(EMPTY_OBJECT));
const EMPTY_OBJECT = Buffer.from('{}');

/**
 * A kept JSON object with more members after its own, as `{ ...object, ...members }` would write them when the
 * names are new: members that are undefined are left out, as JSON.stringify leaves them out.
 */
export function withMembers(object: string | Buffer | JsonPieces, members: Record<string, unknown>): JsonText {
  const pieces = asPieces(object);
  const more = JSON.stringify(members).slice(1, -1);
  if (!more) return new JsonText(pieces);
  if (isEmptyObject(pieces)) return new JsonText(`{${more}}`);
  // The object's closing brace is the last character of its last piece.
  const last = pieces[pieces.length - 1]!;
  const open = typeof last === 'string' ? last.slice(0, -1) : last.subarray(0, last.length - 1);
  return new JsonText([...pieces.slice(0, -1), open, `,${more}}`]);
}
