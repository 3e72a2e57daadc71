/**
 * Camera credentials never reach a log line. Two layers: any `scheme://user:password@` is masked whatever the
 * URL, and the secrets a stream knows (its password, raw and URL-decoded) are masked wherever they appear, since
 * ffmpeg may echo them in other shapes (an error message quoting the decoded password, an auth header).
 */
const USERINFO = /([a-z][a-z0-9+.-]*:\/\/)([^/\s:@]*):([^/\s@]*)@/gi;

export function redactUrl(text: string): string {
  return text.replace(USERINFO, (_m, scheme: string, user: string) => `${scheme}${user}:***@`);
}

/** The strings to mask for a camera URL: its password, raw and decoded (empty when it has none). */
export function secretsOf(url: string): string[] {
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    const m = /:\/\/[^/\s:@]*:([^/\s@]*)@/.exec(url);
    password = m?.[1] ?? '';
  }
  if (!password) return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: the raw form is all there is.
  }
  return [...new Set([password, decoded])].filter((s) => s.length > 0);
}

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = redactUrl(text);
  for (const s of secrets) {
    if (s.length > 0) out = out.split(s).join('***');
  }
  return out;
}
