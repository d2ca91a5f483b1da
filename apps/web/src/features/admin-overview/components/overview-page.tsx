import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { formatShortDate } from '../../../lib/format';
import { overviewKeys } from '../api/overview.queries';
import { CatalogFigures, StockValueCard } from './catalog-cards';
import { NeedsAttention } from './needs-attention';
import { OrdersByStatusCard, RevenueCard, SalesFigures } from './orders-cards';
import { EmailFigures, PeopleFigures } from './people-cards';
import styles from './overview.module.css';

/**
 * The admin's first screen (/dashboard/admin): the house's figures, each a link to the table
 * filtered to it, the charts people would rather look at, and what needs someone today. Every card
 * loads on its own, so one failing endpoint leaves the others standing.
 */
export default function OverviewPage() {
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: overviewKeys.all });
  const [hasRefreshed, setHasRefreshed] = useState(false);
  return (
    <WorkspacePage
      title="Overview"
      subtitle={`Today, ${formatShortDate(new Date().toISOString())}`}
      actions={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => {
            setHasRefreshed(true);
            void client.invalidateQueries({ queryKey: overviewKeys.all });
          }}
          disabled={fetching > 0}
        >
          {fetching > 0 && hasRefreshed ? 'Refreshing…' : 'Refresh'}
        </button>
      }
    >
      <div className={styles.layout} data-testid="overview">
        <SalesFigures />
        <div className={`${styles.row} ${styles.rowWide}`}>
          <RevenueCard />
          <OrdersByStatusCard />
        </div>
        <NeedsAttention />
        <div className={`${styles.row} ${styles.rowWide}`}>
          <CatalogFigures />
          <StockValueCard />
        </div>
        <div className={`${styles.row} ${styles.rowPeople}`}>
          <PeopleFigures />
          <EmailFigures />
        </div>
      </div>
    </WorkspacePage>
  );
}
