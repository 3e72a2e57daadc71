import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { useCreateCustomer, useRegions } from '../api/customers.ts';
import { CreateForm } from './CreateForm.tsx';
import { Page } from './Page.tsx';
import { RegionPicker } from './RegionPicker.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * /customers/new (installers only): a customer account in the region the installer picks (decision 0858; default its
 * own), made there through that region's API; its owner is invited to set a password.
 */
export function NewCustomerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useShellPath();
  const regions = useRegions();
  const create = useCreateCustomer();
  const [picked, setPicked] = useState<string>();
  const own = regions.data?.region;
  // The installer's own region unless another is picked; the form works before (or without) the list of regions.
  const elsewhere = picked !== undefined && picked !== own ? picked : undefined;
  return (
    <Page routeId="customerNew">
      <p className="text-neutral-700">{t('partners.newCustomerIntro')}</p>
      <CreateForm
        label={t('partners.create')}
        busy={create.isPending}
        error={create.error}
        done={undefined}
        onSubmit={(body) =>
          create.mutate(
            { region: elsewhere, body },
            {
              onSuccess: (c) =>
                void navigate(link(paths.customer(c.uid, elsewhere)), { state: { invited: c.email } }),
            },
          )
        }
      >
        {regions.data && (
          <RegionPicker regions={regions.data} value={picked ?? regions.data.region} onChange={setPicked} />
        )}
      </CreateForm>
    </Page>
  );
}
