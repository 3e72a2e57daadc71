import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled block of the settings screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-neutral-200 bg-white p-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}
