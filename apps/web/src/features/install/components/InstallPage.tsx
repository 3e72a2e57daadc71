import '../../../shared/i18n/install.texts.ts';
import type { Camera, Uid } from '@vigil/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { PasswordField } from '../../../shared/ui/PasswordField.tsx';
import { inputClass, linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useInstallCamera } from '../api/install-camera.ts';
import { addressProblem, EMPTY_FORM, type InstallForm, installBody } from '../install-form.ts';

/** How long the server may take to probe a camera (CAMERA_PROBE_TIMEOUT_SEC's default), for the waiting text. */
const PROBE_SECONDS = 10;
const INSTALL_CODES = [
  'install_unreachable',
  'install_missing_credentials',
  'install_unauthorised',
  'install_connection_timeout',
  'install_unsupported_codec',
  'camera_address_not_allowed',
  'camera_exists',
] as const;

/** /install: add a camera by its RTSP address or by IP, port, path, user and password. */
export function InstallPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const to = useShellPath();
  usePageTitle(t('install.title'), brand.name);
  // ?owner=: the account the camera is for, when an installer installs for a customer (decision 0720).
  const owner = useSearchParams()[0].get('owner') ?? undefined;
  const [form, setForm] = useState<InstallForm>(EMPTY_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [added, setAdded] = useState<Camera | undefined>();
  const install = useInstallCamera();
  const problem = addressProblem(form, submitted);
  const set = (patch: Partial<InstallForm>) => setForm((f) => ({ ...f, ...patch }));

  const serverError = (() => {
    const e = install.error;
    if (!e) return undefined;
    if (e instanceof ApiRequestError && (INSTALL_CODES as readonly string[]).includes(e.code))
      return {
        code: e.code,
        text: t(`install.errors.${e.code as (typeof INSTALL_CODES)[number]}`),
        detail: e.message,
      };
    return {
      code: e instanceof ApiRequestError ? e.code : 'error',
      text: e.message || t('errors.generic'),
      detail: '',
    };
  })();

  const submit = () => {
    setSubmitted(true);
    setAdded(undefined);
    if (addressProblem(form, true)) return;
    install.mutate(
      { ...installBody(form), ...(owner ? { owner: owner as Uid } : {}) },
      {
        onSuccess: (camera) => {
          setAdded(camera);
          setForm(EMPTY_FORM);
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <section className="mx-auto w-full max-w-[640px] px-4 py-6 sm:px-6" data-route-id="install">
      <h1 className="text-2xl font-semibold tracking-tight">{t('install.title')}</h1>
      <div className="mt-4 flex overflow-hidden rounded-md border border-neutral-300" role="tablist">
        {(['url', 'ip'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            role="tab"
            aria-selected={form.mode === mode}
            className={`flex-1 px-3 py-2 text-sm ${form.mode === mode ? 'bg-accent text-white' : 'bg-white'}`}
            onClick={() => set({ mode })}
          >
            {t(mode === 'url' ? 'install.byUrl' : 'install.byIp')}
          </button>
        ))}
      </div>
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {form.mode === 'url' ? (
          <Field
            label={t('install.url')}
            name="url"
            autoComplete="off"
            spellCheck={false}
            required
            value={form.url}
            onChange={(e) => set({ url: e.target.value })}
            error={problem}
            hint={<p className="mt-1 text-xs text-neutral-500">{t('install.urlHint')}</p>}
          />
        ) : (
          <>
            <div className="flex gap-2">
              <label className="block text-sm font-medium text-neutral-800">
                {t('install.scheme')}
                <select
                  className={`${inputClass} w-28`}
                  value={form.scheme}
                  onChange={(e) => set({ scheme: e.target.value as InstallForm['scheme'] })}
                >
                  <option value="rtsp">rtsp</option>
                  <option value="rtsps">rtsps</option>
                </select>
              </label>
              <Field
                className="flex-1"
                label={t('install.ip')}
                name="ip"
                required
                value={form.ip}
                onChange={(e) => set({ ip: e.target.value })}
                error={problem}
              />
              <Field
                className="w-24"
                label={t('install.port')}
                name="port"
                inputMode="numeric"
                value={form.port}
                onChange={(e) => set({ port: e.target.value })}
              />
            </div>
            <Field
              label={t('install.path')}
              name="path"
              value={form.path}
              onChange={(e) => set({ path: e.target.value })}
            />
            <Field
              label={t('install.username')}
              name="username"
              autoComplete="off"
              value={form.username}
              onChange={(e) => set({ username: e.target.value })}
            />
            <PasswordField
              label={t('install.password')}
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set({ password: e.target.value })}
            />
          </>
        )}
        <Field
          label={t('install.name')}
          name="name"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.ptz} onChange={(e) => set({ ptz: e.target.checked })} />
          {t('install.ptz')}
        </label>
        <Field
          label={t('install.onvifPort')}
          name="onvifPort"
          inputMode="numeric"
          placeholder="80"
          value={form.onvifPort}
          onChange={(e) => set({ onvifPort: e.target.value })}
          hint={<p className="text-xs text-neutral-600">{t('install.onvifHint')}</p>}
        />
        {serverError && (
          <div
            role="alert"
            data-testid="install-error"
            data-code={serverError.code}
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <p className="font-medium">{serverError.text}</p>
            {serverError.detail && serverError.detail !== serverError.text && (
              <p className="mt-1 text-red-700">{serverError.detail}</p>
            )}
          </div>
        )}
        {install.isPending && (
          <p role="status" className="text-sm text-neutral-600">
            {t('install.checking', { seconds: PROBE_SECONDS })}
          </p>
        )}
        {added && (
          <p
            role="status"
            data-testid="install-added"
            className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800"
          >
            {t('install.added', { name: added.name })}{' '}
            <Link className={linkClass} to={to(paths.camera(added.uidd))}>
              {t('install.watch')}
            </Link>
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={install.isPending}>
          {t('install.submit')}
        </button>
      </form>
    </section>
  );
}
