import type { FastifyInstance } from 'fastify';

/** A year: HSTS as browsers' preload lists expect it. */
const HSTS_MAX_AGE_SEC = 31_536_000;

/**
 * The Content-Security-Policy of every answer (decision 0014). Scripts only from this origin's files (the build
 * inlines none); media and workers also from `blob:` (hls.js and mpegts.js feed MediaSource through blob URLs and
 * run their demuxers in workers); WebSockets for live; media and calls to any web origin (recorder hosts).
 * `otherOrigins` are the configured video, auth and regional services, and the deployment's recorders (decision
 * 0601: a camera's stills are served by its recorder), whose images the web app shows.
 */
export function contentSecurityPolicy(otherOrigins: string[]): string {
  const others = [...new Set(otherOrigins.map((u) => new URL(u).origin))];
  const from = (...sources: string[]) => [...sources, ...others].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React's style props are set through the DOM (allowed); Radix injects small <style> elements (scroll lock).
    "style-src 'self' 'unsafe-inline'",
    `img-src ${from("'self'", 'data:', 'blob:')}`,
    // A camera's clips come from its logger host, any recorder of the deployment (event clips, decision 0453):
    // media from any web origin. Media cannot run script; scripts stay this origin's only.
    "media-src 'self' blob: https: http:",
    "worker-src 'self' blob:",
    // The same for calls: a snapshot of a clip from another host fetches it (its frames taint a canvas), and
    // events are deleted on their logger host.
    "connect-src 'self' ws: wss: https: http:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Browser security headers on every answer, the web app, API JSON, media and errors alike: no framing, no content
 * sniffing, no referrer (the share page's path holds its token), and HSTS when the request came over TLS (behind a
 * proxy only if TRUST_PROXY lets us believe its X-Forwarded-Proto).
 */
export function useSecurityHeaders(
  app: FastifyInstance,
  otherOrigins: string[],
  /**
   * The deployment's recorders as they come and go (decision 0601: stills are served by a camera's recorder), read
   * per answer (the list is cached by its owner); the policy is rebuilt only when they change.
   */
  recorderOrigins?: () => Promise<readonly string[]>,
): void {
  let csp = contentSecurityPolicy(otherOrigins);
  let recorders = '';
  app.addHook('onRequest', async (req, reply) => {
    if (recorderOrigins) {
      const now = await recorderOrigins();
      const key = now.join(' ');
      if (key !== recorders) {
        recorders = key;
        csp = contentSecurityPolicy([...otherOrigins, ...now]);
      }
    }
    reply
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-opener-policy', 'same-origin');
    // req.protocol reads X-Forwarded-Proto only when trustProxy is on.
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SEC}; includeSubDomains`);
    }
  });
}
