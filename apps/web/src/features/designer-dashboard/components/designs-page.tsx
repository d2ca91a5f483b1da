import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Product } from '@mirror/contract';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PIECE_SORTABLE, PiecesTableWrap, pieceColumns } from '../../../components/party-dashboard/party-dashboard';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { formatCount } from '../../../lib/format';
import { designerDashboardQuery, designerDesignsQuery } from '../api/designer-dashboard.queries';

const NO_FILTERS = {};

/** /dashboard/designer/designs: the pieces whose designer they are, read-only, each linked to the site. */
export default function DesignerDesignsPage() {
  const navigate = useNavigate();
  const dashboard = useQuery(designerDashboardQuery());
  const designerId = dashboard.data?.designer.id;
  const state = useTableUrlState(NO_FILTERS, { sortable: PIECE_SORTABLE, defaultSort: { id: 'updatedAt', desc: true } });
  const list = useQuery({
    ...designerDesignsQuery({ designerId: designerId ?? '', page: state.page, size: state.size, sort: state.apiSort }),
    enabled: Boolean(designerId),
  });
  const columns = useMemo(() => pieceColumns(), []);
  const total = list.data?.totalElements;
  const crumbs = [{ label: 'Overview', to: paths.designerDashboard }];

  if (dashboard.error) {
    return (
      <WorkspacePage title="Designs" crumbs={crumbs}>
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </WorkspacePage>
    );
  }
  return (
    <WorkspacePage
      title="Designs"
      crumbs={crumbs}
      subtitle={total === undefined ? '\u00a0' : `${formatCount(total)} ${total === 1 ? 'design' : 'designs'} on the site`}
    >
      <PiecesTableWrap>
        <DataTable<Product>
          id="designer-designs"
          caption="Your designs"
          columns={columns}
          query={list}
          state={state}
          getRowId={(p) => p.id}
          rowLabel={(p) => p.name}
          onOpen={(p) => void navigate(to.product(p.id))}
          noun="designs"
          empty={
            <EmptyState title="No designs on the site yet">
              <p>Your pieces appear here once the house has put them on sale.</p>
            </EmptyState>
          }
        />
      </PiecesTableWrap>
    </WorkspacePage>
  );
}
