import { useShell } from '../../shared/routing/shell.tsx';
import { BrandFooter } from './BrandFooter.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { LegalLinks } from './LegalLinks.tsx';

/**
 * Footer with terms and privacy links (spec 001 §2) and the language choice; a brand with a footer of its own adds
 * its visit link and its rotating messages (decision 0827).
 */
export function Footer() {
  const { brand } = useShell();
  return (
    <footer className="border-t border-neutral-200 bg-white">
      <BrandFooter className="mx-auto flex max-w-[1200px] flex-wrap items-center justify-between gap-3 px-4 pt-4 text-sm" />
      <div className="mx-auto flex max-w-[1200px] flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-neutral-600">
        <span>© {brand.name}</span>
        <LegalLinks />
        <LanguagePicker />
      </div>
    </footer>
  );
}
