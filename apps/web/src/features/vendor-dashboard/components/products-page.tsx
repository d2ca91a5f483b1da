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
import { vendorDashboardQuery, vendorPiecesQuery } from '../api/vendor-dashboard.queries';

const NO_FILTERS = {};

/** /dashboard/vendor/products: the vendor's own pieces, every status, read-only with a link to each on the site. */
export default function VendorProductsPage() {
  const navigate = useNavigate();
  const dashboard = useQuery(vendorDashboardQuery());
  const vendorId = dashboard.data?.vendor.id;
  const state = useTableUrlState(NO_FILTERS, { sortable: PIECE_SORTABLE, defaultSort: { id: 'updatedAt', desc: true } });
  const list = useQuery({
    ...vendorPiecesQuery({ vendorId: vendorId ?? '', page: state.page, size: state.size, sort: state.apiSort }),
    enabled: Boolean(vendorId),
  });
  const columns = useMemo(() => pieceColumns(), []);
  const total = list.data?.totalElements;
  const crumbs = [{ label: 'Overview', to: paths.vendorDashboard }];

  if (dashboard.error) {
    return (
      <WorkspacePage title="Products" crumbs={crumbs}>
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </WorkspacePage>
    );
  }
  return (
    <WorkspacePage title="Products" crumbs={crumbs} subtitle={total === undefined ? '\u00a0' : `${formatCount(total)} ${total === 1 ? 'piece' : 'pieces'}`}>
      <PiecesTableWrap>
        <DataTable<Product>
          id="vendor-pieces"
          caption="Your pieces"
          columns={columns}
          query={list}
          state={state}
          getRowId={(p) => p.id}
          rowLabel={(p) => p.name}
          onOpen={(p) => void navigate(to.product(p.id))}
          noun="pieces"
          empty={
            <EmptyState title="No pieces yet">
              <p>Your pieces appear here once Mirror has added them to the catalog.</p>
            </EmptyState>
          }
        />
      </PiecesTableWrap>
    </WorkspacePage>
  );
}
