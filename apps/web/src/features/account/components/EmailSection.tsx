import { type FormEvent, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { PasswordField } from '../../../shared/ui/PasswordField.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { primaryButton } from '../../../shared/ui/styles.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Change the sign-in address; the password is asked again, so an unlocked screen is not enough. An address not
 * confirmed yet (decision 0009) is said so here, with a way to get a new link.
 */
export function EmailSection({ uid, email, verified }: { uid: string; email: string; verified: boolean }) {
  const { t } = useTranslation();
  const change = useChangeEmail(uid);
  const resend = useResendConfirmation(uid);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = newEmail.trim();
    const next = {
      email: !trimmed ? t('auth.emailRequired') : EMAIL.test(trimmed) ? undefined : t('auth.emailInvalid'),
      password: password ? undefined : t('auth.passwordRequired'),
    };
    setProblems(next);
    if (next.email || next.password) return;
    change.mutate(
      { newEmail: trimmed, password },
      {
        onSuccess: () => {
          setNewEmail('');
          setPassword('');
        },
      },
    );
  }

  return (
    <AccountSection title={t('account.email.title')} intro={t('account.email.current', { email })}>
      {!verified && (
        <div className="mb-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{t('account.email.unconfirmed')}</p>
          <button
            type="button"
            className={`${primaryButton} sm:w-auto`}
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t('account.email.resend')}
          </button>
          <FormError message={resend.error ? errorText(resend.error, t) : undefined} />
          <StatusMessage message={resend.isSuccess ? t('account.email.resent', { email }) : undefined} />
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label={t('account.email.new')}
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          error={problems.email}
        />
        <PasswordField
          label={t('account.currentPassword')}
          name="emailPassword"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problems.password}
        />
        <FormError message={change.error ? errorText(change.error, t) : undefined} />
        <StatusMessage
          message={change.isSuccess ? t('account.email.changed', { email: change.data.email }) : undefined}
        />
        <button type="submit" disabled={change.isPending} className={`${primaryButton} sm:w-auto`}>
          {change.isPending ? t('auth.saving') : t('account.email.submit')}
        </button>
      </form>
    </AccountSection>
  );
}
