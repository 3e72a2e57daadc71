import { useId } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useCamerasOf } from '../../../shared/cameras/visible-cameras.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useTimeZone } from '../../../shared/session/time-zone.ts';
import { dayOf, timeOf } from '../../../shared/time/zoned.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, inputClass, secondaryButton } from '../../../shared/ui/styles.ts';
import { useRotateSecret, useSetTillCamera, useTakeawaySettings } from '../api/settings.ts';
import { useTakeawayAccount } from '../use-account.ts';
import '../../../shared/i18n/orders.texts.ts';

/** /settings for a takeaway's end users: the till camera and the point of sale's webhook (decisions 0840, 0841). */
export function TakeawaySettingsPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('orders.settings.title'), brand.name);
  const { uid } = useTakeawayAccount();
  const settings = useTakeawaySettings(uid);
  const cameras = useCamerasOf(uid);
  const setTill = useSetTillCamera(uid);
  const tillId = useId();
  return (
    <section className="mx-auto w-full max-w-[800px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('orders.settings.title')}</h1>
      {settings.isError && <FormError message={errorText(settings.error, t)} />}
      {settings.data && (
        <div className="mt-4 space-y-8">
          <div>
            <label htmlFor={tillId} className="block text-sm font-medium text-neutral-800">
              {t('orders.settings.till')}
            </label>
            <select
              id={tillId}
              className={inputClass}
              value={settings.data.tillCamera ?? ''}
              aria-describedby={`${tillId}-hint`}
              disabled={setTill.isPending}
              onChange={(e) => setTill.mutate(e.target.value || null)}
            >
              <option value="">{t('orders.settings.noTill')}</option>
              {(cameras.data ?? []).map((c) => (
                <option key={c.uidd} value={c.uidd}>
                  {c.name}
                </option>
              ))}
            </select>
            <p id={`${tillId}-hint`} className="mt-1 text-sm text-neutral-600">
              {t('orders.settings.tillHint')}
            </p>
            {setTill.isError && <FormError message={errorText(setTill.error, t)} />}
            <StatusMessage message={setTill.isSuccess ? t('orders.settings.saved') : undefined} />
          </div>
          <Webhook uid={uid} path={settings.data.webhookPath} since={settings.data.secretCreatedAt} />
        </div>
      )}
    </section>
  );
}

function Webhook({ uid, path, since }: { uid: string; path: string; since: number | null }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const rotate = useRotateSecret(uid);
  return (
    <div>
      <h2 className="text-lg font-semibold">{t('orders.settings.webhook')}</h2>
      <p className="mt-1 text-sm text-neutral-700">{t('orders.settings.webhookHint')}</p>
      <p className="mt-2 break-all rounded-md bg-neutral-100 p-2 font-mono text-sm" data-testid="webhook-url">
        POST {location.origin}
        {path}
      </p>
      <p className="mt-2">
        {since === null
          ? t('orders.settings.noSecret')
          : t('orders.settings.secretSince', { day: dayOf(since, tz), time: timeOf(since, tz) })}
      </p>
      <button
        type="button"
        className={`${fit(secondaryButton)} mt-2`}
        disabled={rotate.isPending}
        onClick={() => rotate.mutate()}
      >
        {t('orders.settings.rotate')}
      </button>
      {rotate.isError && <FormError message={errorText(rotate.error, t)} />}
      {rotate.data && (
        <div role="status" className="mt-2">
          <p>{t('orders.settings.newSecret')}</p>
          <code
            className="mt-1 block break-all rounded-md bg-neutral-100 p-2 text-sm"
            data-testid="webhook-secret"
          >
            {rotate.data.secret}
          </code>
        </div>
      )}
    </div>
  );
}
