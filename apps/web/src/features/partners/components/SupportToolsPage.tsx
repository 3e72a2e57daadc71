import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { useSupportSearch } from '../api/support.ts';
import { Page } from './Page.tsx';
import { SupportTools } from './SupportTools.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** /support/tools: the tools for an account named by its user id or e-mail. */
export function SupportToolsPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useSupportSearch(q);
  // The tools act on this region's accounts (the search also names other regions', decision 0620).
  const match = found.data?.accounts.find(
    (a) => a.region === found.data.region && (a.uid === q || a.email === q.toLowerCase()),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  return (
    <Page routeId="supportTools">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <Field
          className="min-w-0 flex-1"
          label={t('support.uidOrEmail')}
          name="account"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={fit(primaryButton)}>
          {t('support.find')}
        </button>
      </form>
      {found.isSuccess && !match && <p className="text-neutral-600">{t('support.noResults')}</p>}
      {match && (
        <>
          <p className="break-all font-medium">{match.email}</p>
          <SupportTools uid={match.uid} customer={match.accountType === 'u'} />
        </>
      )}
    </Page>
  );
}
