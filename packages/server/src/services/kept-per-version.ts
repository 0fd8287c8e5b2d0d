// A value per store as read at a version the database bumps (the catalogue version, the promotions version…),
// kept per process: reused while the store's version is the same, read again once it moves, so a change made
// through any process is seen at once by every other. A failed read is not kept. Callers must not change the
// value: every request of that version shares it.
export class KeptPerVersion<T> {
  private kept = new Map<string, { version: number; value: Promise<T> }>();

  get(key: string, version: number, read: () => Promise<T>): Promise<T> {
    const hit = this.kept.get(key);
    if (hit?.version === version) return hit.value;
    const value = read();
    this.kept.set(key, { version, value });
    value.catch(() => {
      // Only this read's entry: a newer version's may have replaced it meanwhile.
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }
}
