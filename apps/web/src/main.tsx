import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initLifecycle, reportUncaughtErrors } from './app/services.ts';
import { currentBrand } from './shared/config/brand.ts';
import { watchInstallerBrand } from './shared/config/installer-brand.ts';
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
// The host's brand came with the page; an installer's own colours follow the session (decision 0820).
watchInstallerBrand(currentBrand());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App brand={currentBrand()} app={app} />
  </StrictMode>,
);
