import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useRequestPasswordReset } from '../api/lost-password.ts';

/** Forgot password: asks for a reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const p = email.trim() ? undefined : t('auth.emailRequired');
    setProblem(p);
    if (!p) request.mutate(email.trim());
  }

  return (
    <AuthCard title={t('auth.forgotTitle')}>
      {request.isSuccess ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          {t('auth.linkSent', { email: request.variables })}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-neutral-700">{t('auth.forgotHelp')}</p>
          <Field
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problem}
          />
          <FormError message={request.error ? errorText(request.error, t) : undefined} />
          <button type="submit" disabled={request.isPending} className={primaryButton}>
            {request.isPending ? t('auth.sending') : t('auth.sendLink')}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.signIn} className={linkClass}>
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
