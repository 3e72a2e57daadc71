import type { ReactNode } from 'react';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';

/** The single sign-on screens have no frame (layout none): the sign-in card, centred on the page. */
export function SsoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 items-center px-4 py-10">
      <AuthCard title={title}>{children}</AuthCard>
    </div>
  );
}
