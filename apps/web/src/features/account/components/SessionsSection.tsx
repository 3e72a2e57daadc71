import type { ActiveSession } from '@vigil/contracts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { smallButton } from '../../../shared/ui/styles.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/list-sessions.ts';
import { deviceParts } from '../device-label.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/**
 * The account's live sign-ins, this device first and marked; any other can be ended from here. Sessions the
 * server ended because a stolen copy of their token was used come last, with a warning (decision 0009).
 */
export function SessionsSection({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const sessions = useSessions(uid);
  const end = useEndSession(uid);
  const when = (ms: number) => formatDateTime(ms, i18n.language, zone);
  const label = (s: ActiveSession) => {
    if (s.device) return s.device;
    const { browser, os } = deviceParts(s.userAgent);
    if (browser && os) return t('account.sessions.browserOn', { browser, os });
    return browser ?? os ?? t('account.sessions.unknownDevice');
  };
  const all = sessions.data ?? [];
  const list = all
    .filter((s) => !s.endedReason)
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt - a.lastUsedAt);
  const ended = all.filter((s) => s.endedReason === 'token_replay');

  return (
    <AccountSection title={t('account.sessions.title')} intro={t('account.sessions.intro')}>
      {sessions.isPending ? (
        <p className="text-neutral-600">{t('app.loading')}</p>
      ) : sessions.isError ? (
        <FormError message={errorText(sessions.error, t)} />
      ) : (
        <ul className="divide-y divide-neutral-200" aria-label={t('account.sessions.title')}>
          {list.map((s) => (
            <li key={s.seriesId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {label(s)}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-accent/10 px-2 py-0.5 text-xs font-medium text-accent-ink">
                      {t('account.sessions.current')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-neutral-600">
                  {[
                    s.clientIp,
                    t('account.sessions.lastUsed', { when: when(s.lastUsedAt) }),
                    t('account.sessions.started', { when: when(s.createdAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className={smallButton}
                  disabled={end.isPending && end.variables === s.seriesId}
                  onClick={() => end.mutate(s.seriesId)}
                  aria-label={t('account.sessions.endWhich', { device: label(s), when: when(s.lastUsedAt) })}
                >
                  {t('account.sessions.end')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {ended.length > 0 && (
        <div
          role="alert"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-medium">{t('account.sessions.replayTitle')}</p>
          <ul className="mt-1 list-disc pl-5" aria-label={t('account.sessions.replayTitle')}>
            {ended.map((s) => (
              <li key={s.seriesId}>
                {t('account.sessions.replayed', {
                  device: label(s),
                  ip: s.clientIp ?? '?',
                  when: when(s.endedAt ?? s.lastUsedAt),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1">{t('account.sessions.replayAdvice')}</p>
        </div>
      )}
      <FormError message={end.error ? errorText(end.error, t) : undefined} />
    </AccountSection>
  );
}
