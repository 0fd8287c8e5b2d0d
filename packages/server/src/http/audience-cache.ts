// What a cache may keep of a catalogue answer (a file, an image, a snapshot read). An answer made for
// a guest is what every guest gets, so shared caches may keep it; one made for a logged-in buyer may be
// theirs alone (a dataset only their buyer group is entitled to), so only their own browser may keep it,
// and never for the next caller of a shared cache.
import type { FastifyReply } from 'fastify';

/** A year: how long an answer at a versioned URL (one naming its content's version) may be kept. */
export const VERSIONED_MAX_AGE = 31536000;

export function cacheForAudience(reply: FastifyReply, caller: { isGuest: boolean }, maxAgeSeconds: number) {
  return reply
    .header('Cache-Control', `${caller.isGuest ? 'public' : 'private'}, max-age=${maxAgeSeconds}`)
    .header('Vary', 'Cookie');
}

/**
 * A file whose URL may name its content version (`?v=`): when it names the current one, the answer never
 * changes at that URL, so it is kept for a year and marked immutable (no revalidation on reload); any
 * other URL gets the current file for `maxAgeSeconds`. Public or private as cacheForAudience says.
 */
export function cacheVersioned(
  reply: FastifyReply,
  caller: { isGuest: boolean },
  asked: string | undefined,
  current: string,
  maxAgeSeconds: number,
) {
  if (asked !== current) return cacheForAudience(reply, caller, maxAgeSeconds);
  return reply
    .header('Cache-Control', `${caller.isGuest ? 'public' : 'private'}, max-age=${VERSIONED_MAX_AGE}, immutable`)
    .header('Vary', 'Cookie');
}
