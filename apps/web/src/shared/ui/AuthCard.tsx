import type { ReactNode } from 'react';
import { usePageTitle } from '../platform/mobile-header.tsx';
import { useShell } from '../routing/shell.tsx';

/**
 * The card every fullscreen screen (sign-in, register, invitation) sits in; the fullscreen layout around it brings
 * logo and background.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { brand } = useShell();
  usePageTitle(title, brand.name);
  return (
    <section aria-labelledby="auth-title" className="w-full rounded-2xl bg-white p-6 shadow-lg sm:p-8">
      <h1 id="auth-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}
