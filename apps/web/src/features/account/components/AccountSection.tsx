import { type ReactNode, useId } from 'react';

/** One block of /account with its heading, so the page reads as a list of named sections. */
export function AccountSection({
  title,
  children,
  intro,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-neutral-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-neutral-600">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
