/** Class lists shared by the screens, so buttons and inputs look the same everywhere. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40 aria-[invalid=true]:border-red-600';
export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-md bg-button px-4 py-2 font-medium text-button-text hover:bg-button/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50 focus-visible:ring-offset-2 disabled:opacity-60';
export const secondaryButton =
  'inline-flex w-full items-center justify-center rounded-md border border-neutral-300 bg-white px-4 py-2 font-medium text-neutral-800 hover:bg-neutral-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50 disabled:opacity-60';
/** A small bordered action beside a player or in a row (snapshot, recordings, motion settings, settings). */
export const actionButton =
  'inline-flex items-center rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm text-neutral-800 hover:bg-neutral-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50 disabled:opacity-60';
export const linkClass =
  'font-medium text-accent-ink underline-offset-2 hover:underline focus-visible:underline';
export const dangerButton =
  'inline-flex w-full items-center justify-center rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600/50 focus-visible:ring-offset-2 disabled:opacity-60';
/** A small button inside lists and tables (edit, remove, end). */
export const smallButton =
  'inline-flex items-center justify-center rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50 disabled:opacity-60';
/**
 * A button class sized to its content. The button classes are full width (auth forms); adding `w-auto` beside
 * `w-full` does not work, as the stylesheet's order and not the class list's decides between them.
 */
export const fit = (buttonClass: string, width = 'w-auto'): string => buttonClass.replace('w-full', width);
