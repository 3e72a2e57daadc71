import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useSession } from '../../shared/session/store.ts';
import { Banner } from '../layouts/Banner.tsx';
import { demoLabelKey } from './demo-label.ts';

/**
 * The demo's standing notice (spec 000 §6): which demo this is, and that settings cannot be changed; the closable
 * banner (spec 001 §2) is in the same strip (decision 0761).
 */
export function DemoNotice() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 border-b border-amber-200 bg-amber-50 px-4 py-1 text-sm text-amber-900"
      data-testid="demo-notice"
    >
      <strong>{t(demoLabelKey(session?.accountType))}</strong>
      <span aria-hidden="true">·</span>
      <span>{t('demo.cannotChange')}</span>
      <Banner />
    </div>
  );
}
