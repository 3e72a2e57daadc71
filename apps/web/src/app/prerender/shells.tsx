import { renderToStaticMarkup } from 'react-dom/server';
import { MAIN_BRAND } from '../../shared/config/brand.ts';
import { initI18n, messagesOf, SUPPORTED_LANGUAGES } from '../../shared/i18n/index.ts';
import { i18n } from '../../shared/i18n/translator.ts';
import { ShellProvider } from '../../shared/routing/shell.tsx';
import { AuthCard } from '../../shared/ui/AuthCard.tsx';
import { demoLabelKey } from '../demo/demo-label.ts';
import { FullscreenLayout } from '../layouts/FullscreenLayout.tsx';
import { SHELL_ATTRIBUTE } from './stale-shell.ts';

/**
 * Screens' shells rendered at build (scripts/web-prerender.ts, decision 0885): the layout, the heading and grey
 * boxes where the form comes, put in the page by the server so the screen's largest text paints from the page
 * alone, before any script. Never interactive (inert, hidden from assistive technology): the app replaces it on
 * its first render. The brand's name is a slot the server fills; the footer (brand links, messages) is left out.
 */
export const BRAND_SLOT = '%VIGIL_BRAND_NAME%';

function FormSkeleton() {
  return (
    <div className="space-y-4">
      {[0, 1].map((i) => (
        <div key={i}>
          <div className="h-5 w-24 rounded bg-neutral-200" />
          <div className="mt-1 h-[42px] rounded-md border border-neutral-300 bg-white" />
        </div>
      ))}
      <div className="h-5 rounded bg-neutral-100" />
      <div className="h-10 rounded-md bg-neutral-200" />
      <div className="h-10 rounded-md border border-neutral-300 bg-white" />
    </div>
  );
}

function SignInShell({ title, lang }: { title: string; lang: string }) {
  // `app`: the layout without its footer, whose contents are the brand's.
  const shell = { brand: { ...MAIN_BRAND, name: BRAND_SLOT }, app: true, demo: false };
  return (
    <div className="contents" lang={lang} aria-hidden="true" inert {...{ [SHELL_ATTRIBUTE]: lang }}>
      <ShellProvider value={shell}>
        <FullscreenLayout>
          <AuthCard title={title}>
            <FormSkeleton />
          </AuthCard>
        </FullscreenLayout>
      </ShellProvider>
    </div>
  );
}

/**
 * The demo's screens: the signed-in frame's navigation (a bar on a phone, the sidebar from 800 px) as plain boxes,
 * the demo's notice as DemoNotice draws it before the session names the demo's kind, and the loading spinner.
 */
function DemoShell({ lang }: { lang: string }) {
  const t = i18n.t;
  return (
    <div
      className="flex min-h-full flex-col min-[800px]:flex-row"
      lang={lang}
      aria-hidden="true"
      inert
      {...{ [SHELL_ATTRIBUTE]: lang }}
    >
      {/* h-12: PhoneMenu's PHONE_BAR_HEIGHT_PX (48); 88 px: the Sidebar's width. */}
      <div className="h-12 shrink-0 bg-nav min-[800px]:h-auto min-[800px]:w-[88px]" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap items-center gap-x-2 border-b border-amber-200 bg-amber-50 px-4 py-1 text-sm text-amber-900">
          <strong>{t(demoLabelKey(undefined))}</strong>
          <span>·</span>
          <span>{t('demo.cannotChange')}</span>
        </div>
        <div className="flex min-h-full flex-1 flex-col items-center justify-center gap-3 p-8 text-neutral-600">
          <span className="h-8 w-8 animate-spin rounded-full border-4 border-neutral-200 border-t-accent" />
        </div>
      </div>
    </div>
  );
}

/** Without the components' ids and test ids: the shell and the screen never share a name, even for a moment. */
const anonymous = (html: string) => html.replace(/ (id|data-testid|aria-labelledby)="[^"]*"/g, '');

/**
 * Per path, each language's shell markup; `branded`: drawn with the product's mark and background, so only for a
 * brand that looks so.
 */
export async function renderShells(): Promise<
  { paths: string[]; branded: boolean; html: Record<string, string> }[]
> {
  const signIn: Record<string, string> = {};
  const demo: Record<string, string> = {};
  for (const lang of SUPPORTED_LANGUAGES) {
    initI18n(lang, await messagesOf(lang));
    const title = i18n.t('auth.signInTitle', { brand: BRAND_SLOT });
    signIn[lang] = anonymous(renderToStaticMarkup(<SignInShell title={title} lang={lang} />));
    demo[lang] = anonymous(renderToStaticMarkup(<DemoShell lang={lang} />));
  }
  return [
    { paths: ['/sign-in'], branded: true, html: signIn },
    { paths: ['/demo/cameras', '/demo/events', '/demo/playback'], branded: false, html: demo },
  ];
}
