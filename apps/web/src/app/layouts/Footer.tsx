import { useShell } from '../../shared/routing/shell.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { LegalLinks } from './LegalLinks.tsx';

/** Footer with terms and privacy links (spec 001 §2) and the language choice. */
export function Footer() {
  const { brand } = useShell();
  return (
    <footer className="border-t border-neutral-200 bg-white">
      <div className="mx-auto flex max-w-[1200px] flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-neutral-600">
        <span>© {brand.name}</span>
        <LegalLinks />
        <LanguagePicker />
      </div>
    </footer>
  );
}
