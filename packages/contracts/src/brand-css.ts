/**
 * The white-label configuration's colours (spec 001 §3) and the CSS custom properties of the web app's stylesheet
 * (apps/web/src/index.css `@theme`) each one sets: written into the page by the server before first paint, and
 * over it by the web app for an installer's colours (decision 0821). No zod here: the web app's first page reads it.
 */
export const THEME_CSS_VARS = {
  accentColour: '--color-accent',
  colour: '--color-brand',
  buttonColour: '--color-button',
  buttonTextColour: '--color-button-text',
  navColour: '--color-nav',
  navTextColour: '--color-nav-text',
  navFadedTextColour: '--color-nav-faded',
  portalSidebar: '--color-portal-sidebar',
} as const;

/** The text over the accent colour when whiteOverAccent is off. */
export const DARK_OVER_ACCENT = '#111111';
