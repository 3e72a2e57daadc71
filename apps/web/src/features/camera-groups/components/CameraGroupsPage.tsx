import { Link, useLocation } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useGroups } from '../../../shared/camera-groups/list-groups.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';

/** What the group forms tell the list when they come back to it. */
export interface GroupsNotice {
  notice: 'created' | 'saved' | 'deleted';
  name: string;
}

/** /camera-groups: the user's groups by name, each opening its page; a new group. */
export function CameraGroupsPage() {
  const { t } = useTranslation();
  // Links stay inside the demo shell (/demo/…) when the groups are opened there.
  const link = useShellPath();
  const { brand } = useShell();
  const session = useSession();
  const location = useLocation();
  const groups = useGroups(session?.uid ?? '');
  usePageTitle(t('routes.cameraGroups'), brand.name);
  const notice = location.state as GroupsNotice | null;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.cameraGroups')}</h1>
        <Link to={link(paths.cameraGroupNew)} className={fit(primaryButton)}>
          {t('groups.new')}
        </Link>
      </div>
      <p className="mt-2 max-w-2xl text-neutral-700">{t('groups.intro')}</p>
      <div className="mt-4">
        <StatusMessage
          message={notice?.notice ? t(`groups.notice.${notice.notice}`, { name: notice.name }) : undefined}
        />
      </div>
      {groups.isPending ? (
        <p className="mt-6 text-neutral-600">{t('app.loading')}</p>
      ) : groups.isError ? (
        <div className="mt-6">
          <FormError message={errorText(groups.error, t)} />
        </div>
      ) : groups.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center text-neutral-700">
          {t('groups.empty')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('routes.cameraGroups')}>
          {groups.data.map((g) => (
            <li key={g.id}>
              <Link
                to={link(paths.cameraGroup(g.id))}
                className="flex min-h-16 flex-col justify-center rounded-lg border border-neutral-200 bg-white p-4 hover:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50"
              >
                <span className="break-words font-semibold">{g.name}</span>
                <span className="text-sm text-neutral-600">
                  {t('groups.cameraCount', { count: g.uidds.length })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
