// A Kysely query built and compiled once per shape, then run with new values: building and compiling a query
// (the builder's immutable nodes, the compiler's walk) costs more than running a small indexed read, and the
// catalogue reads run the same few queries on every request. The builder is given placeholders instead of
// values; the compiled SQL is kept per list length (an `in (…)` list of 20 ids is another text than one of 3)
// and each run maps the placeholders in its parameters to the values given. On SQLite the text then meets
// the connection's statement cache (db/connection.ts), so the statement is not prepared again either.
//
// On SQLite the statement then runs straight on the connection, not through Kysely's executor: better-sqlite3
// runs it synchronously, and Kysely's connection mutex and promise chain around it cost several times the run
// of a small indexed read. That is safe whenever the connection is ours for the moment: on a transaction we
// are inside (it holds the connection until its function ends), or at the top level when no transaction is
// open (a synchronous run cannot interleave with anything). At the top level while some transaction is open,
// the run goes through Kysely and waits its turn, as before: running it at once would put it inside that
// other transaction.
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type SQLite from 'better-sqlite3';
import { sqliteConnectionOf } from './connection.ts';
import type { Database } from './schema.ts';

/** What a prepared query takes: scalars, and lists (whose length is part of the query's shape). */
export type PreparedValues = Record<string, string | number | null | readonly (string | number)[]>;

/** A row interface as prepared values (an interface has no index signature; its mapped copy has). */
export type ValuesOf<T> = { [K in keyof T]: T[K] };

/** The placeholders handed to the builder: a scalar stands for itself, a list for each of its items. */
export type Placeholders<V extends PreparedValues> = { [K in keyof V]: V[K] };

const MARK = '\u0000prepared:';
/** Distinct shapes kept per query (a shape per list length): past this the oldest go. */
const MAX_SHAPES = 256;

interface Shape {
  compiled: CompiledQuery;
  /** For each parameter: a value's name and list index (-1: a scalar), or null for a constant of the query. */
  slots: Array<{ name: string; index: number } | null>;
}

export class PreparedQuery<V extends PreparedValues, R> {
  private shapes = new Map<string, Shape>();
  /** The SQLite connection under `db`, run on directly when it is ours (see the top of the file). */
  private sqlite: SQLite.Database | undefined;

  constructor(
    private db: Kysely<Database>,
    private build: (db: Kysely<Database>, p: Placeholders<V>) => Compilable<R>,
  ) {
    this.sqlite = sqliteConnectionOf(db);
  }

  /** Runs with `values`, on the database it was made for or on `on` (a transaction of it): the rows. */
  async execute(values: V, on: Kysely<Database> = this.db): Promise<R[]> {
    return (await this.run(values, on)).rows;
  }

  /** As execute, with the whole result (a write's numAffectedRows). */
  async run(values: V, on: Kysely<Database> = this.db): Promise<QueryResult<R>> {
    const shape = this.shape(values);
    const parameters = shape.slots.map((slot, i) => {
      if (!slot) return shape.compiled.parameters[i];
      const v = values[slot.name];
      return slot.index < 0 ? v : (v as readonly unknown[])[slot.index];
    });
    const sqlite = this.sqlite;
    if (sqlite && (on.isTransaction || !sqlite.inTransaction)) return runOn<R>(sqlite, shape.compiled.sql, parameters);
    return on.executeQuery<R>({ ...shape.compiled, parameters } as CompiledQuery<R>);
  }

  private shape(values: V): Shape {
    const key = Object.keys(values)
      .map((k) => (Array.isArray(values[k]) ? `${k}:${(values[k] as unknown[]).length}` : k))
      .join('|');
    const known = this.shapes.get(key);
    if (known) return known;
    const placeholders: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values))
      placeholders[k] = Array.isArray(v) ? v.map((_, i) => `${MARK}${k}:${i}`) : `${MARK}${k}:-1`;
    const compiled = this.build(this.db, placeholders as Placeholders<V>).compile();
    const slots = compiled.parameters.map((p) => {
      if (typeof p !== 'string' || !p.startsWith(MARK)) return null;
      const at = p.lastIndexOf(':');
      return { name: p.slice(MARK.length, at), index: Number(p.slice(at + 1)) };
    });
    if (this.shapes.size >= MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value!);
    const shape = { compiled, slots };
    this.shapes.set(key, shape);
    return shape;
  }
}

/** A statement run on the SQLite connection itself, answered as Kysely's SQLite driver answers. */
function runOn<R>(sqlite: SQLite.Database, text: string, parameters: unknown[]): QueryResult<R> {
  const statement = sqlite.prepare(text);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
