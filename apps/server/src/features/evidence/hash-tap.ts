import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A pass-through stream that hashes and counts what goes through it, for a download route to put between the
 * clip and the reply: `source.pipe(tap.stream).pipe(reply.raw)` (or `reply.send(source.pipe(tap.stream))`), then
 * `evidence.complete(id, tap.result())` once the reply has finished. The hash is of exactly the bytes sent.
 */
export function createHashTap(): { stream: Transform; result(): { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  let digest: string | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return {
    stream,
    result() {
      digest ??= hash.digest('hex');
      return { sha256: digest, bytes };
    },
  };
}
