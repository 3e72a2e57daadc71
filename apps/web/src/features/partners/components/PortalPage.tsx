import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { fit, linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useCustomers, useRegions } from '../api/customers.ts';
import { useCreatePartner, usePartners } from '../api/partners.ts';
import { CreateForm } from './CreateForm.tsx';
import { CustomerList } from './CustomerList.tsx';
import { Block, Page } from './Page.tsx';
import { PartnerDemo } from './PartnerDemo.tsx';
import { PartnerList } from './PartnerList.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * /manage, the partner portal (spec 000 §2): an installer's customers, a distributor's installers, support's
 * distributors and installers. What each sees is what the server's partner scope answers (decision 0720).
 */
export function PortalPage() {
  const session = useSession();
  const type = session?.accountType;
  return (
    <Page routeId="manage">
      {type === 'i' && <InstallerPortal />}
      {type === 'd' && <PartnersBlock kind="i" />}
      {(type === 'i' || type === 'd') && <PartnerDemo />}
      {type === 's' && (
        <>
          <PartnersBlock kind="d" />
          <PartnersBlock kind="i" />
          <Link to={paths.support} className={linkClass}>
            <PortalSupportLink />
          </Link>
        </>
      )}
    </Page>
  );
}

function PortalSupportLink() {
  const { t } = useTranslation();
  return <>{t('partners.openSupport')}</>;
}

function InstallerPortal() {
  const { t } = useTranslation();
  const link = useShellPath();
  const customers = useCustomers();
  const regions = useRegions();
  return (
    <Block title={t('partners.customers')} id="portal-customers">
      <p className="text-neutral-700">{t('partners.customersIntro')}</p>
      <Link to={link(paths.customersNew)} className={fit(primaryButton)}>
        {t('partners.newCustomer')}
      </Link>
      <FormError message={customers.error ? errorText(customers.error, t) : undefined} />
      {customers.data && (
        <CustomerList
          list={customers.data}
          linkOf={(uid, region) => link(paths.customer(uid, region))}
          showRegions={(regions.data?.regions.length ?? 1) > 1}
        />
      )}
    </Block>
  );
}

/** A distributor's installers (support: every installer), or support's distributors, with the form to add one. */
function PartnersBlock({ kind }: { kind: 'i' | 'd' }) {
  const { t } = useTranslation();
  const link = useShellPath();
  const support = useSession()?.accountType === 's';
  const list = usePartners(kind);
  const create = useCreatePartner(kind);
  const [done, setDone] = useState<string>();
  const title = kind === 'd' ? t('partners.distributors') : t('partners.installers');
  return (
    <Block title={title} id={`portal-${kind}`}>
      <CreateForm
        label={kind === 'd' ? t('partners.newDistributor') : t('partners.newInstaller')}
        busy={create.isPending}
        error={create.error}
        done={done}
        onSubmit={(v, reset) =>
          create.mutate(v, {
            onSuccess: () => {
              setDone(v.email);
              reset();
            },
          })
        }
      />
      <FormError message={list.error ? errorText(list.error, t) : undefined} />
      {list.data && (
        <PartnerList
          partners={list.data}
          label={title}
          empty={kind === 'd' ? t('partners.noDistributors') : t('partners.noInstallers')}
          linkOf={
            kind === 'i'
              ? (id) => link(support ? paths.supportInstaller(id) : paths.partnerInstaller(id))
              : undefined
          }
          actions
        />
      )}
    </Block>
  );
}
