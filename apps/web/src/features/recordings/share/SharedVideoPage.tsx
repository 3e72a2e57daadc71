import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import type { PlayerFault } from '../../../shared/player/engines.ts';
import { VideoPlayer } from '../../../shared/player/VideoPlayer.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { storeReturnPath } from '../../../shared/session/return-path.ts';
import { useSession } from '../../../shared/session/store.ts';
import { browserTimeZone, dayOf, timeOf } from '../../../shared/time/zoned.ts';
import { linkClass } from '../../../shared/ui/styles.ts';
import { recordingKeys } from '../api/keys.ts';
import { shareMetadata, verifyShare } from '../api/verify-share.ts';
import { hlsUrl, mp4Url } from '../api/video-urls.ts';
import '../../../shared/i18n/recordings.texts.ts';

/** Which message a failed link shows (spec 001 §8: expired, invalid, unauthorised, missing video). */
export type SharedProblem = 'expired' | 'invalid' | 'unauthorised' | 'missingVideo' | 'generic';

export function problemOf(e: unknown): SharedProblem {
  if (!(e instanceof ApiRequestError)) return 'generic';
  if (e.code === 'share_expired') return 'expired';
  if (e.code === 'share_invalid') return 'invalid';
  if (e.code === 'share_unauthorised') return 'unauthorised';
  if (e.code === 'share_missing_video' || e.code === 'video_missing') return 'missingVideo';
  return 'generic';
}

/**
 * /shared/:token (spec 000 §2, header and footer layout): checks the link with the visitor's sign-in when there is
 * one, then plays the shared range; otherwise says why it cannot (expired, invalid, not for this visitor, video
 * gone).
 */
export function SharedVideoPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { brand } = useShell();
  usePageTitle(t('recordings.shared.title'), brand.name);
  const session = useSession();
  const authToken = session?.authToken;
  const [fault, setFault] = useState<PlayerFault | undefined>(undefined);
  const link = useQuery({
    queryKey: [...recordingKeys.shared(token), authToken ?? ''],
    queryFn: () => verifyShare(token, authToken),
    retry: false,
  });
  // The link's metadata when verify could not give it (an expired link still says when it expired).
  const meta = useQuery({
    queryKey: [...recordingKeys.shared(token), 'metadata'],
    queryFn: () => shareMetadata(token),
    enabled: link.isError,
    retry: false,
  });
  const tz = browserTimeZone();
  const when = (ms: number) => `${dayOf(ms, tz)} ${timeOf(ms, tz)}`;

  if (link.isPending) return <p className="p-6">{t('app.loading')}</p>;
  if (link.isError) {
    const problem = problemOf(link.error);
    return (
      <section className="mx-auto max-w-xl p-6" aria-labelledby="shared-title">
        <h1 id="shared-title" className="text-xl font-semibold">
          {t('recordings.shared.title')}
        </h1>
        <p role="alert" data-problem={problem} className="mt-3 text-neutral-800">
          {t(`recordings.shared.problems.${problem}`)}
        </p>
        {problem === 'expired' && meta.data?.expiry && (
          <p className="mt-1 text-sm text-neutral-600">
            {t('recordings.shared.expiredOn', { when: when(meta.data.expiry) })}
          </p>
        )}
        {problem === 'unauthorised' && !session && (
          <Link
            to={paths.signIn}
            className={`${linkClass} mt-3 inline-block`}
            onClick={() => storeReturnPath(paths.shared(token))}
          >
            {t('recordings.shared.signIn')}
          </Link>
        )}
      </section>
    );
  }
  const v = link.data;
  const fromMs = v.startSec * 1000;
  const toMs = v.endSec * 1000;
  const missing = fault?.status === 404;
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-3 p-4" aria-labelledby="shared-title">
      <h1 id="shared-title" className="text-xl font-semibold">
        {t('recordings.shared.title')}
      </h1>
      <p className="text-sm text-neutral-600">
        {when(fromMs)} – {timeOf(toMs, tz)} ({tz}) · {t(`recordings.share.${v.access}`)}
        {v.expiry !== null && ` · ${t('recordings.share.expires', { when: when(v.expiry) })}`}
      </p>
      {missing ? (
        <p role="alert" data-problem="missingVideo">
          {t('recordings.shared.problems.missingVideo')}
        </p>
      ) : (
        <VideoPlayer
          url={hlsUrl(v.uidd, fromMs, toMs, token)}
          headers={(): Record<string, string> => (authToken ? { 'x-auth-token': authToken } : {})}
          autoPlay
          fisheye
          snapshotName={`${t('recordings.shared.title')} ${when(fromMs).replace(':', '-')}`}
          onError={(f) => f.fatal && setFault(f)}
          className="aspect-video w-full rounded-lg"
        />
      )}
      {!missing && v.access === 'public' && (
        <a className={linkClass} href={mp4Url(v.uidd, fromMs, toMs, token)} download>
          {t('recordings.shared.download')}
        </a>
      )}
      <p className="text-sm text-neutral-500">
        {v.signedIn ? t('recordings.shared.signedIn') : t('recordings.shared.signedOut')}
      </p>
    </section>
  );
}
