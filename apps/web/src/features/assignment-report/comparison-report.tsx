import { lazy, Suspense, useId, useState } from 'react';
import { BarChart3 } from 'lucide-react';
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
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { useSavePreferences } from '../../app/preferences';
import { useMe } from '../../app/viewer';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import { colourAt, rememberedScoreType, selectedMetrics, toggleMetric } from './comparison-data';

// Recharts loads only when a chart is drawn.
const ComparisonChart = lazy(() => import('./comparison-chart'));
import './assignment-report.css';
import { useAssignmentComparison } from './assignment-report.queries';

// The coach's Assignment Comparison Report (002 sections 2.6 and 9): a bar chart of the
// assignment's recordings of one score type, the metrics chosen by checkbox in three columns,
// both choices remembered in the user's preferences. A data table carries the same numbers.

export function ComparisonReport({ assignment }: { assignment: TAssignment }) {
  // Coach-only, and not for templates (002 section 2.6).
  if (assignment.isTemplate || !assignment.abilities.canSeeMembers) return null;
  return <ComparisonReportCard assignment={assignment} />;
}

function ComparisonReportCard({ assignment }: { assignment: TAssignment }) {
  const titleId = useId();
  const prefs = useMe().data?.user.preferences;
  const [scoreType, setScoreType] = useState<TComparisonScoreType>(() => rememberedScoreType(prefs));
  const [picked, setPicked] = useState<string[] | null>(null);

  const comparison = useAssignmentComparison(assignment.assignmentId, scoreType);

  // Remembered for every assignment: the last score type and metric selection (002 section 9).
  const remember = useSavePreferences();

  const data = comparison.data;
  const selected = data ? (picked ?? selectedMetrics(prefs, data)) : [];

  const chooseScoreType = (value: string) => {
    const next = value as TComparisonScoreType;
    setScoreType(next);
    remember({ [COMPARISON_PREFERENCES.scoreType]: next });
  };
  const toggle = (id: string, on: boolean) => {
    if (!data) return;
    const next = toggleMetric(data.metrics, selected, id, on);
    setPicked(next);
    remember({ [COMPARISON_PREFERENCES.selectedMetrics]: next });
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
        <Suspense fallback={<LoadingState text="Drawing the chart..." />}>
          <ComparisonChart data={data} series={series} />
        </Suspense>
      )}
    </>
  );
}
