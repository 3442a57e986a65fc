import { Lightbulb, MessageSquareText } from 'lucide-react';
import {
  METRIC_TITLES,
  NEGATIVE_VIBES,
  POSITIVE_VIBES,
  type TIdeal,
  type TResults,
  type TSpeakerScores,
  type TVariety,
} from '@rostrum/contract';
import { EmptyState } from '../../components/empty-state';

// The results summary shown when a recording is done: scores as plain accessible numbers for now.
// The full results page (waveform, dials, gauges, charts, feedback) grows from here.

const one = (n: number) => n.toFixed(1);

function ScoreTile({ title, value }: { title: string; value: number | null }) {
  return (
    <div className="score-tile">
      <p className="score-tile__title">{title}</p>
      <p className="score-tile__value" aria-label={value == null ? `${title}: not available` : `${title}: ${one(value)} out of 10`}>
        {value == null ? '—' : one(value)}
        <span className="score-tile__max" aria-hidden>
          /10
        </span>
      </p>
    </div>
  );
}

function Metric({ title, value, label, tone }: { title: string; value: string; label?: string | null; tone?: 'ok' | 'warn' }) {
  return (
    <div className="metric">
      <dt>{title}</dt>
      <dd>
        <span className="metric__value">{value}</span>
        {label && <span className={`metric__label metric__label--${tone ?? 'ok'}`}>{label}</span>}
      </dd>
    </div>
  );
}

function idealRange(ideal: TIdeal | undefined, unit: string): string | undefined {
  return ideal ? `Ideal ${ideal.idealMin}-${ideal.idealMax}${unit}` : undefined;
}

function varietyValue(v: TVariety | null): string {
  return v ? `${Math.round(v.inBand)}% in band` : '—';
}

function topVibes(s: TSpeakerScores, names: readonly string[]): { name: string; score: number }[] {
  return names
    .map((name) => ({ name, score: s.vibes[name as keyof typeof s.vibes] ?? 0 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
}

export function ResultsSummary({ results }: { results: TResults }) {
  const s = results.scores;
  if (s.isEmptyResults) {
    return <EmptyState title="There were no metrics calculated for this speaker" />;
  }
  const labels = results.data.labels;
  const words = Object.entries(s.wordSpotting).sort((a, b) => b[1] - a[1]);
  const conv = results.isConversational;
  return (
    <div className="stack stack--xl results-summary">
      <section aria-labelledby="scores-title" className="stack">
        <h2 id="scores-title" className="section-title">
          Scores
        </h2>
        <div className="score-tiles">
          {!conv && <ScoreTile title={METRIC_TITLES.overall} value={s.overall} />}
          <ScoreTile title={METRIC_TITLES.strengthOfOpening} value={s.strengthOfOpening} />
          <ScoreTile title={METRIC_TITLES.clarity} value={s.clarity} />
        </div>
      </section>

      <section aria-labelledby="delivery-title" className="stack">
        <h2 id="delivery-title" className="section-title">
          Delivery
        </h2>
        <dl className="metric-grid">
          <Metric
            title={METRIC_TITLES.pace}
            value={s.pace == null ? '—' : `${one(s.pace)} syllables/s`}
            label={labels.pace ?? idealRange(results.ideals.pace, ' syllables/s')}
            tone={labels.pace && labels.pace !== 'Ideal' ? 'warn' : 'ok'}
          />
          {!conv && (
            <Metric
              title={METRIC_TITLES.pauseToTalk}
              value={s.pauseToTalk == null ? '—' : `${Math.round(s.pauseToTalk)}%`}
              label={labels.pauseToTalk}
              tone={labels.pauseToTalk && labels.pauseToTalk !== 'Ideal' ? 'warn' : 'ok'}
            />
          )}
          {!conv && (
            <Metric
              title={METRIC_TITLES.upspeak}
              value={labels.upspeak ?? (s.upspeak == null ? '—' : `${Math.round(s.upspeak)}%`)}
              label={s.upspeak == null || !labels.upspeak ? undefined : `${Math.round(s.upspeak)}% of phrases`}
              tone={labels.upspeak === 'Too much' ? 'warn' : 'ok'}
            />
          )}
          {conv && (
            <>
              <Metric title={METRIC_TITLES.talkVsListen} value={s.talkVsListen == null ? '—' : `${Math.round(s.talkVsListen)}%`} />
              <Metric title={METRIC_TITLES.convoSwitches} value={s.convoSwitches == null ? '—' : String(s.convoSwitches)} />
              <Metric title={METRIC_TITLES.questions} value={s.questions == null ? '—' : String(s.questions)} />
            </>
          )}
          {!conv && (
            <>
              <Metric title={METRIC_TITLES.varietyVolume} value={varietyValue(s.varietyVolume)} />
              <Metric title={METRIC_TITLES.varietyPace} value={varietyValue(s.varietyPace)} />
              <Metric title={METRIC_TITLES.varietyPitch} value={varietyValue(s.varietyPitch)} />
            </>
          )}
        </dl>
      </section>

      <div className="grid-2 results-summary__pair">
        <section aria-labelledby="words-title" className="stack">
          <h2 id="words-title" className="section-title">
            {METRIC_TITLES.wordSpotting}
          </h2>
          {words.length === 0 ? (
            <p className="muted">No spotted words.</p>
          ) : (
            <ul className="word-counts">
              {words.map(([word, n]) => (
                <li key={word}>
                  <span>{word}</span>
                  <span className="word-counts__n">{n}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="vibes-title" className="stack">
          <h2 id="vibes-title" className="section-title">
            Top vibes
          </h2>
          <div className="vibe-columns">
            <VibeList title={METRIC_TITLES.positiveVibes} vibes={topVibes(s, POSITIVE_VIBES)} />
            <VibeList title={METRIC_TITLES.negativeVibes} vibes={topVibes(s, NEGATIVE_VIBES)} negative />
          </div>
        </section>
      </div>

      {results.tips.main.tips.length > 0 && (
        <section aria-labelledby="tips-title" className="tips">
          <h2 id="tips-title" className="section-title">
            <Lightbulb size={18} aria-hidden /> Next steps
          </h2>
          <ul>
            {results.tips.main.tips.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="transcript-title" className="stack">
        <h2 id="transcript-title" className="section-title">
          <MessageSquareText size={18} aria-hidden /> Transcript
        </h2>
        <div className="transcript" data-testid="transcript">
          {results.data.transcript ? <p>{results.data.transcript}</p> : <p className="muted">No words were recognised.</p>}
        </div>
      </section>
    </div>
  );
}

function VibeList({ title, vibes, negative }: { title: string; vibes: { name: string; score: number }[]; negative?: boolean }) {
  return (
    <div>
      <h3 className="vibe-list__title">{title}</h3>
      <ul className="vibe-list">
        {vibes.map((v) => (
          <li key={v.name} className={negative ? 'vibe-list__item vibe-list__item--negative' : 'vibe-list__item'}>
            <span className="vibe-list__name">{v.name}</span>
            <span className="vibe-list__score">{one(v.score)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
