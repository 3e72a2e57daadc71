import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initLifecycle, reportUncaughtErrors } from './app/services.ts';
import { currentBrand, MAIN_BRAND } from './shared/config/brand.ts';
import { initI18n, initialLanguage, messagesOf } from './shared/i18n/index.ts';
import { detectAppMode } from './shared/platform/app-mode.ts';
import { watchOffline } from './shared/platform/network.ts';
import './index.css';

const app = detectAppMode(location.search);
const language = initialLanguage();
initI18n(language, await messagesOf(language));
reportUncaughtErrors();
watchOffline();
initLifecycle(app);

// SSO BRIDGE (decision 0830; the one place): until the brands work serves each host's Brand before the first paint,
// every host offers the providers the server is configured with (GET /sso/providers), asked once here. Remove it
// when the brand carries them.
await fetch('/sso/providers')
  .then((r) => (r.ok ? (r.json() as Promise<{ providers: { id: string }[] }>) : { providers: [] }))
  .then((r) => {
    MAIN_BRAND.ssoProviders = r.providers.map((p) => p.id);
  })
  .catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App brand={currentBrand()} app={app} />
  </StrictMode>,
);
