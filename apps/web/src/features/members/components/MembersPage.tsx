import type { Member } from '@vigil/contracts';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useCamerasOf } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useManagedAccounts } from '../use-managed-accounts.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { MemberCard } from './MemberCard.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** Notes the forms leave for the list when they come back to it. */
export type MembersNotice = 'invited' | 'saved';

/**
 * /manage-plan/additional-users: the additional users of an account (the own one, or another the user co-owns or
 * admins, chosen with `?as=`), with invite, edit and remove.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const session = useSession();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const { accounts } = useManagedAccounts();
  usePageTitle(t('routes.additionalUsers'), brand.name);
  const as = search.get('as') ?? accounts[0]?.ownerUid ?? session?.uid ?? '';
  const members = useMembers(as);
  const cameras = useCamerasOf(as);
  const remove = useRemoveMember(as);
  const [removing, setRemoving] = useState<Member>();
  const [removed, setRemoved] = useState<string>();
  const notice = (location.state as { notice?: MembersNotice } | null)?.notice;
  const names = new Map((cameras.data ?? []).map((c) => [c.uidd, c.name]));

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setRemoved(removing.email);
      setRemoving(undefined);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.additionalUsers')}</h1>
        <Link to={paths.additionalUserNew(as)} className={fit(primaryButton)}>
          {t('members.invite')}
        </Link>
      </div>
      <p className="mt-2 max-w-2xl text-neutral-700">
        {t('members.intro')}{' '}
        <Link to={paths.permissionLevels} className={linkClass}>
          {t('members.levelsLink')}
        </Link>
      </p>
      <div className="mt-4">
        <AccountPicker accounts={accounts} value={as} onChange={(uid) => setSearch({ as: uid })} />
      </div>
      <div className="mt-4">
        <StatusMessage
          message={
            removed
              ? t('members.removed', { email: removed })
              : notice
                ? t(`members.notice.${notice}`)
                : undefined
          }
        />
      </div>
      {members.isPending ? (
        <p className="mt-6 text-neutral-600">{t('app.loading')}</p>
      ) : members.isError ? (
        <div className="mt-6">
          <FormError message={errorText(members.error, t)} />
        </div>
      ) : members.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center text-neutral-700">
          {t('members.empty')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 lg:grid-cols-2" aria-label={t('routes.additionalUsers')}>
          {members.data.map((m) => (
            <MemberCard key={m.id} member={m} as={as} cameraNames={names} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title={t('members.removeTitle')}
          confirmLabel={t('members.remove')}
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error, t) : undefined}
          onConfirm={() => void confirmRemove()}
          onCancel={() => {
            remove.reset();
            setRemoving(undefined);
          }}
        >
          {t('members.removeText', { email: removing.email })}
        </ConfirmDialog>
      )}
    </section>
  );
}
