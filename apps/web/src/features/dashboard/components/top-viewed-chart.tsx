import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { TopViewedRow } from '@panel/shared/analytics/analytics-api';
import { formatChartCount, truncate } from '@panel/shared/ui/ui-constants';
import { TOP_VIEWED_SERIES_LABEL } from './dashboard-texts';

/** Bar height plus gap, in px; the chart grows with its rows (5 or 10). */
const ROW_PX = 34;
const AXES_PX = 30;
/** Titles on the axis are cut so the bars keep most of a phone's width; the tooltip shows them whole. */
const TITLE_CHARS = 18;

interface TopViewedChartProps {
  rows: readonly TopViewedRow[];
  testId: string;
}

/**
 * One bar chart of the dashboard (docs/product/screens.md#dashboard): a bar per title, most viewed on top,
 * values as k above 999. This module and the charting library are their own chunk, fetched when the
 * dashboard has rows to draw (decision 0058).
 */
export function TopViewedChart({ rows, testId }: TopViewedChartProps) {
  return (
    <BarChart
      h={rows.length * ROW_PX + AXES_PX}
      data={rows.map((row) => ({ title: row.title, total: row.total }))}
      dataKey="title"
      orientation="vertical"
      series={[{ name: 'total', label: TOP_VIEWED_SERIES_LABEL, color: 'blue.6' }]}
      valueFormatter={formatChartCount}
      withBarValueLabel
      gridAxis="none"
      tickLine="none"
      withXAxis={false}
      yAxisProps={{ width: 120, tickFormatter: (title: string) => truncate(title, TITLE_CHARS) }}
      barProps={{ radius: 4, isAnimationActive: false }}
      maxBarWidth={24}
      // Room for the largest bar's value ('250k') at its end.
      barChartProps={{ margin: { right: 44 } }}
      data-testid={testId}
    />
  );
}
