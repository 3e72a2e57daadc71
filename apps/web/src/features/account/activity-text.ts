import { type AuditEntry, SUPPORT_VIEW_KINDS, type SupportViewKind } from '@vigil/contracts';
import type { TFunction } from '../../shared/i18n/translator.ts';
import '../../shared/i18n/accounts.texts.ts';
import '../../shared/i18n/partners.texts.ts';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isViewKind = (v: unknown): v is SupportViewKind => SUPPORT_VIEW_KINDS.includes(v as SupportViewKind);

/** The duration of a grant in words: the durations offered are whole hours (SUPPORT_ACCESS_HOURS). */
export const durationText = (hours: number, t: TFunction): string =>
  t(`account.supportAccess.durations.h${hours}`, { defaultValue: `${hours} h` });

/** What an audit entry says happened, in the reader's language (decision 0017). */
export function activityWhat(e: AuditEntry, t: TFunction): string {
  const camera = str(e.details.cameraName) || str(e.details.uidd);
  switch (e.action) {
    case 'support.viewed':
      return isViewKind(e.details.kind)
        ? t(`account.activity.kind.${e.details.kind}`, { camera })
        : t('account.activity.other', { action: e.action });
    case 'support.granted':
      return t('account.activity.granted', { duration: durationText(Number(e.details.hours), t) });
    case 'support.revoked':
      return t('account.activity.revoked');
    case 'export.completed':
      return t('account.activity.exported', { camera });
    case 'export.failed':
      return t('account.activity.exportFailed', { camera });
    // The partner portal and support tools (decision 0720).
    case 'partner.created':
      return t('partners.activity.created', {
        company: str(e.details.company) || str(e.details.installerId),
      });
    case 'partner.moved':
      return t('partners.activity.moved', { installer: str(e.details.to) });
    case 'camera.installed':
      return t('partners.activity.installed', { camera });
    case 'support.tool':
      return t('partners.activity.tool', { tool: t(`support.tool.${str(e.details.tool)}`) });
    default:
      return t('account.activity.other', { action: e.action });
  }
}

/** Who did it, as the account's owner reads it. */
export function activityWho(e: AuditEntry, ownUid: string, t: TFunction): string {
  if (e.action === 'support.viewed') return t('account.activity.by.support');
  if (e.actor.uid === ownUid) return t('account.activity.by.you');
  if (e.actor.email) return t('account.activity.by.email', { email: e.actor.email });
  if (e.actor.shareId) return t('account.activity.by.shareLink');
  return t('account.activity.by.someone');
}
