// sharp (libvips) loaded on first use rather than when the server starts: a process that draws no image and
// stores no upload never maps libvips (about 26 MiB of RSS; issue 20's memory budget).
import { createRequire } from 'node:module';
import type sharpType from 'sharp';

type Sharp = typeof sharpType;
let lib: Sharp | null = null;

/** The sharp function, loaded once. */
export function sharpLib(): Sharp {
  if (!lib) {
    lib = createRequire(import.meta.url)('sharp') as Sharp;
    // Renditions are cached on disk (services/image-disk-cache.ts); libvips' own in-memory operation cache
    // would only hold a second copy of what was just written.
    lib.cache(false);
  }
  return lib;
}
