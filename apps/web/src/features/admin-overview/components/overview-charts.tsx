/**
 * The overview's charts. recharts is imported here and nowhere else, and this module is only ever
 * loaded lazily (overview-page.tsx), so the library stays in its own chunk. Ink and gold only,
 * hairline axes, no grid; the same numbers are in each card's table (the text alternative), so the
 * plots are decorative for assistive technology (their wrapper is aria-hidden).
 */
import { Bar, BarChart, LabelList, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps, type TooltipContentProps } from 'recharts';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/media';
import styles from './overview-charts.module.css';

const INK = '#111111';
const GOLD = '#b8975a';
const HAIRLINE = '#e6e1d8';
const MUTED = '#5e5a55';
const TICK = { fill: MUTED, fontSize: 12, fontFamily: 'Inter, system-ui, sans-serif' } as const;
const FULL = { width: '100%', height: '100%' } as const;

/** One bar: its axis label, its value, how the tooltip and the end label print it. */
export interface BarDatum {
  key: string;
  label: string;
  value: number;
  text: string;
  /** Drawn in gold (the current month, the largest category). */
  isHighlighted?: boolean;
}

function useAnimation() {
  const isReduced = useMediaQuery(REDUCED_MOTION_QUERY);
  return { isAnimationActive: !isReduced, animationDuration: 500, animationEasing: 'ease-out' as const };
}

function ChartTooltip({ active, payload }: TooltipContentProps) {
  const datum = payload[0]?.payload as BarDatum | undefined;
  if (!active || !datum) return null;
  return (
    <div className={styles.tooltip}>
      <span className={styles.tooltipLabel}>{datum.label}</span>
      <span className={styles.tooltipValue}>{datum.text}</span>
    </div>
  );
}

/** Revenue by month: twelve columns, the current month in gold. */
export function MonthColumns({ data, formatTick }: { data: readonly BarDatum[]; formatTick: (value: number) => string }) {
  const animation = useAnimation();
  return (
    <BarChart
      data={[...data]}
      responsive
      style={FULL}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
      accessibilityLayer={false}
      barCategoryGap="28%"
    >
      <XAxis dataKey="label" tickLine={false} axisLine={{ stroke: HAIRLINE }} tick={TICK} interval="preserveStartEnd" minTickGap={4} />
      <YAxis tickFormatter={formatTick} axisLine={false} tickLine={false} tick={TICK} width={56} allowDecimals={false} tickCount={4} />
      <Tooltip content={ChartTooltip} cursor={{ fill: GOLD, fillOpacity: 0.08 }} isAnimationActive={false} />
      <Bar
        dataKey="value"
        maxBarSize={40}
        {...animation}
        shape={(bar: BarShapeProps) => <Rectangle {...bar} fill={data[bar.index]?.isHighlighted ? GOLD : INK} />}
      />
    </BarChart>
  );
}

/** Horizontal bars with their value printed at the end (orders by status, stock value by category); highlighted bars in gold. */
export function LabelledBars({
  data,
  color = 'ink',
  labelWidth = 120,
}: {
  data: readonly BarDatum[];
  color?: 'ink' | 'gold';
  labelWidth?: number;
}) {
  const animation = useAnimation();
  return (
    <BarChart
      data={[...data]}
      layout="vertical"
      responsive
      style={FULL}
      margin={{ top: 0, right: 96, bottom: 0, left: 0 }}
      accessibilityLayer={false}
      barCategoryGap="30%"
    >
      <XAxis type="number" hide domain={[0, 'dataMax']} />
      <YAxis type="category" dataKey="label" width={labelWidth} tickLine={false} axisLine={{ stroke: HAIRLINE }} tick={TICK} interval={0} />
      <Tooltip content={ChartTooltip} cursor={{ fill: GOLD, fillOpacity: 0.08 }} isAnimationActive={false} />
      <Bar
        dataKey="value"
        maxBarSize={18}
        minPointSize={1}
        {...animation}
        shape={(bar: BarShapeProps) => <Rectangle {...bar} fill={data[bar.index]?.isHighlighted || color === 'gold' ? GOLD : INK} />}
      >
        <LabelList dataKey="text" position="right" offset={8} fill={INK} fontSize={12} fontFamily="Inter, system-ui, sans-serif" />
      </Bar>
    </BarChart>
  );
}
