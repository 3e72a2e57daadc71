import { CAMERA_STATUS_DEBOUNCE_MS, type NotificationSettings } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { useNotificationConfig, useSaveNotifications } from '../api/notification-settings.ts';
import { subscribeThisDevice } from '../api/push-subscription.ts';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

const EVENTS = ['onlineOffline', 'analytics', 'ruleAlerts'] as const;
const CHANNELS = ['email', 'push'] as const;
type Key = keyof NotificationSettings;

/**
 * The signed-in person's notifications for this camera (decision 0707): events and channels, each saved as it
 * changes (push subscribes this browser first, decision 0713) (a submit, so the demo's modal stops it); what their level may not receive is shown off and disabled.
 */
export function NotificationsSection({ uidd }: { uidd: string }) {
  const { t } = useTranslation();
  const config = useNotificationConfig(uidd);
  const save = useSaveNotifications(uidd);
  const feedback = useFeedback();
  // Bumped after a refusal: the form is keyed by it and the saved settings, so the boxes show what is saved.
  const [attempt, setAttempt] = useState(0);
  if (!config.data) return null;
  const { settings, allowed } = config.data;
  const mayReceive = (k: Key) =>
    k === 'onlineOffline'
      ? allowed.onlineOffline
      : k === 'analytics' || k === 'ruleAlerts'
        ? allowed.analytics
        : true;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const key = new FormData(form).get('changed') as Key;
    const box = form.elements.namedItem(key) as HTMLInputElement;
    // Push on: this browser subscribes first (permission asked on this click), so a refusal saves nothing.
    const subscribe = key === 'push' && box.checked ? subscribeThisDevice : async () => {};
    void feedback
      .run(async () => {
        await subscribe();
        await save.mutateAsync({ [key]: box.checked });
      })
      .then((ok) => ok || setAttempt((n) => n + 1));
  };
  const box = (k: Key) => (
    <label key={k} className="flex min-h-11 items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={k}
        className="h-5 w-5"
        defaultChecked={settings[k]}
        disabled={!mayReceive(k) || save.isPending}
        onChange={(e) => {
          const form = e.currentTarget.form;
          const hidden = form?.elements.namedItem('changed') as HTMLInputElement | null;
          if (hidden) hidden.value = k;
          form?.requestSubmit();
        }}
      />
      {t(`notificationSettings.${k}`)}
    </label>
  );
  return (
    <Section title={t('notificationSettings.title')}>
      <form key={`${attempt}${JSON.stringify(settings)}`} onSubmit={onSubmit} className="space-y-2">
        <input type="hidden" name="changed" defaultValue="" />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('notificationSettings.events')}</legend>
          {EVENTS.map(box)}
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('notificationSettings.channels')}</legend>
          {CHANNELS.map(box)}
        </fieldset>
        {!(allowed.onlineOffline && allowed.analytics) && (
          <p className="text-sm text-neutral-600">{t('notificationSettings.levelNote')}</p>
        )}
        <p className="text-sm text-neutral-600">
          {t('notificationSettings.deliveryNote', { minutes: CAMERA_STATUS_DEBOUNCE_MS / 60_000 })}
        </p>
        <StatusMessage message={feedback.saved} />
        <FormError message={feedback.error} />
      </form>
    </Section>
  );
}
