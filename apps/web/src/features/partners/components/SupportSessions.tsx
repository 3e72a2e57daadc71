import '../../../shared/i18n/partners.texts.ts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { smallButton } from '../../../shared/ui/styles.ts';
import { useAccountSessions, useEndAccountSession } from '../api/support-activity.ts';
import { Block, cardList, cardRow } from './Page.tsx';

/**
 * The account's live sign-ins as support sees them; support can end one (the owner reads it in their log). With
 * `region`, another region's account: read only (ending one is that region's support screens', decision 0883).
 */
export function SupportSessions({ uid, region }: { uid: string; region?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const sessions = useAccountSessions(uid, region);
  const end = useEndAccountSession(uid);
  const live = (sessions.data ?? []).filter((s) => s.endedAt === undefined);
  const when = (ms: number) => formatDateTime(ms, i18n.language, zone);
  return (
    <Block title={t('support.sessions.title')} id="support-sessions">
      <FormError message={sessions.error ? errorText(sessions.error, t) : undefined} />
      {sessions.isSuccess && live.length === 0 && (
        <p className="text-neutral-600">{t('support.sessions.none')}</p>
      )}
      {live.length > 0 && (
        <ul className={cardList} aria-label={t('support.sessions.title')}>
          {live.map((s) => {
            const device = s.device ?? s.userAgent ?? t('support.sessions.unknown');
            return (
              <li key={s.seriesId} className={cardRow}>
                <div className="min-w-0">
                  <p className="break-all font-medium">{device}</p>
                  <p className="text-sm text-neutral-600">
                    {[s.clientIp, t('support.sessions.lastUsed', { when: when(s.lastUsedAt) })]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                {!region && (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={end.isPending}
                    aria-label={t('support.sessions.endWhich', { device })}
                    onClick={() => end.mutate(s.seriesId)}
                  >
                    {t('support.sessions.end')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FormError message={end.error ? errorText(end.error, t) : undefined} />
    </Block>
  );
}
