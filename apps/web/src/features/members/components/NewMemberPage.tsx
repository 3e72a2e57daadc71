import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useCamerasOf } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useInviteMember } from '../api/invite-member.ts';
import { grantableLevels } from '../managed-accounts.ts';
import { useManager } from '../use-manager.ts';
import { MemberForm } from './MemberForm.tsx';
import type { MembersNotice } from './MembersPage.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** /manage-plan/additional-users/new/:as — invites someone to account `as` by e-mail. */
export function NewMemberPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const navigate = useNavigate();
  const { as = '' } = useParams();
  const manager = useManager(as);
  const cameras = useCamerasOf(as);
  const invite = useInviteMember(as);
  usePageTitle(t('routes.additionalUserNew'), brand.name);
  const back = `${paths.additionalUsers}?as=${encodeURIComponent(as)}`;
  const levels = grantableLevels(manager.level ?? 'owner');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.additionalUserNew')}</h1>
      {manager.label && (
        <p className="mt-1 text-neutral-700">{t('members.forAccount', { name: manager.label })}</p>
      )}
      <p className="mt-2 text-neutral-700">{t('members.inviteIntro')}</p>
      <div className="mt-6">
        {manager.loading ? (
          <p className="text-neutral-600">{t('app.loading')}</p>
        ) : (
          <MemberForm
            initial={{
              email: '',
              alias: '',
              level: levels.includes('viewonly') ? 'viewonly' : (levels[0] ?? 'none'),
              cameraScope: 'all',
              cameras: [],
            }}
            emailEditable
            levels={levels}
            cameras={cameras.data ?? []}
            submitLabel={invite.isPending ? t('members.sending') : t('members.sendInvite')}
            busy={invite.isPending}
            error={invite.error ? errorText(invite.error, t) : undefined}
            cancelTo={back}
            onSubmit={(v) =>
              invite.mutate(
                {
                  email: v.email,
                  ...(v.alias ? { alias: v.alias } : {}),
                  level: v.level,
                  cameraScope: v.cameraScope,
                  cameras: v.cameraScope === 'selected' ? v.cameras : [],
                },
                {
                  onSuccess: () =>
                    void navigate(back, { state: { notice: 'invited' satisfies MembersNotice } }),
                },
              )
            }
          />
        )}
      </div>
    </section>
  );
}
