// What a cache may keep of a catalogue answer (a file, an image, a snapshot read). An answer made for
// a guest is what every guest gets, so shared caches may keep it; one made for a logged-in buyer may be
// theirs alone (a dataset only their buyer group is entitled to), so only their own browser may keep it,
// and never for the next caller of a shared cache.
import type { FastifyReply } from 'fastify';

export function cacheForAudience(reply: FastifyReply, caller: { isGuest: boolean }, maxAgeSeconds: number) {
  return reply
    .header('Cache-Control', `${caller.isGuest ? 'public' : 'private'}, max-age=${maxAgeSeconds}`)
    .header('Vary', 'Cookie');
}
