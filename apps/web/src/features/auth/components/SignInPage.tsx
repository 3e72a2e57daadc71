import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiRequestError, NetworkError } from '../../../shared/api/client.ts';
import { login } from '../api/login.ts';
import { sessionStore } from '../session-store.ts';

const formText = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const ids = { email: useId(), password: useId(), remember: useId(), error: useId() };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const result = await login(
        { email: formText(form, 'email'), password: formText(form, 'password') },
        form.get('remember') === 'on',
      );
      sessionStore.set(result);
      const from = (location.state as { from?: string } | null)?.from;
      await navigate(from ?? '/', { replace: true });
    } catch (err) {
      if (err instanceof ApiRequestError) setError(err.message);
      else if (err instanceof NetworkError) setError(t('errors.network'));
      else setError(t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  const input =
    'mt-1 block w-full rounded-md border border-neutral-300 px-3 py-2 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40';
  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <form
        onSubmit={(e) => void onSubmit(e)}
        aria-describedby={error ? ids.error : undefined}
        className="w-full max-w-sm space-y-4 rounded-xl bg-white p-6 shadow"
        noValidate
      >
        <h1 className="text-2xl font-semibold">{t('auth.signIn')}</h1>
        <div>
          <label htmlFor={ids.email} className="block text-sm font-medium">
            {t('auth.email')}{' '}
            <span aria-hidden="true" className="text-accent">
              *
            </span>
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            className={input}
          />
        </div>
        <div>
          <label htmlFor={ids.password} className="block text-sm font-medium">
            {t('auth.password')}{' '}
            <span aria-hidden="true" className="text-accent">
              *
            </span>
          </label>
          <div className="relative">
            <input
              id={ids.password}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              className={input}
            />
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              className="absolute inset-y-0 right-2 text-sm text-neutral-600"
            >
              {showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
            </button>
          </div>
        </div>
        <label htmlFor={ids.remember} className="flex items-center gap-2 text-sm">
          <input id={ids.remember} name="remember" type="checkbox" defaultChecked /> {t('auth.rememberMe')}
        </label>
        {error && (
          <p id={ids.error} role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-accent px-4 py-2 font-medium text-white disabled:opacity-60"
        >
          {t('auth.signIn')}
        </button>
      </form>
    </main>
  );
}
