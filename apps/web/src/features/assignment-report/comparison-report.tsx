import { useId, useLayoutEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  ASSIGNMENT_MSG,
  COMPARISON_COLUMN_LABELS,
  COMPARISON_COLUMNS,
  COMPARISON_PREFERENCES,
  COMPARISON_SCORE_TYPE_LABELS,
  COMPARISON_SCORE_TYPES,
  type TAssignment,
  type TAssignmentComparison,
  type TComparisonMetric,
  type TComparisonScoreType,
  type TMeResponse,
  type TPreferences,
} from '@rostrum/contract';
import { call, client, errorMessage } from '../../api/http-client';
import { api, queryKeys } from '../../api/rostrum-api';
import { useMe } from '../../app/viewer';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import { chartRows, colourAt, formatValue, recordingLabel, rememberedScoreType, selectedMetrics, toggleMetric } from './comparison-data';
import './assignment-report.css';

// The coach's Assignment Comparison Report (002 sections 2.6 and 9): a bar chart of the
// assignment's recordings of one score type, the metrics chosen by checkbox in three columns,
// both choices remembered in the user's preferences. A data table carries the same numbers.

export const comparisonQueryKey = (assignmentId: string, scoreType: TComparisonScoreType) =>
  ['assignments', assignmentId, 'comparison', scoreType] as const;

export function getAssignmentComparison(assignmentId: string, scoreType: TComparisonScoreType): Promise<TAssignmentComparison> {
  return call('GET', () =>
    client.GET('/api/v1/assignments/{id}/comparison', { params: { path: { id: assignmentId }, query: { scoreType } } }),
  );
}

/** A series' name: the metric, with its column for ratings ("Overall (Coach Rating)"). */
function seriesName(m: TComparisonMetric): string {
  if (m.column === 'ratings') return m.key === 'overallMax' ? m.label : `${m.label} (Rating)`;
  if (m.column === 'coachRatings') return `${m.label} (Coach Rating)`;
  return m.label;
}

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

export function ComparisonReport({ assignment }: { assignment: TAssignment }) {
  // Coach-only, and not for templates (002 section 2.6).
  if (assignment.isTemplate || !assignment.abilities.canSeeMembers) return null;
  return <ComparisonReportCard assignment={assignment} />;
}

