import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { STORAGE_KEYS } from '../../shared/storage/local.ts';

/**
 * The closable banner (spec 001 §2): it starts visible in the demo for the vendor (main) brand outside the
 * mobile app; closing stores the close time as bannerClosed and it stays closed on this device. It sits inside the
 * demo's notice, one strip rather than two (decision 0761); on a phone only its link shows, the sentence being the
 * region's name.
 */
export function Banner() {
  const { t } = useTranslation();
  const { brand, demo, app } = useShell();
  const [closed, setClosed] = useState(() => localStorage.getItem(STORAGE_KEYS.bannerClosed) !== null);
  if (closed || !demo || !brand.mainBrand || app) return null;
  return (
    <section aria-label={t('banner.demo')} className="ml-auto flex items-center gap-2">
      <p>
        <span className="hidden lg:inline">{t('banner.demo')} </span>
        <Link to={paths.register} className="font-semibold underline">
          {t('banner.createAccount')}
        </Link>
      </p>
      <button
        type="button"
        aria-label={t('banner.close')}
        onClick={() => {
          localStorage.setItem(STORAGE_KEYS.bannerClosed, String(Date.now()));
          setClosed(true);
        }}
        className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-amber-100"
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
