import type { Partner } from '@vigil/contracts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { smallButton } from '../../../shared/ui/styles.ts';
import { useResendInvitation, useSuspendPartner } from '../api/partners.ts';
import '../../../shared/i18n/partners.texts.ts';

/** What a distributor (or support) does to one of its installers: invite again, suspend or reinstate. */
export function PartnerActions({ partner }: { partner: Partner }) {
  const { t } = useTranslation();
  const suspend = useSuspendPartner(partner.id);
  const invite = useResendInvitation(partner.id);
  const error = suspend.error ?? invite.error;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!partner.accepted && (
        <button
          type="button"
          className={smallButton}
          disabled={invite.isPending}
          aria-label={`${t('support.tool.resend-invitation')}: ${partner.company}`}
          onClick={() => invite.mutate()}
        >
          {invite.isSuccess ? t('partners.invitationSent') : t('support.tool.resend-invitation')}
        </button>
      )}
      <button
        type="button"
        className={smallButton}
        disabled={suspend.isPending}
        aria-label={`${partner.suspended ? t('partners.reinstate') : t('partners.suspend')}: ${partner.company}`}
        onClick={() => suspend.mutate(!partner.suspended)}
      >
        {partner.suspended ? t('partners.reinstate') : t('partners.suspend')}
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-800">
          {errorText(error, t)}
        </span>
      )}
    </div>
  );
}
