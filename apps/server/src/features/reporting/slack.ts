import type { WebErrorReportsTable } from '@vigil/db';

/** Secrets that must not reach a chat channel even if a browser failed to redact them. */
const SECRETS = [
  /([?&](?:token|authToken|auth_token|loginToken|managementToken|access_token|id_token|v|newpass|password)=)[^&#\s]*/gi,
  /\bey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g,
];

export function redactSecrets(text: string): string {
  return SECRETS.reduce(
    (t, r) => t.replace(r, (_m, p1?: string) => `${typeof p1 === 'string' ? p1 : ''}[redacted]`),
    text,
  );
}

/** The Slack incoming-webhook message for one report: short, with the first lines of the trace. */
export function slackMessage(r: WebErrorReportsTable): { text: string } {
  const trace = r.trace.split('\n').slice(0, 6).join('\n');
  const lines = [
    `*Web error* from ${r.identifier} (${r.uid})`,
    `> ${r.message}`,
    `${r.href}`,
    r.info ? `_${r.info}_` : '',
    trace ? `\`\`\`${trace}\`\`\`` : '',
  ].filter(Boolean);
  return { text: redactSecrets(lines.join('\n')).slice(0, 3_500) };
}

export type PostJson = (url: string, body: unknown) => Promise<void>;

/** POSTs JSON with a 5 s time limit; a non-2xx answer is a failure. */
export const postJson: PostJson = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
};
