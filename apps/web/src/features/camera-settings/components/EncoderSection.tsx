import { ApiRequestError } from '../../../shared/api/client.ts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useSaveStreamConfig, useStreamEncoders } from '../api/stream-encoders.ts';
import { EncoderForm } from './EncoderForm.tsx';
import { Section } from './Section.tsx';
import '../../../shared/i18n/settings.texts.ts';

/**
 * The camera's video streams as its encoders send them (GET /cameras/stream/encoders, PATCH
 * /cameras/stream/config; decisions 0714, 0852). Shown to those with the camera-settings right only: reading them
 * asks the camera. A camera without ONVIF says why nothing can be changed here.
 */
export function EncoderSection({ uidd, canChange }: { uidd: string; canChange: boolean }) {
  const { t } = useTranslation();
  const encoders = useStreamEncoders(uidd, canChange);
  const save = useSaveStreamConfig();
  if (!canChange) return null;
  const err = encoders.error;
  return (
    <Section title={t('encoders.title')}>
      <p className="text-sm text-neutral-600">{t('encoders.help')}</p>
      {encoders.isPending && <p className="text-sm text-neutral-600">{t('app.loading')}</p>}
      {err &&
        (err instanceof ApiRequestError && err.code === 'stream_unsupported' ? (
          <p className="rounded-md bg-neutral-100 p-2 text-sm">
            {t('encoders.unsupported', { reason: err.message })}
          </p>
        ) : (
          <FormError message={errorText(err, t)} />
        ))}
      {encoders.data && (
        <>
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">{t('encoders.restartNote')}</p>
          {(['main', 'sd'] as const).map((stream) => {
            const encoder = encoders.data.encoders[stream];
            if (!encoder) return null;
            return (
              <EncoderForm
                key={stream}
                stream={stream}
                encoder={encoder}
                canChange={canChange}
                onSave={(changes) => save.mutateAsync({ uidd, settings: { stream, ...changes } })}
              />
            );
          })}
        </>
      )}
    </Section>
  );
}
