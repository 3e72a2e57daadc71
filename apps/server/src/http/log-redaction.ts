import { redactUrlCredentials } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (the spec puts tokens and new passwords in some URLs). */
const SECRET_PARAMS = /([?&](?:token|newpass|password|v|loginToken|authToken|grant)=)[^&#]*/gi;

/** Paths that carry the auth token as their last segment (spec 001 §7 stills, loaded by <img>). */
const SECRET_PATHS = /^(\/(?:getthumb\/[^/?#]+\/[^/?#]+|getstill\/[^/?#]+\/[^/?#]+)\/)[^/?#]+/i;
/**
 * Secrets in other paths: the token at the end of the spec's stream URL (/stream/{format}/{user}/{camera}/{start}/
 * {end}/{token}) and the grant of a playlist's file URLs (/hls/.../f/{grant}/...; live HLS has it in the query).
 */
const GRANT_PATHS = /^(\/stream(?:\/[^/?#]+){5}\/|\/hls(?:\/[^/?#]+){4}\/f\/)[^/?#]+/;
/** A signed token anywhere else in a path. */
const JWT_IN_PATH = /ey[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** A request URL safe to log: secret query values and path tokens replaced, credentials in embedded URLs removed. */
export function redactRequestUrl(url: string): string {
  return redactUrlCredentials(
    url
      .replace(SECRET_PARAMS, '$1***')
      .replace(SECRET_PATHS, '$1***')
      .replace(GRANT_PATHS, '$1***')
      .replace(JWT_IN_PATH, '***'),
  );
}

/** Fastify's request log line, with the URL redacted. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactRequestUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
