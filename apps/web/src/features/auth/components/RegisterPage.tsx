import { PASSWORD_MIN_LENGTH, passwordLength } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSessionActions } from '../../../shared/session/actions.tsx';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { PasswordField } from '../../../shared/ui/PasswordField.tsx';
import { linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { login } from '../api/login.ts';
import { useRegister } from '../api/register.ts';
import { type RegistrationForm, registrationPayload } from '../registration-payload.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registration (spec 000 §2, §3): the whole payload, then signing in with the new account. */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const actions = useSessionActions();
  const registerCall = useRegister();
  // An invitation link brings its address (/acceptinvite → register?email&inviteid).
  const invited = Boolean(search.get('inviteid') ?? search.get('inviteId'));
  const [form, setForm] = useState<RegistrationForm>({
    email: search.get('email') ?? '',
    password: '',
    subscriberType: search.get('type') === 'installer' ? 'installer' : 'enduser',
    cameraBrand: '',
    marketing: false,
  });
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const [signInError, setSignInError] = useState<unknown>();
  // Set when the sign-in after registering is refused: the address already had an account, and the server
  // answered as for a new one (so nobody learns which addresses exist) and e-mailed its owner.
  const [checkMail, setCheckMail] = useState<string>();
  const set = <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) =>
    setForm((f) => ({ ...f, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      email: !form.email.trim()
        ? t('auth.emailRequired')
        : EMAIL.test(form.email.trim())
          ? undefined
          : t('auth.emailInvalid'),
      password:
        passwordLength(form.password) < PASSWORD_MIN_LENGTH
          ? t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
          : undefined,
      confirm: confirm === form.password ? undefined : t('auth.passwordsDiffer'),
    };
    setProblems(next);
    if (next.email || next.password || next.confirm) return;
    try {
      await registerCall.mutateAsync({
        body: registrationPayload(form, { language: i18n.language, search }),
      });
    } catch {
      return;
    }
    try {
      actions.signedIn(await login({ email: form.email.trim(), password: form.password }, true));
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'invalid_credentials')
        setCheckMail(form.email.trim());
      else setSignInError(err);
    }
  }

  const error = registerCall.error ?? signInError;
  if (checkMail)
    return (
      <AuthCard title={t('auth.registerTitle')}>
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          {t('auth.registeredCheckMail', { email: checkMail })}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.signIn} className={linkClass}>
            {t('auth.backToSignIn')}
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title={t('auth.registerTitle')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {invited && (
          <p className="rounded-md bg-neutral-100 p-2 text-sm text-neutral-800">{t('auth.invitedNote')}</p>
        )}
        <p className="text-sm text-neutral-600">{t('auth.requiredNote')}</p>
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          error={problems.email}
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          required
          meter
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
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
        <fieldset>
          <legend className="text-sm font-medium text-neutral-800">{t('auth.subscriberType')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(['enduser', 'installer'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="subscriberType"
                  value={type}
                  checked={form.subscriberType === type}
                  onChange={() => set('subscriberType', type)}
                  className="h-4 w-4 accent-[var(--color-accent)]"
                />
                {t(`auth.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={t('auth.cameraBrand')}
          name="cameraBrand"
          value={form.cameraBrand}
          onChange={(e) => set('cameraBrand', e.target.value)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="marketing"
            checked={form.marketing}
            onChange={(e) => set('marketing', e.target.checked)}
            className="h-4 w-4 accent-[var(--color-accent)]"
          />
          {t('auth.marketing')}
        </label>
        <FormError message={error ? errorText(error, t) : undefined} />
        <button type="submit" disabled={registerCall.isPending} className={primaryButton}>
          {registerCall.isPending ? t('auth.registering') : t('auth.createAccount')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-neutral-700">
        {t('auth.haveAccount')}{' '}
        <Link to={paths.signIn} className={linkClass}>
          {t('auth.signIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
