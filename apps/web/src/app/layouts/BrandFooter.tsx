import { useShell } from '../../shared/routing/shell.tsx';
import { linkClass } from '../../shared/ui/styles.ts';
import { FooterMessages } from './FooterMessages.tsx';

/** A brand's own footer line, where it has one (decision 0827): its rotating messages and its visit link. */
export function BrandFooter({ className }: { className: string }) {
  const { brand } = useShell();
  const footer = brand.footer;
  if (!footer) return null;
  return (
    <div className={className} data-testid="brand-footer">
      <FooterMessages messages={footer.messages} />
      {footer.visitUrl && (
        <a className={linkClass} href={footer.visitUrl} rel="noopener">
          {footer.visitLabel ?? new URL(footer.visitUrl).host}
        </a>
      )}
    </div>
  );
}
