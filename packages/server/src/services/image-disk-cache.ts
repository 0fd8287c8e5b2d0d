// Files made on request and kept on disk (resized product images), shared by every server process
// pointed at the same folder: a file is written under a temporary name and renamed into place, so a
// reader sees either no file or a whole one, and two processes making the same file at once both
// succeed (the later rename replaces an identical file). Keys name what a file is made from, so a
// changed source is a new key; nothing is ever updated in place. A new file may retire the files it
// replaces (an image's older versions), so the folder holds one file per thing, not one per change.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** IMAGE_CACHE_DIR, else data/image-cache under the working directory (beside data/store.sqlite). */
export function imageCacheDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.IMAGE_CACHE_DIR || 'data/image-cache');
}

/**
 * A key is a relative path of plain segments: nothing in it can point outside the folder. A segment may hold
 * dots (SKUs do) but never start with one, so "." and ".." can't be segments.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\.[a-z0-9]+$/;

export class DiskCache {
  readonly dir: string;
  /** Files being made in this process, so concurrent requests for one file make it once. */
  private making = new Map<string, Promise<Buffer>>();

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /** Where the file of a key lives (it may not exist yet). */
  fileOf(key: string): string {
    if (!KEY.test(key)) throw new TypeError(`not a cache key: ${key}`);
    return path.join(this.dir, key);
  }

  /**
   * The file of the key, made with `make` and stored first when there is none yet; once stored, the
   * files beside it whose names `supersedes` picks are removed (no request names them any more).
   */
  async getOrMake(key: string, make: () => Promise<Buffer>, supersedes?: (name: string) => boolean): Promise<Buffer> {
    const file = this.fileOf(key);
    const cached = await readFile(file).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (cached) return cached;
    let pending = this.making.get(key);
    if (!pending) {
      pending = this.make(file, make, supersedes).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  /**
   * The file of one thing's rendition (`name`: a size and width) at its current content version, at
   * `${dir}/${name}${version}.${ext}`: made with `make` when there is none yet, and once stored it retires the
   * files of older versions of the same name, so the folder holds one file per rendition, not one per change.
   */
  getOrMakeVersion(
    dir: string,
    name: string,
    version: string,
    ext: string,
    make: () => Promise<Buffer>,
  ): Promise<Buffer> {
    return this.getOrMake(`${dir}/${name}${version}.${ext}`, make, (other) => other.startsWith(name));
  }

  private async make(
    file: string,
    make: () => Promise<Buffer>,
    supersedes?: (name: string) => boolean,
  ): Promise<Buffer> {
    const bytes = await make();
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    if (supersedes) await this.retire(file, supersedes);
    return bytes;
  }

  /** Removes the older files beside a new one; another process removing them too is no failure. */
  private async retire(file: string, supersedes: (name: string) => boolean): Promise<void> {
    const dir = path.dirname(file);
    const kept = path.basename(file);
    for (const name of await readdir(dir)) {
      if (name !== kept && !name.endsWith('.tmp') && supersedes(name)) await rm(path.join(dir, name), { force: true });
    }
  }
}
