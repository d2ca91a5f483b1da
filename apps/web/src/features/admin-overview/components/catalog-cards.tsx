import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Link } from 'react-router';
import type { ProductStatistics } from '@mirror/contract';
import { Table } from '../../../components/ui/table';
import { formatCount, formatMoney } from '../../../lib/format';
import { productStatisticsQuery } from '../api/overview.queries';
import { amountIn, nonZero } from '../overview-figures';
import { overviewLinks } from '../overview-links';
import { CardError, ChartCard, ChartLoading, Figure, FigureList, FigureSkeletons, Section } from './overview-parts';

const LabelledBars = lazy(() => import('./overview-charts').then((m) => ({ default: m.LabelledBars })));

const CATALOG_LABELS = ['Pieces', 'Active', 'Featured', 'Low stock', 'Out of stock', 'Stock value'] as const;

export function CatalogFigures() {
  const query = useQuery(productStatisticsQuery());
  const stats = query.data;
  return (
    <Section title="Catalog" link={{ to: overviewLinks.products(), label: 'All pieces' }} testId="overview-catalog">
      {stats ? (
        <CatalogFigureList stats={stats} />
      ) : query.isError ? (
        <CardError what="The catalog figures" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <FigureSkeletons labels={CATALOG_LABELS} columns={3} />
      )}
    </Section>
  );
}

function CatalogFigureList({ stats }: { stats: ProductStatistics }) {
  const value = nonZero(stats.stockValue).map((m) => formatMoney(m.amount, m.currency));
  const notActive = stats.byStatus.DRAFT + stats.byStatus.ARCHIVED;
  return (
    <FigureList label="Catalog figures" columns={3}>
      <Figure
        id="pieces"
        label="Pieces"
        to={overviewLinks.products()}
        value={formatCount(stats.total)}
        note={
          stats.total === 0
            ? 'No pieces yet'
            : `${formatCount(stats.byStatus.DRAFT)} draft · ${formatCount(stats.byStatus.ARCHIVED)} archived`
        }
      />
      <Figure
        id="active"
        label="Active"
        to={overviewLinks.products({ status: 'ACTIVE' })}
        value={formatCount(stats.byStatus.ACTIVE)}
        note={stats.total === 0 ? 'Shown on the site' : `${formatCount(notActive)} not on the site`}
      />
      <Figure
        id="featured"
        label="Featured"
        to={overviewLinks.products({ featured: true })}
        value={formatCount(stats.featured)}
        note="On the home page"
      />
      <Figure
        id="low-stock"
        label="Low stock"
        to={overviewLinks.products({ stock: 'low' })}
        value={formatCount(stats.lowStock)}
        note={`${formatCount(stats.lowStockThreshold)} or fewer left`}
        tone={stats.lowStock > 0 ? 'attention' : 'default'}
      />
      <Figure
        id="out-of-stock"
        label="Out of stock"
        to={overviewLinks.products({ stock: 'out' })}
        value={formatCount(stats.outOfStock)}
        note={stats.outOfStock > 0 ? 'None left to sell' : 'Every piece in stock'}
        tone={stats.outOfStock > 0 ? 'attention' : 'default'}
      />
      <Figure
        id="stock-value"
        label="Stock value"
        to={overviewLinks.products({ sort: '-stock' })}
        value={value[0] ?? ''}
        more={value.slice(1)}
        emptyText={value.length === 0 ? 'Nothing valued' : undefined}
        note={`${formatCount(stats.stockUnits)} ${stats.stockUnits === 1 ? 'unit' : 'units'} at list price`}
      />
    </FigureList>
  );
}

export function StockValueCard() {
  const query = useQuery(productStatisticsQuery());
  const stats = query.data;
  if (!stats) {
    return (
      <Section title="Stock value by category" testId="chart-stock">
        {query.isError ? (
          <CardError what="Stock value by category" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ChartLoading height="14rem" />
        )}
      </Section>
    );
  }
  // The chart shows the currency holding the most value; the table lists every currency.
  const currency = nonZero(stats.stockValue)[0]?.currency ?? null;
  const currencies = stats.stockValue.map((m) => m.currency);
  const rows = [...stats.stockValueByCategory].sort(
    (a, b) => (currency ? amountIn(b.value, currency) - amountIn(a.value, currency) : 0) || a.name.localeCompare(b.name),
  );
  const data = rows.map((row) => {
    const amount = currency ? amountIn(row.value, currency) : 0;
    return { key: row.categoryId, label: row.name, value: amount, text: currency ? formatMoney(amount, currency) : '' };
  });
  const height = `${Math.max(rows.length, 3) * 2.25 + 0.5}rem`;
  return (
    <ChartCard
      title="Stock value by category"
      testId="chart-stock"
      height={height}
      emptyText={currency === null ? 'No stock valued yet' : null}
      summary={currency ? 'Units in stock × list price (pieces priced on request are not valued)' : undefined}
      chart={<LabelledBars data={data} color="gold" labelWidth={120} />}
      table={
        <Table
          caption="Stock value by category"
          isCaptionHidden
          rows={rows}
          rowKey={(row) => row.categoryId}
          columns={[
            {
              key: 'category',
              header: 'Category',
              render: (row) => <Link to={overviewLinks.products({ category: row.categoryId })}>{row.name}</Link>,
            },
            ...currencies.map((c) => ({
              key: c,
              header: currencies.length > 1 ? `Value (${c})` : 'Value',
              align: 'end' as const,
              render: (row: (typeof rows)[number]) => formatMoney(amountIn(row.value, c), c),
            })),
          ]}
        />
      }
    />
  );
}
