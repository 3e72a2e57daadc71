import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import type * as DemoLoginCall from '../../features/auth/api/demo-login.ts';
import { NetworkError } from '../../shared/api/client.ts';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { ShellProvider, useShell } from '../../shared/routing/shell.tsx';
import { useSessionActions } from '../../shared/session/actions.tsx';
import { useSession } from '../../shared/session/store.ts';
import { LoadingScreen } from '../../shared/ui/LoadingScreen.tsx';
import { fit, primaryButton } from '../../shared/ui/styles.ts';

// The dialog library (decision 0880) stays out of the first page: this modal opens only after a submit.
const Modal = lazy(async () => ({ default: (await import('../../shared/ui/Modal.tsx')).Modal }));

// Loaded with its schema when the demo starts, not with the first page (decision 0760).
const demoLogin: typeof DemoLoginCall.demoLogin = async (...a) =>
  (await import('../../features/auth/api/demo-login.ts')).demoLogin(...a);

type Phase = 'loading' | 'ready' | 'error' | 'missing';

/**
 * The demo shell under /demo (spec 000 §2, §4; spec 001 §4): signs in to the demo account (loading, then ready,
 * or an error page on a network failure), serves only demo-flagged routes, and replaces every form submit with a
 * modal saying the action is restricted. Without a demo record in the session the user goes to sign-in.
 */
export function DemoShell() {
  const { t } = useTranslation();
  const shell = useShell();
  const session = useSession();
  const { signedIn } = useSessionActions();
  const [phase, setPhase] = useState<Phase>(() =>
    session?.demo ? 'ready' : session ? 'missing' : 'loading',
  );
  const [restricted, setRestricted] = useState(false);

  useEffect(() => {
    if (phase !== 'loading') return;
    let live = true;
    demoLogin().then(
      (r) => {
        if (!live) return;
        if (!r.demo) return setPhase('missing');
        signedIn(r);
        setPhase('ready');
      },
      (err) => live && setPhase(err instanceof NetworkError ? 'error' : 'missing'),
    );
    return () => {
      live = false;
    };
  }, [phase, signedIn]);

  if (phase === 'loading') return <LoadingScreen label={t('demo.loading')} />;
  if (phase === 'error')
    return (
      <main
        role="alert"
        className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center"
      >
        <p className="text-lg">{t('demo.error')}</p>
        <button type="button" className={fit(primaryButton)} onClick={() => setPhase('loading')}>
          {t('demo.retry')}
        </button>
      </main>
    );
  // A session without the demo record (signed out, or someone else's) is not the demo.
  if (phase === 'missing' || !session?.demo) return <Navigate to={paths.signIn} replace />;
  return (
    <ShellProvider value={{ ...shell, demo: true }}>
      <div
        className="contents"
        onSubmitCapture={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setRestricted(true);
        }}
      >
        <Outlet />
      </div>
      {restricted && (
        <Suspense fallback={null}>
          <Modal title={t('demo.restrictedTitle')} onClose={() => setRestricted(false)}>
            {t('demo.restricted')}
          </Modal>
        </Suspense>
      )}
    </ShellProvider>
  );
}
