import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSessionActions } from '../../../shared/session/actions.tsx';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { PasswordField } from '../../../shared/ui/PasswordField.tsx';
import { linkClass, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { login } from '../api/login.ts';

/**
 * Sign-in (spec 000 §2): password, the demo entry, and single sign-on where the brand allows. Once signed in,
 * the route's redirect-if-logged-in rule sends the user on (to the origin route carried in state first).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const actions = useSessionActions();
  // Plain state, not a query mutation: the sign-in page loads without the query cache (decision 0860).
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      email: email.trim() ? undefined : t('auth.emailRequired'),
      password: password ? undefined : t('auth.passwordRequired'),
    };
    setProblems(next);
    if (next.email || next.password) return;
    setPending(true);
    setFailure(undefined);
    try {
      actions.signedIn(await login({ email: email.trim(), password }, remember), remember);
    } catch (err) {
      setFailure(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title={t('auth.signInTitle', { brand: brand.name })}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problems.email}
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problems.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="h-4 w-4 accent-[var(--color-accent)]"
            />
            {t('auth.rememberMe')}
          </label>
          <Link to={paths.forgotPassword} className={linkClass}>
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <FormError message={failure ? errorText(failure, t) : undefined} />
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? t('auth.signingIn') : t('auth.signIn')}
        </button>
      </form>
      <div className="my-5 flex items-center gap-3 text-sm text-neutral-500" aria-hidden="true">
        <span className="h-px flex-1 bg-neutral-200" />
        {t('auth.orContinueWith')}
        <span className="h-px flex-1 bg-neutral-200" />
      </div>
      <div className="space-y-2">
        {brand.ssoProviders.map((p) => (
          <a key={p} href={`/sso/${encodeURIComponent(p)}/start`} className={secondaryButton}>
            {t('auth.ssoWith', { provider: brand.ssoProviderNames?.[p] ?? p })}
          </a>
        ))}
        <Link to={paths.demo} className={secondaryButton}>
          {t('auth.tryDemo')}
        </Link>
      </div>
      {brand.canRegister && (
        <p className="mt-6 text-center text-sm text-neutral-700">
          {t('auth.noAccount')}{' '}
          <Link to={paths.register} className={linkClass}>
            {t('auth.createAccount')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
