import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { readJson, STORAGE_KEYS } from '../../shared/storage/local.ts';
import { fit, primaryButton, secondaryButton } from '../../shared/ui/styles.ts';
import { isChunkLoadError, shouldAutoReload } from './chunk-error.ts';

interface Props {
  children: ReactNode;
  app: boolean;
  report: (error: unknown, info: string) => void;
  onHome: () => void;
  /** The boundary starts over when this changes (navigating to another page). */
  resetKey: string;
}

type State = { error: unknown; resetKey: string } | { error: undefined; resetKey: string };

/**
 * Spec 000 §4 and §2: a failed chunk load means a new release and shows the refresh message (in the mobile app
 * it reloads once, at most every 30 s); any other crash shows the page-error message with a return-to-home button.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: undefined, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) {
      const last = readJson<number>(STORAGE_KEYS.lastChunkReload);
      if (shouldAutoReload(this.props.app, last, Date.now())) {
        localStorage.setItem(STORAGE_KEYS.lastChunkReload, String(Date.now()));
        location.reload();
      }
      return;
    }
    this.props.report(
      error,
      `page crash${info.componentStack ? `: ${info.componentStack.slice(0, 500)}` : ''}`,
    );
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return isChunkLoadError(this.state.error) ? (
      <UpdateMessage />
    ) : (
      <PageError
        onHome={() => {
          this.setState({ error: undefined });
          this.props.onHome();
        }}
      />
    );
  }
}

function UpdateMessage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <p className="text-lg">{t('errors.update', { brand: brand.name })}</p>
      <button type="button" onClick={() => location.reload()} className={fit(primaryButton)}>
        {t('errors.refresh')}
      </button>
    </div>
  );
}

function PageError({ onHome }: { onHome: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <p className="text-lg">{t('errors.page')}</p>
      <button type="button" onClick={onHome} className={fit(secondaryButton)}>
        {t('errors.returnHome')}
      </button>
    </div>
  );
}
