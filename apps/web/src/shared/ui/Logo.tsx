import { useInstallerLogo } from '../config/installer-brand.ts';
import { useShell } from '../routing/shell.tsx';

/**
 * The brand's wordmark: an installer's own logo, else the brand's uploaded one (spec 001 §3; the compact form uses
 * appLayoutLogoSmall when it has one), else the product's mark in the accent colour and the name.
 */
export function Logo({ name, compact = false }: { name: string; compact?: boolean }) {
  const { brand } = useShell();
  const installerLogo = useInstallerLogo();
  const src =
    installerLogo ??
    (compact ? (brand.appLayoutLogoSmall ?? brand.logo) : (brand.appLayoutLogo ?? brand.logo));
  if (src)
    return (
      <img
        src={src}
        alt={name}
        data-testid="brand-logo"
        className={compact ? 'h-8 w-8 shrink-0 object-contain' : 'h-10 max-w-[220px] object-contain'}
      />
    );
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-neutral-900" data-testid="brand-logo">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <circle cx="16" cy="15" r="6.5" fill="none" stroke="white" strokeWidth="2.5" />
        <circle cx="16" cy="15" r="2.2" fill="white" />
        <path d="M10 25h12" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {compact ? (
        <span className="sr-only">{name}</span>
      ) : (
        <span className="text-xl tracking-tight">{name}</span>
      )}
    </span>
  );
}
