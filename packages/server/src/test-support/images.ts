// Images over real HTTP for API tests: an answer as bytes (the agent reads text), what sharp decodes of it,
// and the files a rendition cache folder holds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Agent } from './agent.ts';

/** An image answer as bytes, with the caller's cookies when an agent is given. */
export async function fetchImage(origin: string, p: string, a?: Agent, headers: Record<string, string> = {}) {
  const res = await fetch(origin + p, { headers: { ...headers, ...(a ? { cookie: a.cookieHeader() } : {}) } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The format and size sharp decodes from the bytes. */
export async function decodedImage(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return { format: m.format, width: m.width, height: m.height };
}

/** Every file under a folder, relative to it. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}
