import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { CameraSummary } from '../../../shared/cameras/list-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { CameraChecklist } from '../../../shared/ui/CameraChecklist.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';

/** A group's name and cameras. The name is unique per user; the server's refusal shows under the form. */
export function GroupForm({
  initial,
  cameras,
  submitLabel,
  busy,
  error,
  extra,
  onSubmit,
}: {
  initial: { name: string; cameras: string[] };
  cameras: readonly CameraSummary[];
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  /** More actions after save and cancel (delete). */
  extra?: ReactNode;
  onSubmit: (v: { name: string; cameras: string[] }) => void;
}) {
  const { t } = useTranslation();
  const link = useShellPath();
  const [name, setName] = useState(initial.name);
  const [selected, setSelected] = useState(initial.cameras);
  const [problem, setProblem] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed ? undefined : t('groups.nameRequired'));
    if (trimmed) onSubmit({ name: trimmed, cameras: selected });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field
        label={t('groups.name')}
        name="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={problem}
      />
      <CameraChecklist
        legend={t('groups.cameras')}
        cameras={cameras}
        selected={selected}
        onChange={setSelected}
      />
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {extra}
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Link to={link(paths.cameraGroups)} className={`${secondaryButton} sm:w-auto`}>
            {t('common.cancel')}
          </Link>
          <button type="submit" disabled={busy} className={`${primaryButton} sm:w-auto`}>
            {submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
