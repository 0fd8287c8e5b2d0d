// A write refused by a unique index, on either database: what a caller turns into its own conflict answer when
// two writers race for the same key (the loser's transaction fails at the index, not at its own check).
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
