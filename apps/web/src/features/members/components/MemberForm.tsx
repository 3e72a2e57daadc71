import '../../../shared/i18n/permissions.texts.ts';
import type { PermissionLevel } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { CameraSummary } from '../../../shared/cameras/list-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { CameraChecklist } from '../../../shared/ui/CameraChecklist.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { linkClass, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import '../../../shared/i18n/accounts.texts.ts';

export interface MemberValues {
  email: string;
  alias: string;
  level: PermissionLevel;
  cameraScope: 'all' | 'selected';
  cameras: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The fields of an additional user: e-mail (when inviting), the name the account shows for them, the level, and
 * all cameras of the account or a chosen list.
 */
export function MemberForm({
  initial,
  emailEditable,
  levels,
  cameras,
  submitLabel,
  busy,
  error,
  cancelTo,
  onSubmit,
}: {
  initial: MemberValues;
  emailEditable: boolean;
  levels: readonly PermissionLevel[];
  cameras: readonly CameraSummary[];
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  cancelTo: string;
  onSubmit: (v: MemberValues) => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState(initial);
  const [problems, setProblems] = useState<{ email?: string; cameras?: string }>({});
  const set = <K extends keyof MemberValues>(k: K, value: MemberValues[K]) =>
    setV((x) => ({ ...x, [k]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const email = v.email.trim();
    const next = {
      email: !emailEditable
        ? undefined
        : !email
          ? t('auth.emailRequired')
          : EMAIL.test(email)
            ? undefined
            : t('auth.emailInvalid'),
      // Selected cameras with none chosen would be access to nothing: say so rather than send it.
      cameras: v.cameraScope === 'selected' && v.cameras.length === 0 ? t('members.pickCameras') : undefined,
    };
    setProblems(next);
    if (next.email || next.cameras) return;
    onSubmit({ ...v, email, alias: v.alias.trim() });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-sm text-neutral-600">{t('auth.requiredNote')}</p>
      {emailEditable ? (
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="off"
          required
          value={v.email}
          onChange={(e) => set('email', e.target.value)}
          error={problems.email}
        />
      ) : (
        <p>
          <span className="block text-sm font-medium text-neutral-800">{t('auth.email')}</span>
          <span className="break-all">{v.email}</span>
        </p>
      )}
      <Field
        label={t('members.alias')}
        name="alias"
        maxLength={100}
        value={v.alias}
        onChange={(e) => set('alias', e.target.value)}
        hint={<p className="mt-1 text-sm text-neutral-600">{t('members.aliasHint')}</p>}
      />
      <SelectField
        label={t('members.level')}
        name="level"
        required
        value={v.level}
        onChange={(e) => set('level', e.target.value as PermissionLevel)}
        hint={
          <Link to={paths.permissionLevels} className={linkClass} target="_blank" rel="noopener">
            {t('members.levelsLink')} <span className="sr-only">{t('nav.opensInNewWindow')}</span>
          </Link>
        }
      >
        {levels.map((l) => (
          <option key={l} value={l}>
            {t(`permissions.levels.${l}`)}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="text-sm font-medium text-neutral-800">{t('members.cameras')}</legend>
        <div className="mt-1 space-y-1">
          {(['all', 'selected'] as const).map((scope) => (
            <label key={scope} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="cameraScope"
                value={scope}
                checked={v.cameraScope === scope}
                onChange={() => set('cameraScope', scope)}
                className="h-5 w-5 accent-[var(--color-accent)]"
              />
              {t(`members.scope.${scope}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {v.cameraScope === 'selected' && (
        <div>
          <CameraChecklist
            legend={t('members.chooseCameras')}
            cameras={cameras}
            selected={v.cameras}
            onChange={(uidds) => set('cameras', uidds)}
          />
          {problems.cameras && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {problems.cameras}
            </p>
          )}
        </div>
      )}
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={`${secondaryButton} sm:w-auto`}>
          {t('common.cancel')}
        </Link>
        <button type="submit" disabled={busy} className={`${primaryButton} sm:w-auto`}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