function ComparisonReportCard({ assignment }: { assignment: TAssignment }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const prefs = useMe().data?.user.preferences;
  const [scoreType, setScoreType] = useState<TComparisonScoreType>(() => rememberedScoreType(prefs));
  const [picked, setPicked] = useState<string[] | null>(null);

  const comparison = useQuery({
    queryKey: comparisonQueryKey(assignment.assignmentId, scoreType),
    queryFn: () => getAssignmentComparison(assignment.assignmentId, scoreType),
    placeholderData: keepPreviousData,
  });

  // Remembered for every assignment: the last score type and metric selection (002 section 9).
  const remember = useMutation({
    mutationFn: (p: TPreferences) => api.updatePreferences(p),
    onMutate: (p) => {
      queryClient.setQueryData<TMeResponse>(queryKeys.me, (me) =>
        me ? { ...me, user: { ...me.user, preferences: { ...me.user.preferences, ...p } } } : me,
      );
    },
  });

  const data = comparison.data;
  const selected = data ? (picked ?? selectedMetrics(prefs, data)) : [];

  const chooseScoreType = (value: string) => {
    const next = value as TComparisonScoreType;
    setScoreType(next);
    remember.mutate({ [COMPARISON_PREFERENCES.scoreType]: next });
  };
  const toggle = (id: string, on: boolean) => {
    if (!data) return;
    const next = toggleMetric(data.metrics, selected, id, on);
    setPicked(next);
    remember.mutate({ [COMPARISON_PREFERENCES.selectedMetrics]: next });
  };

  return (
    <Card
      className="comparison-report"
      title="Assignment Comparison Report"
      titleId={titleId}
      description="Compare this assignment's recordings by automated score, rating and coach rating."
    >
      <div className="stack stack--lg">
        <div className="comparison-report__settings">
          <SelectField
            label="Recordings"
            value={scoreType}
            onValueChange={chooseScoreType}
            options={COMPARISON_SCORE_TYPES.map((t) => ({ value: t, label: COMPARISON_SCORE_TYPE_LABELS[t] }))}
          />
        </div>
        {comparison.isPending ? (
          <LoadingState />
        ) : comparison.isError ? (
          <EmptyState title="The comparison could not be loaded">
            <p>{errorMessage(comparison.error, 'Please try again.')}</p>
            <Button variant="secondary" onClick={() => void comparison.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : (
          data && <ComparisonBody data={data} selected={selected} onToggle={toggle} />
        )}
      </div>
    </Card>
  );
}

function ComparisonBody({
  data,
  selected,
  onToggle,
}: {
  data: TAssignmentComparison;
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  const byId = new Map(data.metrics.map((m) => [m.id, m]));
  const series = selected.map((id) => byId.get(id)).filter((m): m is TComparisonMetric => !!m);
  return (
    <>
      <div className="comparison-report__columns">
        {COMPARISON_COLUMNS.map((column) => (
          <fieldset key={column} className="comparison-report__column">
            <legend>{COMPARISON_COLUMN_LABELS[column]}</legend>
            {data.metrics
              .filter((m) => m.column === column)
              .map((m) => {
                const at = selected.indexOf(m.id);
                return (
                  <div key={m.id} className="comparison-report__metric">
                    <Checkbox checked={at >= 0} onCheckedChange={(on) => onToggle(m.id, on)}>
                      {m.label}
                    </Checkbox>
                    {at >= 0 && <span className="comparison-report__swatch" style={{ background: colourAt(at) }} aria-hidden />}
                  </div>
                );
              })}
          </fieldset>
        ))}
      </div>
      {data.recordings.length === 0 ? (
        <EmptyState icon={<BarChart3 size={24} aria-hidden />} title={ASSIGNMENT_MSG.noRecordings} />
      ) : series.length === 0 ? (
        <EmptyState icon={<BarChart3 size={24} aria-hidden />} title="Choose a metric to compare" />
      ) : (
        <ComparisonChart data={data} series={series} />
      )}
    </>
  );
}

function ComparisonChart({ data, series }: { data: TAssignmentComparison; series: TComparisonMetric[] }) {
  const [ref, width] = useWidth<HTMLDivElement>(960);
  const narrow = width < 600;
  const ids = series.map((m) => m.id);
  const rows = chartRows(data, ids);
  // Each recording gets room for its bars; wider than the card, the chart scrolls sideways.
  const perGroup = Math.max(narrow ? 56 : 72, series.length * 18 + 28);
  const chartWidth = Math.max(width, rows.length * perGroup + 64);
  const height = narrow ? 300 : 380;
  const summary = `Bar chart of ${rows.length} ${rows.length === 1 ? 'recording' : 'recordings'} by ${series
    .map(seriesName)
    .join(', ')}. The table below lists the same values.`;
  return (
    <figure className="comparison-report__figure">
      <div ref={ref} className="comparison-report__scroll">
        <div role="img" aria-label={summary} style={{ width: chartWidth }}>
          <BarChart width={chartWidth} height={height} data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} barGap={2}>
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
            <Legend wrapperStyle={{ fontSize: 13 }} />
            {series.map((m, i) => (
              <Bar
                key={m.id}
                dataKey={m.id}
                name={seriesName(m)}
                fill={colourAt(i)}
                radius={[3, 3, 0, 0]}
                maxBarSize={40}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </div>
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
      <details className="comparison-report__table">
        <summary>Show the values as a table</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Assignment comparison values by recording</caption>
            <thead>
              <tr>
                <th scope="col">Recording</th>
                {series.map((m) => (
                  <th key={m.id} scope="col">
                    {seriesName(m)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.recordings.map((r) => (
                <tr key={r.recordingId}>
                  <th scope="row">{recordingLabel(r)}</th>
                  {series.map((m) => (
                    <td key={m.id}>{formatValue(r.values[m.id])}</td>
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
