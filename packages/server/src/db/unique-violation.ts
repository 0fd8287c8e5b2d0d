// Whether a write failed on a unique index, on PostgreSQL (23505) or SQLite: the database's word that another
// request got there first, which the services answer as a conflict rather than a fault.
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
