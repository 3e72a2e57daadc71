import type { BrandDocumentKind } from '@vigil/contracts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useBrandDocument } from '../api/get-document.ts';
import { Markdown } from './markdown.tsx';

/**
 * /terms and /privacy (and /terms-of-service, /privacy-policy for full white-label): the brand's own document, or
 * the plain template the main brand ships (decision 0820), rendered from markdown without any HTML.
 */
export function LegalPage({ kind, routeId }: { kind: BrandDocumentKind; routeId: string }) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const doc = useBrandDocument(kind);
  usePageTitle(t(`routes.${routeId}`), brand.name);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 text-neutral-800" data-testid="legal-document">
      {doc.isPending && <p role="status">{t('app.loading')}</p>}
      {doc.isError && (
        <p role="alert" className="text-red-700">
          {errorText(doc.error, t)}
        </p>
      )}
      {/* The page's heading is the document's own; a document without one gets the route's name. */}
      {doc.data && !/^#\s/m.test(doc.data.markdown) && (
        <h1 className="text-2xl font-semibold tracking-tight">{t(`routes.${routeId}`)}</h1>
      )}
      {doc.data && <Markdown source={doc.data.markdown} />}
    </article>
  );
}
