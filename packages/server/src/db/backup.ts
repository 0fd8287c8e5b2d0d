// A consistent copy of the store's SQLite database while the store keeps serving, through SQLite's
// online backup API (better-sqlite3's db.backup). The copy is one snapshot: the backup's connection
// opens a read transaction first, and every backup step reads through it, so orders committed by the
// running store meanwhile (in the WAL) neither restart the copy nor half-appear in it. The copy is
// written under a temporary name, checked with PRAGMA integrity_check, and only then renamed into place,
// so a file with the backup's name is always a whole, sound database.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
}

export interface BackupResult {
  file: string;
  pages: number;
}

/** Pages copied per step (4 KiB each by default): big enough to finish quickly, small enough to report progress. */
const PAGES_PER_STEP = 1024;

/** `data/backups/store-2026-11-23T15-04-05.123Z.sqlite` under `dir`: sorts by time, valid on every file system. */
export function timestampedBackupFile(dir: string, now: Date = new Date()): string {
  return path.join(dir, `store-${now.toISOString().replace(/:/g, '-')}.sqlite`);
}

/** Problems PRAGMA integrity_check finds in a database file (empty when it is sound). */
export function integrityProblems(file: string): string[] {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    return rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
  } finally {
    db.close();
  }
}

/** Copies the database at `source` to `destination`, reporting progress; `pagesPerStep` paces the copy. */
export async function backupSqlite(
  source: string,
  destination: string,
  onProgress: (p: BackupProgress) => void = () => {},
  pagesPerStep = PAGES_PER_STEP,
): Promise<BackupResult> {
  const target = path.resolve(destination);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  let pages = 0;
  try {
    db.pragma('busy_timeout = 5000');
    // The snapshot: a read transaction held across every step of the copy.
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const done = await db.backup(partial, {
      progress: (p) => {
        onProgress(p);
        return pagesPerStep;
      },
    });
    pages = done.totalPages;
    onProgress({ totalPages: done.totalPages, remainingPages: 0 });
    db.exec('COMMIT');
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  // The copy is one self-contained file (the source's WAL mode would want -wal/-shm files beside it).
  const copy = new SQLite(partial, { fileMustExist: true });
  copy.pragma('journal_mode = DELETE');
  copy.close();
  const problems = integrityProblems(partial);
  if (problems.length) {
    rmSync(partial, { force: true });
    throw new Error(`the copy failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
  }
  renameSync(partial, target);
  return { file: target, pages };
}
