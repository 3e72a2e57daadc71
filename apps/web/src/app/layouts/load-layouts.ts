import type * as AppLayoutModule from './AppLayout.tsx';
import type * as HeaderFooterModule from './HeaderFooterLayout.tsx';

let app: Promise<typeof AppLayoutModule> | undefined;
let site: Promise<typeof HeaderFooterModule> | undefined;

/** The signed-in layout's chunk, loaded once: by Frame, or earlier by App for a signed-in person (decision 0860). */
export const loadAppLayout = () => (app ??= import('./AppLayout.tsx'));

/** The header-and-footer layout's chunk, loaded once. */
export const loadHeaderFooterLayout = () => (site ??= import('./HeaderFooterLayout.tsx'));
