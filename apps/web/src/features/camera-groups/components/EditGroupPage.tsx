import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useGroups } from '../../../shared/camera-groups/list-groups.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { secondaryButton } from '../../../shared/ui/styles.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { useGroupCameras } from '../use-group-cameras.ts';
import type { GroupsNotice } from './CameraGroupsPage.tsx';
import { GroupForm } from './GroupForm.tsx';

/** /camera-groups/:id: rename, change the cameras, delete. */
export function EditGroupPage() {
  const { t } = useTranslation();
  const link = useShellPath();
  const { brand } = useShell();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const uid = useSession()?.uid ?? '';
  const groups = useGroups(uid);
  const cameras = useGroupCameras();
  const update = useUpdateGroup(uid);
  const remove = useDeleteGroup(uid);
  const [confirming, setConfirming] = useState(false);
  const group = groups.data?.find((g) => g.id === id);
  usePageTitle(group?.name ?? t('routes.cameraGroup'), brand.name);

  const back = (notice: GroupsNotice) => void navigate(link(paths.cameraGroups), { state: notice });

  let body: React.ReactNode;
  if (groups.isPending) body = <p className="text-neutral-600">{t('app.loading')}</p>;
  else if (groups.isError) body = <FormError message={errorText(groups.error, t)} />;
  else if (!group) body = <FormError message={t('groups.notFound')} />;
  else
    body = (
      <GroupForm
        key={group.id}
        initial={{ name: group.name, cameras: group.uidds }}
        cameras={cameras.data ?? []}
        submitLabel={update.isPending ? t('auth.saving') : t('common.save')}
        busy={update.isPending}
        error={update.error ? errorText(update.error, t) : undefined}
        extra={
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={`${secondaryButton} sm:w-auto`}
          >
            {t('groups.delete')}
          </button>
        }
        onSubmit={(v) =>
          update.mutate({ group, ...v }, { onSuccess: (g) => back({ notice: 'saved', name: g.name }) })
        }
      />
    );

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6">
      {/* The heading stays the route's title: the group's name is in the form, and may be being changed. */}
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.cameraGroup')}</h1>
      <div className="mt-6">{body}</div>
      {confirming && group && (
        <ConfirmDialog
          title={t('groups.deleteTitle')}
          confirmLabel={t('groups.delete')}
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error, t) : undefined}
          onCancel={() => {
            remove.reset();
            setConfirming(false);
          }}
          onConfirm={() =>
            remove.mutate(group.id, { onSuccess: () => back({ notice: 'deleted', name: group.name }) })
          }
        >
          {t('groups.deleteText', { name: group.name })}
        </ConfirmDialog>
      )}
    </section>
  );
}
