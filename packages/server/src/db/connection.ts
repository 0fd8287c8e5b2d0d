// One Kysely instance over SQLite (embedded default, a file under ./data) or PostgreSQL (DATABASE_URL).
// Everything above this file is dialect-neutral query code.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns int8 and numeric as strings; our counters are int8-safe integers.
pg.types.setTypeParser(20, (v) => Number(v));

/** The SQLite file the store uses when none is named: SQLITE_FILE, else data/store.sqlite under the working directory. */
export function defaultSqliteFile(): string {
  return process.env.SQLITE_FILE ?? path.resolve('data/store.sqlite');
}

export function openDatabase(opts: { url?: string; sqliteFile?: string; pgSchema?: string } = {}): Db {
  const url = opts.url ?? process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // A schema of its own (tests) isolates parallel runs sharing one PostgreSQL database.
    if (opts.pgSchema && !/^[a-z_][a-z0-9_]*$/.test(opts.pgSchema))
      throw new TypeError(`bad schema name ${opts.pgSchema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.PG_POOL_SIZE ?? 10),
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // An idle connection the server ends (a restart, a dropped database) is an 'error' on the pool; pg has
    // already taken it out, and the next query opens another. Unheard, the event would end the process.
    pool.on('error', () => {});
    // Kysely ends the pool only if it ever used it; the schema query below may have opened a connection
    // before any Kysely query, so the pool is ended here as well.
    const close = async (db: Kysely<Database>) => {
      await db.destroy();
      if (!pool.ending) await pool.end();
    };
    if (opts.pgSchema) {
      const schema = opts.pgSchema;
      const ready = pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: async () => {
            await ready;
            return pool;
          },
        }),
      });
      return { db, dialect: 'postgres', close: () => close(db) };
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => close(db) };
  }
  const file = opts.sqliteFile ?? defaultSqliteFile();
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  sqliteConnections.set(db, cached);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Each SQLite Kysely instance's one connection (with its statement cache), for db/prepared.ts's direct runs. */
const sqliteConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** The SQLite connection under a Kysely instance that openDatabase made (undefined on PostgreSQL). */
export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing is a large share of a small query's cost.
 * better-sqlite3 runs statements synchronously, so one prepared statement per SQL text can be reused safely.
 * Bounded: `in (?, ?, …)` lists make a new text per length.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (text: string) => {
        // Kysely opens transactions with a plain (deferred) BEGIN. A deferred transaction that reads and then
        // writes fails at once with SQLITE_BUSY (no busy_timeout wait) when another process committed in
        // between; taking the write lock at BEGIN makes it wait its turn instead. Our transactions all write.
        const source = text === 'begin' ? 'begin immediate' : text;
        let statement = statements.get(source);
        if (!statement) {
          if (statements.size >= max) statements.clear();
          statement = prepare(source);
          statements.set(source, statement);
        }
        return statement;
      };
    },
  });
}
