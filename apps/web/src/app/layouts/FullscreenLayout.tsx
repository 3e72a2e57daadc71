import type { ReactNode } from 'react';
import { useShell } from '../../shared/routing/shell.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { BrandFooter } from './BrandFooter.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { LegalLinks } from './LegalLinks.tsx';

/** Auth pages: a centred narrow column with the logo on a soft background (spec 000 §2). */
export function FullscreenLayout({ children }: { children: ReactNode }) {
  const { brand, app } = useShell();
  return (
    <div
      className="flex min-h-full flex-col bg-gradient-to-br from-neutral-100 via-white to-rose-50"
      // A brand's gradient(s) (spec 001 §3), set as --brand-gradient by the server's page (decision 0820).
      style={
        (brand.theme?.gradients?.length ?? 0) >= 2 ? { backgroundImage: 'var(--brand-gradient)' } : undefined
      }
      data-testid="fullscreen-background"
    >
      {/* Top-aligned, not centred: the card replacing the loading state grows downwards, nothing above it moves (a
          layout shift of 0.14 when centred; decision 0762). */}
      <main id="content" className="flex flex-1 flex-col items-center px-4 py-8 sm:pt-[10vh]">
        <div className="mb-6">
          <Logo name={brand.name} />
        </div>
        <div className="w-full max-w-md">{children}</div>
      </main>
      {!app && (
        <footer className="flex flex-wrap items-center justify-center gap-4 p-4 text-sm text-neutral-600">
          <BrandFooter className="flex w-full max-w-md flex-wrap items-center justify-between gap-3" />
          <LegalLinks />
          <LanguagePicker />
        </footer>
      )}
    </div>
  );
}
