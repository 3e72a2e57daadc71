import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShell } from '../../shared/routing/shell.tsx';

/**
 * Terms and privacy links (spec 001 §2): addresses may come from the brand's configuration, full white-label
 * uses its own pages, and inside the mobile app they open in a new window with app=true.
 */
export function LegalLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { brand, app } = useShell();
  const terms = brand.termsUrl ?? (brand.fullWhiteLabel ? '/terms-of-service' : paths.terms);
  const privacy = brand.privacyUrl ?? (brand.fullWhiteLabel ? '/privacy-policy' : paths.privacy);
  const href = (u: string) => (app ? `${u}${u.includes('?') ? '&' : '?'}app=true` : u);
  const extra = app ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <span className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <a href={href(terms)} {...extra} className="hover:underline">
        {t('nav.terms')}
        {app && <span className="sr-only"> {t('nav.opensInNewWindow')}</span>}
      </a>
      <a href={href(privacy)} {...extra} className="hover:underline">
        {t('nav.privacy')}
        {app && <span className="sr-only"> {t('nav.opensInNewWindow')}</span>}
      </a>
    </span>
  );
}
