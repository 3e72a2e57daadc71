import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { useGroupCameras } from '../use-group-cameras.ts';
import type { GroupsNotice } from './CameraGroupsPage.tsx';
import { GroupForm } from './GroupForm.tsx';

/** /camera-groups/new. */
export function NewGroupPage() {
  const { t } = useTranslation();
  const link = useShellPath();
  const { brand } = useShell();
  const navigate = useNavigate();
  const session = useSession();
  const cameras = useGroupCameras();
  const create = useCreateGroup(session?.uid ?? '');
  usePageTitle(t('routes.cameraGroupNew'), brand.name);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.cameraGroupNew')}</h1>
      <div className="mt-6">
        <GroupForm
          initial={{ name: '', cameras: [] }}
          cameras={cameras.data ?? []}
          submitLabel={create.isPending ? t('auth.saving') : t('groups.create')}
          busy={create.isPending}
          error={create.error ? errorText(create.error, t) : undefined}
          onSubmit={(v) =>
            create.mutate(v, {
              onSuccess: (g) =>
                void navigate(link(paths.cameraGroups), {
                  state: { notice: 'created', name: g.name } satisfies GroupsNotice,
                }),
            })
          }
        />
      </div>
    </section>
  );
}
