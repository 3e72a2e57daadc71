import { useSession } from './store.ts';

/** The browser's IANA time zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone times are shown in: the account's choice on /account, else the browser's. */
export const useTimeZone = (): string => useSession()?.timezone ?? browserTimeZone();

/** A date and time for people, in their language and zone. */
export const formatDateTime = (ms: number, language: string, timeZone: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
