import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { fit, linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useSupportSearch } from '../api/support.ts';
import { cardList, cardRow, Page } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** /support and /support/users: accounts by e-mail, uid, installer or camera; the query stays in the address. */
export function SupportSearchPage({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  const link = useShellPath();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const results = useSupportSearch(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  return (
    <Page routeId={routeId}>
      <nav aria-label={t('routes.support')} className="flex flex-wrap gap-4">
        <Link to={link(paths.supportInstallers)} className={linkClass}>
          {t('routes.supportInstallers')}
        </Link>
        <Link to={link(paths.supportTools)} className={linkClass}>
          {t('routes.supportTools')}
        </Link>
        <Link to={link(paths.supportBrands)} className={linkClass}>
          {t('routes.supportBrands')}
        </Link>
        <Link to={link(paths.health)} className={linkClass}>
          {t('routes.health')}
        </Link>
      </nav>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <Field
            className="min-w-0 flex-1"
            label={t('support.search')}
            name="q"
            type="search"
            value={text}
            hint={<p className="mt-1 text-sm text-neutral-600">{t('support.searchHint')}</p>}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className={fit(primaryButton)}>
            {t('support.find')}
          </button>
        </form>
      </search>
      <FormError message={results.error ? errorText(results.error, t) : undefined} />
      {results.data && results.data.unavailable.length > 0 && (
        <p role="status" className="text-sm text-neutral-700">
          {t('support.regionsUnavailable', { regions: results.data.unavailable.join(', ') })}
        </p>
      )}
      {results.data &&
        (results.data.accounts.length === 0 ? (
          <p className="text-neutral-600">{t('support.noResults')}</p>
        ) : (
          <ul className={cardList} aria-label={t('support.search')}>
            {results.data.accounts.map((a) => (
              <li key={`${a.region} ${a.uid}`} className={cardRow}>
                {/* Every region is searched (decision 0620); another region's account opens here too (0858). */}
                <Link
                  to={link(
                    paths.supportAccount(a.uid, a.region === results.data.region ? undefined : a.region),
                  )}
                  className={`${linkClass} break-all`}
                >
                  {a.email}
                </Link>
                <span className="text-sm text-neutral-600">
                  {t(`support.type.${a.accountType}`)}
                  {a.installerId ? ` · ${a.installerId}` : ''}
                  {a.region === results.data.region
                    ? ''
                    : ` · ${t('support.elsewhere', { region: a.region })}`}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </Page>
  );
}
