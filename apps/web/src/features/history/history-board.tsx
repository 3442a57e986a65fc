import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { History, LineChart as LineChartIcon, Mic } from 'lucide-react';
import { MSG, PROGRESS_DEFAULT_DIALS, type THistoryPoint } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { EmptyState } from '../../components/empty-state';
import { LineChart } from '../../components/line-chart/line-chart';
import { LoadingState } from '../../components/spinner';
import { SegmentedControl } from '../../components/segmented-control';
import { Tabs } from '../../components/tabs';
import { formatDate } from '../../components/date-format';
import {
  DEFAULT_SCORE,
  DIAL_OPTIONS,
  HISTORY_STRINGS,
  NEGATIVE_VIBE_OPTIONS,
  POSITIVE_VIBE_OPTIONS,
  buildSeries,
  formatScore,
  tickText,
  scoreOption,
  sortByDate,
  type TScoreOption,
} from './history-series';
import { DialChecklist, ProgressCharts } from './progress-board';
import { useHistory } from './history.queries';

type THistoryTab = 'recordings' | 'dials' | 'vibes';

const TABS = [
  { key: 'recordings', label: 'Recordings' },
  { key: 'dials', label: 'Plot Dials' },
  { key: 'vibes', label: 'Plot Vibes' },
] as const;
/** The Progress view plots dials only: vibes have no ideal zone to judge a trend against. */
const PROGRESS_TABS = TABS.filter((t) => t.key !== 'vibes');

/** One score at a time (001 section 2), or several dials as small multiples (issue 20); ?view=progress. */
type THistoryView = 'score' | 'progress';
const VIEWS = ['score', 'progress'] as const;
const VIEW_LABELS: Record<THistoryView, string> = { score: 'One score', progress: 'Progress' };

function useHistoryView(): [THistoryView, (v: THistoryView) => void] {
  const [params, setParams] = useSearchParams();
  // Held in state as well: a controlled radio must change in the click's own render, and the
  // router applies a new address in a transition, later.
  const fromUrl: THistoryView = params.get('view') === 'progress' ? 'progress' : 'score';
  const [view, setViewState] = useState<THistoryView>(fromUrl);
  // An address change from elsewhere (the History link in the header) wins.
  useEffect(() => setViewState(fromUrl), [fromUrl]);
  const setView = (v: THistoryView) => {
    setViewState(v);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v === 'progress') next.set('view', v);
        else next.delete('view');
        return next;
      },
      { replace: true },
    );
  };
  return [view, setView];
}

