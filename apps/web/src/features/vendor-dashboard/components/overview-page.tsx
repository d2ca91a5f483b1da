import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/feedback/query-state';
import { DashboardLayout, DashboardSection, PartyFigures, RecentOrders } from '../../../components/party-dashboard/party-dashboard';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { vendorDashboardQuery } from '../api/vendor-dashboard.queries';

/** /dashboard/vendor: the house's figures (its pieces, stock, sales) and its latest orders. */
export default function VendorOverviewPage() {
  const dashboard = useQuery(vendorDashboardQuery());
  const vendor = dashboard.data?.vendor;
  return (
    <WorkspacePage title="Overview" subtitle={vendor ? `${vendor.name} · ${vendor.code}` : '\u00a0'}>
      {dashboard.error ? (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} title="Your figures could not be loaded" />
      ) : (
        <DashboardLayout>
          <DashboardSection title="Figures" link={{ to: paths.vendorProducts, label: 'All your pieces' }} testId="vendor-figures">
            <PartyFigures dashboard={dashboard.data} label="Your figures" />
          </DashboardSection>
          <DashboardSection title="Recent orders" testId="vendor-recent-orders">
            {dashboard.data ? <RecentOrders orders={dashboard.data.recentOrders} noun="your pieces" /> : null}
          </DashboardSection>
        </DashboardLayout>
      )}
    </WorkspacePage>
  );
}
