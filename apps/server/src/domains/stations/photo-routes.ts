import { createReadStream } from 'node:fs';
import { station } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../../http/calls.ts';
import type { PhotoStore } from './photo-store.ts';

/**
 * The photo upload (multipart, outside the JSON calls) and the GET that serves a photo. The GET
 * takes no token: an <img> cannot send one, and the unguessable 128-bit id is the capability —
 * whoever was given a station's photo_url may see that photo, nobody can list or guess others.
 */
export function photoRoutes(
  app: FastifyInstance,
  calls: CallRegistry,
  store: PhotoStore,
  options: { prefix: string; photoUrl: (photoId: string) => string },
): void {
  calls.upload(station.photo, async ({ bytes, caller }) => {
    const photoId = await store.save(bytes, caller.userId);
    return { photo_id: photoId, photo_url: options.photoUrl(photoId) };
  });

  app.get<{ Params: { photoId: string } }>(`${options.prefix}photos/:photoId`, async (request, reply) => {
    const photo = await store.find(request.params.photoId);
    if (!photo) return reply.status(404).type('text/plain').send('Not found');
    return (
      reply
        .type(photo.contentType)
        .header('content-length', String(photo.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        // shown by <img> of a web app that may be hosted on another origin than the API (API_BASE)
        .header('cross-origin-resource-policy', 'cross-origin')
        // a photo id never changes content, so it can be cached for a year
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(photo.file))
    );
  });
}
