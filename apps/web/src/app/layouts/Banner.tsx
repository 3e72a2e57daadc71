import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { STORAGE_KEYS } from '../../shared/storage/local.ts';

/**
 * The closable banner (spec 001 §2): it starts visible in the demo for the vendor (main) brand outside the
 * mobile app; closing stores the close time as bannerClosed and it stays closed on this device.
 */
export function Banner() {
  const { t } = useTranslation();
  const { brand, demo, app } = useShell();
  const [closed, setClosed] = useState(() => localStorage.getItem(STORAGE_KEYS.bannerClosed) !== null);
  if (closed || !demo || !brand.mainBrand || app) return null;
  return (
    <section
      aria-label={t('banner.demo')}
      className="flex items-center gap-3 bg-neutral-900 px-4 py-2 text-sm text-white"
    >
      <p className="flex-1">
        {t('banner.demo')}{' '}
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
        className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-white/15"
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
