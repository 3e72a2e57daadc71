import '../../../shared/i18n/partners.texts.ts';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../shared/api/error-text.ts';
import { camerasQuery } from '../../../shared/cameras/list-cameras.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { smallButton } from '../../../shared/ui/styles.ts';
import { useReprobeCamera } from '../api/support-activity.ts';
import { cardList, cardRow } from './Page.tsx';

/** Support's tool: probe one of the account's cameras again and show what it answers (decision 0721). */
export function ReprobeCamera({ uid }: { uid: string }) {
  const { t } = useTranslation();
  // Support sees an account's cameras (not their pictures): the same list every screen reads.
  const cameras = useQuery(camerasQuery([uid]));
  const probe = useReprobeCamera();
  const installed = (cameras.data ?? []).filter((c) => !c.uninstalled);
  const r = probe.data;
  const nameOf = (uidd: string) => installed.find((c) => c.uidd === uidd)?.name ?? uidd;
  if (installed.length === 0) return null;
  return (
    <div className="space-y-2">
      <ul className={cardList} aria-label={t('support.probe.cameras')}>
        {installed.map((c) => (
          <li key={c.uidd} className={cardRow}>
            <span className="min-w-0 break-all">{c.name}</span>
            <button
              type="button"
              className={smallButton}
              disabled={probe.isPending}
              aria-label={t('support.probe.runOn', { name: c.name })}
              onClick={() => probe.mutate(c.uidd)}
            >
              {t('support.probe.run')}
            </button>
          </li>
        ))}
      </ul>
      {(probe.isPending || r) && (
        <p role="status" className="text-sm">
          {probe.isPending
            ? t('support.probe.running', { name: nameOf(probe.variables) })
            : r?.ok
              ? t('support.probe.ok', {
                  name: nameOf(r.uidd),
                  codec: r.videoCodec,
                  size: r.width && r.height ? `${r.width}×${r.height}` : '?',
                  fps: r.frameRate ?? '?',
                })
              : r &&
                t('support.probe.failed', {
                  name: nameOf(r.uidd),
                  kind: t(`support.probe.kind.${r.kind}`),
                  detail: r.detail,
                })}
        </p>
      )}
      <FormError message={probe.error ? errorText(probe.error, t) : undefined} />
    </div>
  );
}
