import '../../../shared/i18n/permissions.texts.ts';
import type { Member } from '@vigil/contracts';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { smallButton } from '../../../shared/ui/styles.ts';
import '../../../shared/i18n/accounts.texts.ts';

/** One additional user: who, how they appear, their level, their cameras and whether they accepted. */
export function MemberCard({
  member,
  as,
  cameraNames,
  onRemove,
}: {
  member: Member;
  as: string;
  /** Names of the account's cameras by uidd, to say which ones a member sees. */
  cameraNames: ReadonlyMap<string, string>;
  onRemove: (m: Member) => void;
}) {
  const { t } = useTranslation();
  const cameras =
    member.cameraScope === 'all'
      ? t('members.allCameras')
      : member.cameras.length === 0
        ? t('members.noCameras')
        : member.cameras
            .map((u) => cameraNames.get(u) ?? u)
            .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
            .join(', ');
  const invited = member.status === 'invited';
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-all font-semibold">{member.email}</h2>
          {member.alias !== member.email && <p className="text-sm text-neutral-700">{member.alias}</p>}
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${invited ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'}`}
        >
          {invited ? t('members.status.invited') : t('members.status.active')}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-600">{t('members.level')}</dt>
        <dd className="font-medium">{t(`permissions.levels.${member.level}`)}</dd>
        <dt className="text-neutral-600">{t('members.cameras')}</dt>
        <dd className="break-words">{cameras}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={paths.additionalUser(member.id, as)}
          className={smallButton}
          aria-label={t('members.editWho', { email: member.email })}
        >
          {t('common.edit')}
        </Link>
        <button
          type="button"
          className={smallButton}
          onClick={() => onRemove(member)}
          aria-label={t('members.removeWho', { email: member.email })}
        >
          {t('members.remove')}
        </button>
      </div>
    </li>
  );
}
