// `npm run backup [-- <file>]`: a consistent copy of the store's SQLite database (SQLITE_FILE, else
// data/store.sqlite, as the server uses) while the store keeps serving, written to <file> or to a
// timestamped file under data/backups/. PostgreSQL stores are backed up with pg_dump (see README).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupSqlite, timestampedBackupFile } from './backup.ts';
import { defaultSqliteFile } from './connection.ts';

const { positionals } = parseArgs({ allowPositionals: true });
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (restore with pg_restore); see README "Backups".',
  );
  process.exit(1);
}
const source = defaultSqliteFile();
const destination = positionals[0] ?? timestampedBackupFile(path.resolve('data/backups'));
const started = Date.now();
let last = -1;
const result = await backupSqlite(source, destination, ({ totalPages, remainingPages }) => {
  const percent = totalPages ? Math.floor(((totalPages - remainingPages) * 100) / totalPages) : 100;
  if (percent === last) return;
  last = percent;
  process.stderr.write(`\rbacking up ${source}: ${percent}% (${totalPages - remainingPages}/${totalPages} pages)`);
});
process.stderr.write('\n');
console.log(`backup written to ${result.file} (${result.pages} pages, ${Date.now() - started} ms, integrity ok)`);
