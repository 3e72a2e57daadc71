import { PASSWORD_MIN_LENGTH, passwordLength } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { PasswordField } from '../../../shared/ui/PasswordField.tsx';
import { linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useResetPassword } from '../api/reset-password.ts';

/** Reset password from the e-mailed link (?uid&v): a new password with the strength meter. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const uid = search.get('uid') ?? '';
  const v = search.get('v') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      password:
        passwordLength(password) < PASSWORD_MIN_LENGTH
          ? t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
          : undefined,
      confirm: confirm === password ? undefined : t('auth.passwordsDiffer'),
    };
    setProblems(next);
    if (!next.password && !next.confirm) reset.mutate({ uid, v, newpass: password });
  }

  let body: React.ReactNode;
  if (!uid || !v) body = <FormError message={t('auth.invalidLink')} />;
  else if (reset.isSuccess)
    body = (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
        {t('auth.passwordChanged')}
      </p>
    );
  else
    body = (
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordField
          label={t('auth.newPassword')}
          name="password"
          autoComplete="new-password"
          required
          meter
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problems.password}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={problems.confirm}
        />
        <FormError message={reset.error ? errorText(reset.error, t) : undefined} />
        <button type="submit" disabled={reset.isPending} className={primaryButton}>
          {reset.isPending ? t('auth.saving') : t('auth.setPassword')}
        </button>
      </form>
    );
  return (
    <AuthCard title={t('auth.resetTitle')}>
      {body}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.signIn} className={linkClass}>
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
