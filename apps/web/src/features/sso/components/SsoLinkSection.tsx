import '../../../shared/i18n/sso.texts.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShell } from '../../../shared/routing/shell.tsx';
import { fit, secondaryButton } from '../../../shared/ui/styles.ts';

/**
 * On /account: link a single sign-on provider to this password account (convert), one button per provider the
 * brand offers. Nothing where the brand offers none.
 */
export function SsoLinkSection() {
  const { t } = useTranslation();
  const { brand } = useShell();
  if (brand.ssoProviders.length === 0) return null;
  return (
    <section aria-labelledby="sso-link-title" className="mx-auto w-full max-w-3xl px-4 pb-8">
      <h2 id="sso-link-title" className="text-lg font-semibold">
        {t('sso.linkTitle')}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{t('sso.linkIntro')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {brand.ssoProviders.map((p) => (
          <a key={p} href={`/sso/${encodeURIComponent(p)}/start?convert=1`} className={fit(secondaryButton)}>
            {t('sso.linkWith', { provider: brand.ssoProviderNames?.[p] ?? p })}
          </a>
        ))}
      </div>
    </section>
  );
}
