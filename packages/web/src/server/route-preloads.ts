// The modulepreload links of a rendered page's own chunks (issue 20 item 5): the template already preloads
// the entry and its static imports (Vite writes those); each lazy route the page matched adds its module
// and that module's static imports, read from the client build's manifest, so the browser fetches them in
// parallel with the entry instead of after it (entry-client.tsx loads them before hydrating).

/** The parts of Vite's build manifest (dist/client/.vite/manifest.json) read here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A key and everything it imports statically, transitively: what the browser must load before running it. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The entry's manifest key: the page template's script. */
export function entryKey(manifest: Manifest): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]!.isEntry);
}

/**
 * The files (e.g. `assets/product-route-x.js`) of the given route modules and their static imports, minus
 * what the entry loads already, in a stable order (each module's own chunk first).
 */
export function routeChunkFiles(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = entryKey(manifest);
  const loaded = entry ? staticClosure(manifest, entry) : new Set<string>();
  const files: string[] = [];
  for (const module of modules) {
    for (const key of staticClosure(manifest, module)) {
      if (loaded.has(key)) continue;
      loaded.add(key);
      files.push(manifest[key]!.file);
    }
  }
  return files;
}

/**
 * The <link rel="modulepreload"> tags for those files, as Vite writes the entry's (same-origin, crossorigin), at low
 * priority: the page is server-rendered, and its image and the shell come first.
 */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`).join('\n');
}
