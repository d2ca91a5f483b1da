import type { OrderFacets, OrderStatus } from '@mirror/contract';
import { Link, useSearchParams } from 'react-router';
import { formatCount } from '../../../lib/format';
import { patchParams } from '../../../lib/url-state';
import { ORDER_STATUSES, orderFilterSpec, orderStatusLabel } from '../orders';
import styles from './admin-orders.module.css';

/**
 * The status tabs: links that keep every other filter (a tab is a URL, so Back and a shared link
 * work), each with its count under the other filters (the facet ignores its own dimension).
 */
export function StatusTabs({ current, facets }: { current: OrderStatus | undefined; facets: OrderFacets | undefined }) {
  const [params] = useSearchParams();
  const hrefOf = (status: OrderStatus | undefined) => {
    const next = patchParams(params, orderFilterSpec, { status });
    const text = next.toString();
    return { search: text ? `?${text}` : '' };
  };
  const tabs: { status: OrderStatus | undefined; label: string; count: number | undefined }[] = [
    { status: undefined, label: 'All', count: facets?.total },
    ...ORDER_STATUSES.map((status) => ({ status, label: orderStatusLabel(status), count: facets?.byStatus[status] })),
  ];
  return (
    <nav aria-label="Order status" className={styles.tabs}>
      <ul className={styles.tabList}>
        {tabs.map((tab) => {
          const isCurrent = tab.status === current;
          return (
            <li key={tab.label}>
              <Link to={hrefOf(tab.status)} className={styles.tab} aria-current={isCurrent ? 'page' : undefined} preventScrollReset>
                {tab.label}
                <span className={styles.tabCount}>{tab.count === undefined ? '' : formatCount(tab.count)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
