/** Class lists shared by the screens, so buttons and inputs look the same everywhere. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40 aria-[invalid=true]:border-red-600';
export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-md bg-accent px-4 py-2 font-medium text-white hover:bg-accent/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50 focus-visible:ring-offset-2 disabled:opacity-60';
export const secondaryButton =
  'inline-flex w-full items-center justify-center rounded-md border border-neutral-300 bg-white px-4 py-2 font-medium text-neutral-800 hover:bg-neutral-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50 disabled:opacity-60';
export const linkClass = 'font-medium text-accent underline-offset-2 hover:underline focus-visible:underline';
/** The same classes with another width than the full row (`w-auto`: sized to the content). */
export const fit = (cls: string, width = 'w-auto'): string => cls.replace('w-full', width);
