import '../../../shared/i18n/billing.texts.ts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { useConsents, useSetConsents } from '../api/consents.ts';

export type ConsentKind = 'aiTraining' | 'partnerDemo';

/**
 * /manage-plan/ai-training and /manage-plan/demo-consent (spec 000 §2, main brand; decision 0743): the account's
 * consent to let its footage train our models, or its cameras be shown in partner demos. Off until chosen.
 */
export function ConsentPage({ kind }: { kind: ConsentKind }) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const title = t(kind === 'aiTraining' ? 'routes.aiTraining' : 'routes.demoConsent');
  usePageTitle(title, brand.name);
  const uid = useSession()?.uid ?? '';
  const current = useConsents(uid);
  const save = useSetConsents(uid);
  // The choice being made; until the account picks, the stored one.
  const [picked, setChoice] = useState<boolean | undefined>(undefined);
  const choice = picked ?? current.data?.[kind];
  const name = `consent-${kind}`;
  return (
    <section
      className="mx-auto w-full max-w-[720px] space-y-4 px-4 py-6 sm:px-6"
      aria-labelledby="consent-title"
    >
      <h1 id="consent-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="text-neutral-800">{t(`billing.consent.${kind}.text`)}</p>
      {current.error && <FormError message={errorText(current.error, t)} />}
      {current.data && (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (choice !== undefined) save.mutate({ [kind]: choice });
          }}
        >
          <fieldset className="space-y-2 rounded-xl border border-neutral-200 bg-white p-4">
            <legend className="px-1 font-medium">{t(`billing.consent.${kind}.question`)}</legend>
            {([true, false] as const).map((v) => (
              <label key={String(v)} className="flex items-start gap-2">
                <input
                  type="radio"
                  name={name}
                  className="mt-1"
                  checked={choice === v}
                  onChange={() => setChoice(v)}
                />
                <span>{t(`billing.consent.${kind}.${v ? 'yes' : 'no'}`)}</span>
              </label>
            ))}
          </fieldset>
          <FormError message={save.error ? errorText(save.error, t) : undefined} />
          <button type="submit" className={fit(primaryButton)} disabled={save.isPending}>
            {t('billing.consent.save')}
          </button>
          <p role="status" className="text-sm text-neutral-700">
            {save.isSuccess ? t('billing.consent.saved') : ''}
          </p>
        </form>
      )}
    </section>
  );
}
