import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than its headers cost (decision 0760). */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON, text (not event streams), JavaScript and SVG; media, images and streams are already compressed. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|javascript|^image\/svg\+xml/u;

/**
 * Brotli or gzip, as the request's Accept-Encoding asks, for API answers over COMPRESS_MIN_BYTES (decision 0760).
 * The web app's built files are compressed once at build time and served as they are (features/web/static.ts):
 * an answer that already carries a Content-Encoding is left alone.
 */
export async function useCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
