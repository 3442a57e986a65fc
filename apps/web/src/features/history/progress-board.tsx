import { MoveRight, TrendingDown, TrendingUp } from 'lucide-react';
import { PLOTTABLE_DIALS, type THistoryPoint, type TTrend } from '@rostrum/contract';
import { useViewer } from '../../app/viewer';
import { Checkbox } from '../../components/checkbox';
import { LineChart } from '../../components/line-chart/line-chart';
import { formatScore, tickText } from './history-series';
import { buildProgress, TREND_WORDS, trendNote, type TProgressChart } from './progress-series';
import { useHistoryGroupMedians } from './history.queries';

// The Progress view (issue 20): small multiples of the chosen dials over the selected recordings,
// each against its ideal zone, with a trend and the group median where the server allows one.

const TREND_ICONS: Record<TTrend, typeof TrendingUp> = { improving: TrendingUp, steady: MoveRight, slipping: TrendingDown };

/** The Plot Dials tab of the Progress view: any number of dials at once; a newly ticked one joins at the end. */
export function DialChecklist({ chosen, onChange }: { chosen: readonly string[]; onChange: (keys: string[]) => void }) {
  return (
    <fieldset className="history-radios">
      <legend className="history-radios__legend">Dials to plot</legend>
      {PLOTTABLE_DIALS.map((d) => (
        <div key={d.key} className="history-check">
          <Checkbox
            checked={chosen.includes(d.key)}
            onCheckedChange={(on) => onChange(on ? [...chosen, d.key] : chosen.filter((k) => k !== d.key))}
          >
            {d.label}
          </Checkbox>
        </div>
      ))}
    </fieldset>
  );
}

export function ProgressCharts({
  userId,
  selected,
  dials,
}: {
  userId: string | null;
  selected: readonly THistoryPoint[];
  dials: readonly string[];
}) {
  const medians = useHistoryGroupMedians(userId);
  const { vocab } = useViewer();
  const charts = buildProgress(selected, dials, medians.data?.dials);
  const groupNames = medians.data?.groups.map((g) => g.name).join(', ') ?? '';
  const anyMedian = charts.some((c) => c.median);

  return (
    <section className="card history-chart-card" aria-labelledby="history-progress-title">
      <div className="card__header">
        <div>
          <h2 className="card__title" id="history-progress-title">
            Progress
          </h2>
          <p className="card__description">
            Each dial against its ideal zone, oldest recording first. Trends compare the latest recordings with the zone, so a falling
            number can be an improvement.
          </p>
        </div>
      </div>
      <div className="card__body">
        <ul className="history-legend" aria-hidden>
          <li>
            <span className="history-legend__line" /> Your score
          </li>
          <li>
            <span className="history-legend__band" /> Ideal zone
          </li>
          {anyMedian && (
            <li>
              <span className="history-legend__median" /> Group median{groupNames ? ` (${groupNames})` : ''}
            </li>
          )}
        </ul>
        {medians.data && medians.data.groups.length === 0 && (
          <p className="subtle history-median-note" data-testid="history-median-note">
            The group median is not shown: the {vocab.word('group')}'s privacy levels keep {vocab.word('speakers')}' scores private.
          </p>
        )}
        {medians.isError && (
          <p className="subtle history-median-note" data-testid="history-median-note">
            The group median could not be loaded.
          </p>
        )}
        {dials.length === 0 ? (
          <p className="subtle">Tick dials in the Plot Dials tab to plot them here.</p>
        ) : (
          <div className="progress-grid">
            {charts.map((c) => (
              <ProgressChart
                key={c.key}
                chart={c}
                mediansLoaded={!!medians.data && medians.data.groups.length > 0}
                speakersWord={vocab.word('speakers')}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function ProgressChart({ chart, mediansLoaded, speakersWord }: { chart: TProgressChart; mediansLoaded: boolean; speakersWord: string }) {
  const { series, trend, median, key } = chart;
  const n = series.points.length;
  const format = (v: number) => formatScore(key, v);
  const titleId = `progress-${key}-title`;
  const Icon = trend ? TREND_ICONS[trend] : null;
  const latest = series.points[n - 1]?.value;
  return (
    <article className="progress-chart" aria-labelledby={titleId} data-testid="progress-chart" data-dial={key}>
      <header className="progress-chart__header">
        <h3 className="progress-chart__title" id={titleId}>
          {series.option.label}
        </h3>
        {trend && Icon ? (
          <span className={`progress-trend progress-trend--${trend}`} data-testid="progress-trend">
            <Icon size={14} aria-hidden />
            <span>{TREND_WORDS[trend]}</span>
          </span>
        ) : null}
      </header>
      <p className="progress-chart__meta">
        {trendNote(chart)}
        {typeof latest === 'number' && (
          <>
            {' · '}Latest <strong>{format(latest)}</strong>
          </>
        )}
        {median && (
          <>
            {' · '}Group median <strong>{format(median.value)}</strong> ({median.speakerCount} {speakersWord})
          </>
        )}
        {!median && mediansLoaded && ` · Too few ${speakersWord} for a group median`}
      </p>
      {n === 0 ? (
        <p className="subtle">None of the selected recordings has a value for this dial.</p>
      ) : (
        <LineChart
          label={`${series.option.label} across ${n} ${n === 1 ? 'recording' : 'recordings'}`}
          seriesLabel={series.option.label}
          categoryLabel="Recording"
          points={series.points}
          min={series.min}
          max={series.max}
          format={format}
          tickFormat={(v) => tickText(key, v)}
          reference={median ? { value: median.value, label: 'Group median' } : null}
          aspect={0.5}
          minHeight={220}
        />
      )}
    </article>
  );
}
