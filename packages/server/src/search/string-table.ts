// Many strings kept as one UTF-8 buffer and an offset per string: a few bytes of overhead per string instead
// of a JS string and a pointer each, and stored as is in a persisted index segment.
export class StringTable {
  private readonly buf: Buffer;

  constructor(
    readonly bytes: Uint8Array,
    /** String i is bytes[offsets[i] .. offsets[i + 1]). */
    readonly offsets: Int32Array,
  ) {
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  static of(values: readonly string[]): StringTable {
    const offsets = new Int32Array(values.length + 1);
    let total = 0;
    values.forEach((v, i) => {
      offsets[i] = total;
      total += Buffer.byteLength(v, 'utf8');
    });
    offsets[values.length] = total;
    const bytes = Buffer.allocUnsafeSlow(total);
    values.forEach((v, i) => {
      bytes.write(v, offsets[i]!, 'utf8');
    });
    return new StringTable(bytes, offsets);
  }

  get length(): number {
    return this.offsets.length - 1;
  }

  at(i: number): string {
    return this.buf.toString('utf8', this.offsets[i]!, this.offsets[i + 1]!);
  }

  /** Every string, decoded (for the columns read in hot loops). */
  all(): string[] {
    const out = new Array<string>(this.length);
    for (let i = 0; i < out.length; i++) out[i] = this.at(i);
    return out;
  }
}
