import { readdirSync, readFileSync } from 'node:fs';

/**
 * What `ps` shows any local user: every process's command line, read from /proc (decision 0215). Tests check that
 * no camera password appears in one.
 */
export function processCommandLines(): string[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        return ''; // the process ended meanwhile
      }
    });
}
