import { PASSWORD_MIN_LENGTH, passwordLength } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { PasswordField } from '../../../shared/ui/PasswordField.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { primaryButton } from '../../../shared/ui/styles.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** Change the password; every other session of the account ends, and the page says so. */
export function PasswordSection({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const change = useChangePassword(uid);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ current?: string; next?: string; confirm?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      current: current ? undefined : t('auth.passwordRequired'),
      next:
        passwordLength(next) < PASSWORD_MIN_LENGTH
          ? t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
          : undefined,
      confirm: confirm === next ? undefined : t('auth.passwordsDiffer'),
    };
    setProblems(found);
    if (found.current || found.next || found.confirm) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  }

  return (
    <AccountSection title={t('account.password.title')} intro={t('account.password.intro')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label={t('account.currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={problems.current}
        />
        <PasswordField
          label={t('auth.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          required
          meter
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={problems.next}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={problems.confirm}
        />
        <FormError message={change.error ? errorText(change.error, t) : undefined} />
        <StatusMessage message={change.isSuccess ? t('account.password.changed') : undefined} />
        <button type="submit" disabled={change.isPending} className={`${primaryButton} sm:w-auto`}>
          {change.isPending ? t('auth.saving') : t('account.password.submit')}
        </button>
      </form>
    </AccountSection>
  );
}
