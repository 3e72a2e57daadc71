import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useCamerasOf } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useMembers } from '../api/list-members.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { grantableLevels } from '../managed-accounts.ts';
import { useManager } from '../use-manager.ts';
import { MemberForm } from './MemberForm.tsx';
import type { MembersNotice } from './MembersPage.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** /manage-plan/additional-users/:uid/:as — changes the level, name and cameras of member `uid` of account `as`. */
export function EditMemberPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const navigate = useNavigate();
  const { uid: memberId = '', as = '' } = useParams();
  const manager = useManager(as);
  const members = useMembers(as);
  const cameras = useCamerasOf(as);
  const update = useUpdateMember(as, memberId);
  usePageTitle(t('routes.additionalUser'), brand.name);
  const back = `${paths.additionalUsers}?as=${encodeURIComponent(as)}`;
  const member = members.data?.find((m) => m.id === memberId);
  // The member's current level stays selectable even where the manager could not give it (the server decides).
  const levels = grantableLevels(manager.level ?? 'owner');
  if (member && !levels.includes(member.level)) levels.unshift(member.level);

  let body: React.ReactNode;
  if (members.isPending || manager.loading) body = <p className="text-neutral-600">{t('app.loading')}</p>;
  else if (members.isError) body = <FormError message={errorText(members.error, t)} />;
  else if (!member) body = <FormError message={t('members.notFound')} />;
  else
    body = (
      <MemberForm
        key={member.id}
        initial={{
          email: member.email,
          alias: member.alias === member.email ? '' : member.alias,
          level: member.level,
          cameraScope: member.cameraScope,
          cameras: member.cameras,
        }}
        emailEditable={false}
        levels={levels}
        cameras={cameras.data ?? []}
        submitLabel={update.isPending ? t('auth.saving') : t('common.save')}
        busy={update.isPending}
        error={update.error ? errorText(update.error, t) : undefined}
        cancelTo={back}
        onSubmit={(v) =>
          update.mutate(
            {
              alias: v.alias,
              level: v.level,
              cameraScope: v.cameraScope,
              ...(v.cameraScope === 'selected' ? { cameras: v.cameras } : {}),
            },
            { onSuccess: () => void navigate(back, { state: { notice: 'saved' satisfies MembersNotice } }) },
          )
        }
      />
    );

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.additionalUser')}</h1>
      {manager.label && (
        <p className="mt-1 text-neutral-700">{t('members.forAccount', { name: manager.label })}</p>
      )}
      <div className="mt-6">{body}</div>
    </section>
  );
}
