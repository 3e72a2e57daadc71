import { OrderPage } from '../../features/orders/components/OrderPage.tsx';
import { OrdersPage } from '../../features/orders/components/OrdersPage.tsx';
import { TakeawayDashboard } from '../../features/orders/components/TakeawayDashboard.tsx';
import { TakeawaySettingsPage } from '../../features/orders/components/TakeawaySettingsPage.tsx';

/** The takeaway screens by screen id (loaded as one chunk): orders, an order, the dashboard and settings. */
export function TakeawayScreen({ screen }: { screen: string }) {
  switch (screen) {
    case 'order':
      return <OrderPage />;
    case 'takeawayDashboard':
      return <TakeawayDashboard />;
    case 'takeawaySettings':
      return <TakeawaySettingsPage />;
    default:
      return <OrdersPage />;
  }
}
