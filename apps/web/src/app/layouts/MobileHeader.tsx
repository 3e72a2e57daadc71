import { MOBILE_HEADER_HEIGHT_PX } from '@vigil/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMobileHeaderTitle } from '../../shared/platform/mobile-header.tsx';
import { useShell } from '../../shared/routing/shell.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';

/** The mobile app's header (spec 001 §2): 60 px, a back button and the title the page set; none for takeaway
 * vendors' brands. */
export function MobileHeader() {
  const { t } = useTranslation();
  const title = useMobileHeaderTitle();
  const navigate = useNavigate();
  const { brand } = useShell();
  if (brand.takeawayVendor) return null;
  return (
    <header
      className="sticky top-0 z-10 flex items-center gap-2 border-b border-neutral-200 bg-white px-2"
      style={{ height: MOBILE_HEADER_HEIGHT_PX }}
      data-testid="mobile-header"
    >
      <button
        type="button"
        onClick={() => void navigate(-1)}
        aria-label={t('nav.back')}
        className="flex h-11 w-11 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100"
      >
        <Icon name="back" />
      </button>
      <p className="truncate text-lg font-semibold" aria-live="polite">
        {title}
      </p>
    </header>
  );
}
