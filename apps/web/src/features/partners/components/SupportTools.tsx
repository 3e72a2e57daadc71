import { type FormEvent, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, secondaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { type SupportTool, useMoveAccount, useSupportTool } from '../api/support.ts';
import { Block } from './Page.tsx';
import { ReprobeCamera } from './ReprobeCamera.tsx';
import '../../../shared/i18n/partners.texts.ts';

const TOOLS: SupportTool[] = ['resend-invitation', 'password-reset', 'unlock-sign-in'];

/** Support's actions on one account; the server writes each to the account's audit log. */
export function SupportTools({ uid, customer }: { uid: string; customer: boolean }) {
  const { t } = useTranslation();
  const tool = useSupportTool();
  const move = useMoveAccount();
  const [done, setDone] = useState<string>();
  const [installerId, setInstallerId] = useState('');
  const submitMove = (e: FormEvent) => {
    e.preventDefault();
    const id = installerId.trim();
    if (id) move.mutate({ uid, installerId: id }, { onSuccess: () => setDone(t('support.moved', { id })) });
  };
  return (
    <Block title={t('support.tools')} id="support-tools">
      <p className="text-neutral-700">{t('support.toolsIntro')}</p>
      <div className="flex flex-wrap gap-2">
        {TOOLS.map((name) => (
          <button
            key={name}
            type="button"
            className={smallButton}
            disabled={tool.isPending}
            onClick={() =>
              tool.mutate(
                { uid, tool: name },
                { onSuccess: () => setDone(t('support.done', { what: t(`support.tool.${name}`) })) },
              )
            }
          >
            {t(`support.tool.${name}`)}
          </button>
        ))}
      </div>
      {customer && (
        <form onSubmit={submitMove} className="flex flex-wrap items-end gap-3">
          <Field
            className="min-w-0 flex-1"
            label={t('support.moveTo')}
            name="installerId"
            value={installerId}
            onChange={(e) => setInstallerId(e.target.value)}
          />
          <button type="submit" className={fit(secondaryButton)} disabled={move.isPending}>
            {t('support.move')}
          </button>
        </form>
      )}
      <ReprobeCamera uid={uid} />
      <FormError message={(tool.error ?? move.error) ? errorText(tool.error ?? move.error, t) : undefined} />
      <StatusMessage message={done} />
    </Block>
  );
}
