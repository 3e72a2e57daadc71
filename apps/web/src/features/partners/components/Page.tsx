import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';

/** A portal or support screen: its route's title as the heading, an optional action beside it. */
export function Page({
  routeId,
  action,
  children,
}: {
  routeId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const title = t(`routes.${routeId}`, { defaultValue: routeId });
  usePageTitle(title, brand.name);
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6" data-route-id={routeId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {action}
      </div>
      <div className="mt-6 space-y-8">{children}</div>
    </section>
  );
}

/** A titled block of a screen, named by its heading for screen readers. */
export function Block({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const cardList = 'divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white';
export const cardRow = 'flex flex-wrap items-center justify-between gap-2 px-4 py-3';
export const badge = (ok: boolean) =>
  `rounded-full px-2 py-0.5 text-xs font-medium ${ok ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`;
