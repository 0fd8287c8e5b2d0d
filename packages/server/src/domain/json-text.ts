// JSON kept as text (issue 20: the product read model keeps each product's answers as JSON). An answer may hold
// JsonText where a value goes: the reply's serializer (json-body.ts) writes the text as it is, without parsing or
// stringifying it again; JSON.stringify, which cannot, gets the parsed value (same JSON, slower).

export class JsonText {
  /** `text` must be one JSON value (the caller made it with JSON.stringify or from such pieces). */
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * A kept JSON object with more members after its own, as `{ ...object, ...members }` would write them when the
 * names are new: members that are undefined are left out, as JSON.stringify leaves them out.
 */
export function withMembers(objectText: string, members: Record<string, unknown>): JsonText {
  const more = JSON.stringify(members).slice(1, -1);
  if (!more) return new JsonText(objectText);
  return new JsonText(objectText === '{}' ? `{${more}}` : `${objectText.slice(0, -1)},${more}}`);
}
