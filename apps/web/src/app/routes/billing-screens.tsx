import { lazy } from 'react';

// The plan, pricing and payment screens (issue 18), each its own chunk.
const GetStartedPage = lazy(() =>
  import('../../features/billing/components/GetStartedPage.tsx').then((m) => ({ default: m.GetStartedPage })),
);
const QuotePage = lazy(() =>
  import('../../features/billing/components/QuotePage.tsx').then((m) => ({ default: m.QuotePage })),
);
const PaymentPage = lazy(() =>
  import('../../features/billing/components/PaymentPage.tsx').then((m) => ({ default: m.PaymentPage })),
);
const RegisterSuccessPage = lazy(() =>
  import('../../features/billing/components/RegisterSuccessPage.tsx').then((m) => ({
    default: m.RegisterSuccessPage,
  })),
);
const NewPricingPage = lazy(() =>
  import('../../features/billing/components/NewPricingPage.tsx').then((m) => ({ default: m.NewPricingPage })),
);
const PlanPage = lazy(() =>
  import('../../features/billing/components/PlanPage.tsx').then((m) => ({ default: m.PlanPage })),
);
const BillingPage = lazy(() =>
  import('../../features/billing/components/BillingPage.tsx').then((m) => ({ default: m.BillingPage })),
);
const ConsentPage = lazy(() =>
  import('../../features/billing/components/ConsentPage.tsx').then((m) => ({ default: m.ConsentPage })),
);
const PayPalConfirmPage = lazy(() =>
  import('../../features/billing/components/PayPalConfirmPage.tsx').then((m) => ({
    default: m.PayPalConfirmPage,
  })),
);
const PriceListsPage = lazy(() =>
  import('../../features/billing/components/PriceListsPage.tsx').then((m) => ({ default: m.PriceListsPage })),
);

/** The billing screen a route table screen id names. */
export function BillingScreen({ screen }: { screen: string }) {
  switch (screen) {
    case 'getStarted':
      return <GetStartedPage />;
    case 'quote':
      return <QuotePage />;
    case 'payment':
      return <PaymentPage />;
    case 'registerSuccess':
      return <RegisterSuccessPage />;
    case 'newPricing':
      return <NewPricingPage />;
    case 'plan':
      return <PlanPage />;
    case 'aiTraining':
      return <ConsentPage kind="aiTraining" />;
    case 'demoConsent':
      return <ConsentPage kind="partnerDemo" />;
    case 'paypalConfirm':
      return <PayPalConfirmPage />;
    case 'priceLists':
      return <PriceListsPage />;
    default:
      return <BillingPage />;
  }
}
