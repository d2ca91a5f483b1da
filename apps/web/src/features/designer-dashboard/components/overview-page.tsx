import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/feedback/query-state';
import { DashboardLayout, DashboardSection, PartyFigures, RecentOrders } from '../../../components/party-dashboard/party-dashboard';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths } from '../../../config/routes';
import { designerDashboardQuery } from '../api/designer-dashboard.queries';

/** /dashboard/designer: their designs, units sold and revenue, and the latest orders of their designs. */
export default function DesignerOverviewPage() {
  const dashboard = useQuery(designerDashboardQuery());
  const designer = dashboard.data?.designer;
  return (
    <WorkspacePage title="Overview" subtitle={designer ? `${designer.displayName} · ${designer.specialty}` : '\u00a0'}>
      {dashboard.error ? (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} title="Your figures could not be loaded" />
      ) : (
        <DashboardLayout>
          <DashboardSection title="Figures" link={{ to: paths.designerDesigns, label: 'All your designs' }} testId="designer-figures">
            <PartyFigures dashboard={dashboard.data} label="Your figures" />
          </DashboardSection>
          <DashboardSection title="Recent orders" testId="designer-recent-orders">
            {dashboard.data ? <RecentOrders orders={dashboard.data.recentOrders} noun="your designs" /> : null}
          </DashboardSection>
        </DashboardLayout>
      )}
    </WorkspacePage>
  );
}
