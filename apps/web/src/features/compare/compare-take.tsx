import { useEffect } from 'react';
import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { METRIC_TITLES, routePath, type TMetricKey } from '@rostrum/contract';
import { Card } from '../../components/card';
import { formatDateTime } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { WaveformContext, useWaveform, useWaveformState } from '../../components/waveform/waveform-context';
import type { WaveformController } from '../../components/waveform/waveform-controller';
import { WaveformPlayer } from '../../components/waveform/waveform-player';
import { WEB_ROUTES } from '../../app/route-paths';
import { notifications } from '../../app/notification-store';
import { displayError } from '../results/recording-status';
import type { TTake } from './compare-takes';
import '../results/chip-toggle.css';

/** The metrics whose hot spots a take's waveform can show, in the results page's order. */
const HOT_SPOT_METRICS: readonly TMetricKey[] = ['pace', 'pauseToTalk', 'upspeak', 'wordSpotting', 'positiveVibes', 'negativeVibes'];

/** One take's column: its title, date and duration, and its own player with its hot spots. */
export function CompareTake({ take, index, controller }: { take: TTake; index: number; controller: WaveformController }) {
  const r = take.recording;
  useEffect(() => () => controller.unmount(), [controller]);
  return (
    <WaveformContext.Provider value={r.playbackUrl ? controller : null}>
      <Card as="article" className="compare-take">
        <div className="compare-take__head">
          <p className={`compare-take__label radar__series--${index}`}>
            <span className="compare-take__swatch" aria-hidden />
            Take {index + 1}
            {index === 0 ? ' · first' : ''}
          </p>
          <h2 className="compare-take__title">
            <Link to={routePath(WEB_ROUTES.evaluateRecording.path, { recordingId: r.recordingId })}>{r.title}</Link>
          </h2>
          <p className="compare-take__meta">
            <span>{formatDateTime(r.createdDate)}</span>
            {r.duration != null && (
              <span>
                <Clock size={14} aria-hidden /> {formatDuration(r.duration)}
              </span>
            )}
          </p>
        </div>
        {r.playbackUrl ? (
          <WaveformPlayer
            title={r.title}
            playbackUrl={r.playbackUrl}
            peaksUrl={r.peaksUrl}
            duration={r.duration ?? take.results.data.duration ?? 0}
            numSpeakers={r.numSpeakers}
            isVideo={false}
            solo={false}
            onDisplayError={() => {
              const e = displayError();
              notifications.error(e.title, e.text);
            }}
          >
            <HotSpots take={take} />
          </WaveformPlayer>
        ) : (
          <p className="muted">This recording has no audio to play.</p>
        )}
      </Card>
    </WaveformContext.Provider>
  );
}

/** Toggles for the hot spots of each metric that has some, as the results page's chart links do. */
function HotSpots({ take }: { take: TTake }) {
  const state = useWaveformState();
  const metrics = take.results.timestamped.metrics;
  const offered = HOT_SPOT_METRICS.filter((k) => (metrics[k]?.hotSpots.length ?? 0) > 0);
  if (!offered.length) return <p className="subtle compare-take__hot-none">No hot spots in this take.</p>;
  return (
    <fieldset className="compare-take__hot">
      <legend className="compare-take__hot-legend">Hot spots</legend>
      <HotSpotButtons keys={offered} take={take} active={state.highlight?.key ?? null} />
    </fieldset>
  );
}

function HotSpotButtons({ keys, take, active }: { keys: readonly TMetricKey[]; take: TTake; active: string | null }) {
  const controller = useWaveform();
  return (
    <>
      {keys.map((k) => {
        const spans = take.results.timestamped.metrics[k]?.hotSpots ?? [];
        return (
          <button
            key={k}
            type="button"
            className="chip-toggle"
            aria-pressed={active === k}
            disabled={!controller}
            onClick={() => controller?.toggleHighlight(k, spans)}
          >
            {METRIC_TITLES[k]} <span className="subtle">({spans.length})</span>
          </button>
        );
      })}
    </>
  );
}
