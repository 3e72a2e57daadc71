import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { dropStaleShell } from './app/prerender/stale-shell.ts';
import { initLifecycle, reportUncaughtErrors } from './app/services.ts';
import { currentBrand } from './shared/config/brand.ts';
import { watchInstallerBrand } from './shared/config/installer-brand.ts';
import { initI18n, initialLanguage, messagesOf } from './shared/i18n/index.ts';
import { detectAppMode } from './shared/platform/app-mode.ts';
import { watchOffline } from './shared/platform/network.ts';
import { registerServiceWorker } from './shared/platform/service-worker.ts';
import './index.css';

// The app's Content-Security-Policy forbids eval (decision 0014), so zod's compiled parsers can never run here, and
// its probe for them (a caught `new Function`) was reported as a CSP violation on every page that parsed an answer
// (a Lighthouse best-practices issue, decision 0764). zod adopts this global as its configuration when it loads
// (later: the schemas are lazy chunks); importing its `config` instead put 3.6 KB of zod in the first page.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
const app = detectAppMode(location.search);
const language = initialLanguage();
dropStaleShell(language);
initI18n(language, await messagesOf(language));
reportUncaughtErrors();
watchOffline();
initLifecycle(app);
// The host's brand came with the page; an installer's own colours follow the session (decision 0820).
watchInstallerBrand(currentBrand());
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App brand={currentBrand()} app={app} />
  </StrictMode>,
);
