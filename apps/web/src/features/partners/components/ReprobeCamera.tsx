import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { fit, secondaryButton } from '../../../shared/ui/styles.ts';
import { useReprobeCamera } from '../api/support-activity.ts';

/** Support's tool: probe one camera of the account again (its id, owner.device) and show what it answers. */
export function ReprobeCamera({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const probe = useReprobeCamera();
  const [device, setDevice] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = device.trim();
    if (d) probe.mutate(d.includes('.') ? d : `${uid}.${d}`);
  };
  const r = probe.data;
  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          className="min-w-0 flex-1"
          label={t('support.probe.camera')}
          name="camera"
          value={device}
          onChange={(e) => setDevice(e.target.value)}
        />
        <button type="submit" className={fit(secondaryButton)} disabled={probe.isPending}>
          {t('support.probe.run')}
        </button>
      </div>
      {(probe.isPending || r) && (
        <p role="status" className="text-sm">
          {probe.isPending
            ? t('support.probe.running')
            : r?.ok
              ? t('support.probe.ok', {
                  codec: r.videoCodec,
                  size: r.width && r.height ? `${r.width}×${r.height}` : '?',
                  fps: r.frameRate ?? '?',
                })
              : r && t('support.probe.failed', { kind: t(`support.probe.kind.${r.kind}`), detail: r.detail })}
        </p>
      )}
      <FormError message={probe.error ? errorText(probe.error, t) : undefined} />
    </form>
  );
}
