// The drawings of the analytics page, in their own chunk: @fluentui/react-charts (Fluent UI v9's charts, themed
// by the same tokens, so dark mode and high contrast follow) loads only when a Pro organization opens the page.
import { FunnelChart, HorizontalBarChartWithAxis, LineChart, VerticalBarChart } from '@fluentui/react-charts';
import { tokens } from '@fluentui/react-components';
import {
  formatDuration,
  formatWeek,
  type TAnalyticsBreakdown,
  type TAnalyticsFunnel,
  type TDecksPerWeek,
  type TTimeToProcess,
} from '../lib/analytics-api.js';

const HEIGHT = 280;
const brand = tokens.colorBrandBackground;

export function DecksPerWeekChart({ data, title }: { data: TDecksPerWeek; title: string }) {
  return (
    <VerticalBarChart
      chartTitle={title}
      height={HEIGHT}
      hideLegend
      useSingleColor
      colors={[brand]}
      yAxisTitle="Decks"
      data={data.weeks.map((w) => ({
        x: formatWeek(w.weekStart),
        y: w.count,
        legend: 'Decks',
        xAxisCalloutData: `Week of ${formatWeek(w.weekStart)}`,
        yAxisCalloutData: `${w.count} decks`,
      }))}
    />
  );
}

export function BreakdownChart({ data, title }: { data: TAnalyticsBreakdown; title: string }) {
  return (
    <HorizontalBarChartWithAxis
      chartTitle={title}
      height={Math.max(160, 32 * data.groups.length + 60)}
      hideLegend
      useSingleColor
      colors={[brand]}
      // Largest on top: the axis lists the categories in the order given, bottom first.
      data={[...data.groups].reverse().map((g) => ({
        x: g.count,
        y: g.label,
        legend: g.label,
        xAxisCalloutData: g.label,
        yAxisCalloutData: `${g.count} decks`,
      }))}
    />
  );
}

export function FunnelView({ data, title }: { data: TAnalyticsFunnel; title: string }) {
  return (
    <FunnelChart
      chartTitle={title}
      height={HEIGHT}
      hideLegend
      data={[
        { stage: 'Received', value: data.received, color: tokens.colorBrandBackground },
        { stage: 'Completed', value: data.completed, color: tokens.colorPaletteTealBackground2 },
        { stage: 'Deal created', value: data.deals, color: tokens.colorPaletteGreenBackground3 },
      ]}
    />
  );
}

export function TimeToProcessChart({ data, title }: { data: TTimeToProcess; title: string }) {
  const weeks = data.weeks.filter((w) => w.medianSeconds !== null);
  const line = (legend: string, color: string, pick: (w: (typeof weeks)[number]) => number | null) => ({
    legend,
    color,
    data: weeks.map((w) => ({
      x: new Date(`${w.weekStart}T00:00:00Z`),
      y: Math.round((pick(w) ?? 0) / 60),
      xAxisCalloutData: `Week of ${formatWeek(w.weekStart)}`,
      yAxisCalloutData: formatDuration(pick(w)),
    })),
  });
  return (
    <LineChart
      height={HEIGHT}
      yAxisTitle="Minutes"
      useUTC
      data={{
        chartTitle: title,
        lineChartData: [
          line('Median', tokens.colorBrandBackground, (w) => w.medianSeconds),
          line('90th percentile', tokens.colorPaletteDarkOrangeBackground3, (w) => w.p90Seconds),
        ],
      }}
    />
  );
}