/** One user's history: the recording selection and score choice beside the chart. */
export function HistoryBoard({
  userId,
  canRecord,
  focusId = null,
}: {
  userId: string | null;
  canRecord: boolean;
  focusId?: string | null;
}) {
  const history = useHistory(userId);
  const points = useMemo(() => sortByDate(history.data ?? []), [history.data]);
  const [view, setView] = useHistoryView();
  const [tab, setTab] = useState<THistoryTab>('recordings');
  const [score, setScore] = useState(DEFAULT_SCORE);
  const [dials, setDials] = useState<string[]>(() => [...PROGRESS_DEFAULT_DIALS]);
  const shownTab: THistoryTab = view === 'progress' && tab === 'vibes' ? 'dials' : tab;
  // Recordings are selected unless taken out, so new ones join the chart.
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(new Set());

  if (history.isPending) {
    return (
      <Card>
        <LoadingState text="Loading recordings..." />
      </Card>
    );
  }
  if (history.isError) {
    return <Banner kind="error" inline title="Could not load the history" text={errorMessage(history.error, MSG.serverError)} />;
  }
  if (points.length === 0) {
    return (
      <Card>
        <EmptyState icon={<History size={24} aria-hidden />} title={HISTORY_STRINGS.empty}>
          <p>Once a recording has been analysed, its scores appear here.</p>
          {canRecord && (
            <ButtonLink to="/record" variant="accent" icon={<Mic size={16} aria-hidden />}>
              Make a recording
            </ButtonLink>
          )}
        </EmptyState>
      </Card>
    );
  }

  const focus = points.find((p) => p.recordingId === focusId) ?? null;
  const selected = points.filter((p) => !deselected.has(p.recordingId));
  const allSelected = selected.length === points.length;
  const series = buildSeries(selected, score);
  const n = series.points.length;
  const toggle = (id: string, on: boolean) =>
    setDeselected((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="history-layout">
      {focus && <FocusNote point={focus} score={score} />}
      <div className="history-view">
        <SegmentedControl<THistoryView> label="History view" values={VIEWS} labels={VIEW_LABELS} value={view} onChange={setView} />
      </div>
      <section className="card history-controls" aria-label="Chart options">
        <Tabs<THistoryTab>
          label="Chart options"
          idPrefix="history"
          items={view === 'progress' ? PROGRESS_TABS : TABS}
          selected={shownTab}
          onSelect={setTab}
        />
        <div
          className="history-controls__panel"
          role="tabpanel"
          id={`history-panel-${shownTab}`}
          aria-labelledby={`history-tab-${shownTab}`}
        >
          {shownTab === 'recordings' && (
            <RecordingsPanel
              points={points}
              deselected={deselected}
              allSelected={allSelected}
              selectedCount={selected.length}
              focusId={focus?.recordingId ?? null}
              onToggle={toggle}
              onToggleAll={() => setDeselected(allSelected ? new Set(points.map((p) => p.recordingId)) : new Set())}
            />
          )}
          {shownTab === 'dials' && view === 'progress' && <DialChecklist chosen={dials} onChange={setDials} />}
          {shownTab === 'dials' && view === 'score' && (
            <ScoreRadios legend="Dial to plot" options={DIAL_OPTIONS} value={score} onChange={setScore} />
          )}
          {shownTab === 'vibes' && (
            <div className="stack">
              <ScoreRadios legend="Positive vibes" options={POSITIVE_VIBE_OPTIONS} value={score} onChange={setScore} tone="positive" />
              <ScoreRadios legend="Negative vibes" options={NEGATIVE_VIBE_OPTIONS} value={score} onChange={setScore} tone="negative" />
            </div>
          )}
        </div>
      </section>

      {view === 'progress' ? (
        selected.length === 0 ? (
          <Card className="history-chart-card" title="Progress">
            <EmptyState icon={<LineChartIcon size={24} aria-hidden />} title={HISTORY_STRINGS.noneSelected}>
              <p>Tick recordings in the Recordings tab to add them to the charts.</p>
            </EmptyState>
          </Card>
        ) : (
          <ProgressCharts userId={userId} selected={selected} dials={dials} />
        )
      ) : (
        <Card
          className="history-chart-card"
          title={series.option.label}
          titleId="history-chart-title"
          description={
            series.option.kind === 'vibe'
              ? 'Vibe strength on a scale of 0 to 10, oldest recording first.'
              : 'Oldest recording first. Select a title to open its results.'
          }
          actions={<SeriesStats points={series.points.map((p) => p.value)} format={(v) => formatScore(score, v)} />}
        >
          {selected.length === 0 ? (
            <EmptyState icon={<LineChartIcon size={24} aria-hidden />} title={HISTORY_STRINGS.noneSelected}>
              <p>Tick recordings in the Recordings tab to add them to the chart.</p>
            </EmptyState>
          ) : n === 0 ? (
            <EmptyState icon={<LineChartIcon size={24} aria-hidden />} title={HISTORY_STRINGS.noValues} />
          ) : (
            <>
              <ul className="history-legend" aria-hidden>
                <li>
                  <span className="history-legend__line" /> {series.option.label}
                </li>
                {series.hasBand && (
                  <li>
                    <span className="history-legend__band" /> Ideal zone
                  </li>
                )}
              </ul>
              <LineChart
                label={`${series.option.label} across ${n} ${n === 1 ? 'recording' : 'recordings'}`}
                seriesLabel={series.option.label}
                categoryLabel="Recording"
                points={series.points}
                min={series.min}
                max={series.max}
                format={(v) => formatScore(score, v)}
                tickFormat={(v) => tickText(score, v)}
              />
            </>
          )}
        </Card>
      )}
    </div>
  );
}

/** The recording the history was opened at: its title (to its results), date and the plotted score. */
function FocusNote({ point, score }: { point: THistoryPoint; score: string }) {
  const option = scoreOption(score);
  const value = point.values[score];
  return (
    <p className="history-focus" data-testid="history-focus">
      History at{' '}
      <Link to={`/evaluate/${point.recordingId}`} className="table-strong">
        {point.title}
      </Link>
      , {formatDate(point.createdDate)}
      {typeof value === 'number' && (
        <>
          {' '}
          · {option.label}: <strong>{formatScore(score, value)}</strong>
        </>
      )}
    </p>
  );
}

function RecordingsPanel({
  points,
  deselected,
  allSelected,
  selectedCount,
  focusId,
  onToggle,
  onToggleAll,
}: {
  points: readonly THistoryPoint[];
  deselected: ReadonlySet<string>;
  allSelected: boolean;
  selectedCount: number;
  focusId: string | null;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: () => void;
}) {
  // The recording the history was opened at is scrolled into the list's view once.
  const focusRef = useRef<HTMLLIElement>(null);
  useEffect(() => focusRef.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <div className="history-recordings">
      <div className="history-recordings__toolbar">
        <p className="subtle" aria-live="polite">
          {selectedCount} of {points.length} selected
        </p>
        <Button variant="secondary" size="sm" onClick={onToggleAll}>
          {allSelected ? 'Deselect All' : 'Select All'}
        </Button>
      </div>
      <ul className="history-options" aria-label="Recordings to plot">
        {points.map((p) => (
          <li
            key={p.recordingId}
            ref={p.recordingId === focusId ? focusRef : undefined}
            className={p.recordingId === focusId ? 'history-options__item history-options__item--current' : 'history-options__item'}
            aria-current={p.recordingId === focusId ? 'true' : undefined}
          >
            <Checkbox checked={!deselected.has(p.recordingId)} onCheckedChange={(on) => onToggle(p.recordingId, on)}>
              <span className="history-options__title">{p.title}</span>
              <span className="history-options__meta">{formatDate(p.createdDate)}</span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ScoreRadios({
  legend,
  options,
  value,
  onChange,
  tone,
}: {
  legend: string;
  options: readonly TScoreOption[];
  value: string;
  onChange: (key: string) => void;
  tone?: 'positive' | 'negative';
}) {
  return (
    <fieldset className={['history-radios', tone && `history-radios--${tone}`].filter(Boolean).join(' ')}>
      <legend className="history-radios__legend">{legend}</legend>
      {options.map((o) => (
        <label key={o.key} className="history-radio">
          <input
            type="radio"
            className="radio-dot"
            name="history-score"
            value={o.key}
            checked={value === o.key}
            onChange={() => onChange(o.key)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Latest value and the change since the first plotted recording. */
function SeriesStats({ points, format }: { points: number[]; format: (v: number) => string }) {
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const change = Math.round((last - first) * 10) / 10;
  return (
    <dl className="history-stats">
      <div>
        <dt>Latest</dt>
        <dd>{format(last)}</dd>
      </div>
      {points.length > 1 && (
        <div>
          <dt>Change</dt>
          <dd>{change > 0 ? `+${format(change)}` : change < 0 ? `−${format(-change)}` : format(0)}</dd>
        </div>
      )}
    </dl>
  );
}
