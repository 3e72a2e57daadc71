/** The brand's wordmark: a shield-like mark and the name. */
export function Logo({ name, compact = false }: { name: string; compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-neutral-900">
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
