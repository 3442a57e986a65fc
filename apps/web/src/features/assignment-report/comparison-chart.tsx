import { useLayoutEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { TAssignmentComparison, TComparisonMetric } from '@rostrum/contract';
import { chartRows, chartSeries, formatValue, recordingLabel, type TChartSeries } from './comparison-data';

// The comparison report's bar chart (Recharts), its legend, its text summary and its data table:
// one bar group per recording, one bar per selected metric in the 5-colour cycle.

/** The container's width, followed as it resizes (the chart draws at a fixed size). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

const truncate = (text: string, chars: number) => (text.length <= chars ? text : `${text.slice(0, chars - 1).trimEnd()}…`);

export default function ComparisonChart({ data, series }: { data: TAssignmentComparison; series: TComparisonMetric[] }) {
  const [ref, width] = useWidth<HTMLDivElement>(960);
  const narrow = width < 600;
  const bars = chartSeries(series);
  const ids = bars.map((b) => b.id);
  const rows = chartRows(data, ids);
  // Each recording gets room for its bars; wider than the card, the chart scrolls sideways.
  const perGroup = Math.max(narrow ? 56 : 72, series.length * 18 + 28);
  const chartWidth = Math.max(width, rows.length * perGroup + 64);
  const height = narrow ? 300 : 380;
  const summary = `Bar chart of ${rows.length} ${rows.length === 1 ? 'recording' : 'recordings'} by ${bars
    .map((b) => b.name)
    .join(', ')}. The table below lists the same values.`;
  return (
    <figure className="comparison-report__figure">
      <div ref={ref} className="comparison-report__scroll">
        <div role="img" aria-label={summary} style={{ width: chartWidth }}>
          {/* Keyed by the selection: Recharts places bars in the order they mounted, so a metric
              checked later would otherwise be drawn last, out of the legend's order. */}
          <BarChart
            key={ids.join(' ')}
            width={chartWidth}
            height={height}
            data={rows}
            margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            barGap={2}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="name"
              interval={0}
              height={narrow ? 72 : 56}
              angle={narrow ? -30 : 0}
              textAnchor={narrow ? 'end' : 'middle'}
              tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
              tickFormatter={(v: string) => truncate(v, narrow ? 16 : Math.max(12, Math.floor(perGroup / 7)))}
            />
            <YAxis width={40} tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }} allowDecimals />
            <Tooltip
              formatter={(v) => formatValue(typeof v === 'number' ? v : null)}
              cursor={{ fill: 'var(--color-primary-50)' }}
              contentStyle={{ borderRadius: 10, borderColor: 'var(--color-border)', fontSize: 13 }}
            />
            {bars.map((b) => (
              <Bar
                key={b.id}
                dataKey={b.id}
                name={b.name}
                fill={b.colour}
                radius={[3, 3, 0, 0]}
                maxBarSize={40}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </div>
      </div>
      <ChartLegend bars={bars} />
      <figcaption className="visually-hidden">{summary}</figcaption>
      <details className="comparison-report__table">
        <summary>Show the values as a table</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Assignment comparison values by recording</caption>
            <thead>
              <tr>
                <th scope="col">Recording</th>
                {bars.map((b) => (
                  <th key={b.id} scope="col">
                    {b.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.recordings.map((r) => (
                <tr key={r.recordingId}>
                  <th scope="row">{recordingLabel(r)}</th>
                  {bars.map((b) => (
                    <td key={b.id}>{formatValue(r.values[b.id])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * The legend, outside the sideways-scrolling chart so it wraps within the card at any width, in
 * the bars' order (Recharts' own legend sorts its entries by name).
 */
function ChartLegend({ bars }: { bars: TChartSeries[] }) {
  return (
    <ul className="comparison-report__legend" aria-label="Legend">
      {bars.map((b) => (
        <li key={b.id} className="comparison-report__legend-item">
          <span className="comparison-report__swatch" style={{ background: b.colour }} aria-hidden />
          {b.name}
        </li>
      ))}
    </ul>
  );
}
