import {
  SUPPORT_ACCESS_DEFAULT_HOURS,
  SUPPORT_ACCESS_HOURS,
  type SupportAccessHours,
} from '@vigil/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import type { TFunction } from '../../../shared/i18n/translator.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { durationText } from '../activity-text.ts';
import { useGrantSupportAccess } from '../api/grant-support-access.ts';
import { useRevokeSupportAccess } from '../api/revoke-support-access.ts';
import { useSupportAccess } from '../api/support-access.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** The section's title and intro: the user's own account, or one they co-own. */
const sectionText = (t: TFunction, organisation: string | undefined) =>
  organisation
    ? {
        title: t('account.supportAccess.titleFor', { name: organisation }),
        intro: t('account.supportAccess.introFor'),
      }
    : { title: t('account.supportAccess.title'), intro: t('account.supportAccess.intro') };

/**
 * Support access (decision 0017): support sees the account's pictures and video only while the owner (or a
 * co-owner: `organisation` names the account then) allows it, for a chosen while; they see until when and can
 * revoke it at once.
 */
export function SupportAccessSection({ uid, organisation }: { uid: string; organisation?: string }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const access = useSupportAccess(uid);
  const grant = useGrantSupportAccess(uid);
  const revoke = useRevokeSupportAccess(uid);
  const [hours, setHours] = useState<SupportAccessHours>(SUPPORT_ACCESS_DEFAULT_HOURS);
  const [note, setNote] = useState<string>();
  const when = (ms: number) => formatDateTime(ms, i18n.language, zone);
  const active = access.data?.active === true && access.data.expiresAt !== null;
  const busy = grant.isPending || revoke.isPending;
  const failure = access.error ?? grant.error ?? revoke.error;

  return (
    <AccountSection {...sectionText(t, organisation)}>
      {access.isPending ? (
        <p className="text-neutral-600">{t('app.loading')}</p>
      ) : (
        <div className="space-y-4">
          <p
            className={active ? 'font-medium text-amber-800' : 'text-neutral-700'}
            data-testid="support-access-state"
          >
            {active && access.data?.expiresAt
              ? t('account.supportAccess.active', { when: when(access.data.expiresAt) })
              : t('account.supportAccess.inactive')}
          </p>
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              setNote(undefined);
              grant.mutate(hours, {
                onSuccess: (a) =>
                  setNote(
                    a.expiresAt ? t('account.supportAccess.granted', { when: when(a.expiresAt) }) : undefined,
                  ),
              });
            }}
          >
            <SelectField
              label={t('account.supportAccess.duration')}
              className="sm:w-48"
              value={hours}
              onChange={(e) => setHours(Number(e.target.value) as SupportAccessHours)}
            >
              {SUPPORT_ACCESS_HOURS.map((h) => (
                <option key={h} value={h}>
                  {durationText(h, t)}
                </option>
              ))}
            </SelectField>
            <button type="submit" className={fit(primaryButton, 'w-full sm:w-auto')} disabled={busy}>
              {active ? t('account.supportAccess.extend') : t('account.supportAccess.grant')}
            </button>
            {active && (
              <button
                type="button"
                className={fit(secondaryButton, 'w-full sm:w-auto')}
                disabled={busy}
                onClick={() => {
                  setNote(undefined);
                  revoke.mutate(undefined, { onSuccess: () => setNote(t('account.supportAccess.revoked')) });
                }}
              >
                {t('account.supportAccess.revoke')}
              </button>
            )}
          </form>
        </div>
      )}
      <StatusMessage message={note} />
      <FormError message={failure ? errorText(failure, t) : undefined} />
    </AccountSection>
  );
}
