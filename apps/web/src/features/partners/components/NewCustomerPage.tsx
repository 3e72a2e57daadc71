import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { useCreateCustomer } from '../api/customers.ts';
import { CreateForm } from './CreateForm.tsx';
import { Page } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** /customers/new (installers only): a customer account; its owner is invited to set a password. */
export function NewCustomerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useShellPath();
  const create = useCreateCustomer();
  return (
    <Page routeId="customerNew">
      <p className="text-neutral-700">{t('partners.newCustomerIntro')}</p>
      <CreateForm
        label={t('partners.create')}
        busy={create.isPending}
        error={create.error}
        done={undefined}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (c) => void navigate(link(paths.customer(c.uid)), { state: { invited: c.email } }),
          })
        }
      />
    </Page>
  );
}
