import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Switch } from '../../components/switch';
import { LIVE_CUE_TEXT, METER_FLOOR_DB } from './live-cues';
import { useLiveCues } from './use-live-cues';
import './live-cues-panel.css';

/** The Record tab's switch for the live cues (remembered as the liveCues preference). */
export function LiveCuesSwitch({ checked, onCheckedChange }: { checked: boolean; onCheckedChange: (on: boolean) => void }) {
  return (
    <div className="live-cues-switch">
      <Switch
        checked={checked}
        onCheckedChange={onCheckedChange}
        label={LIVE_CUE_TEXT.switchLabel}
        description={LIVE_CUE_TEXT.switchDescription}
      />
    </div>
  );
}

/** Level meter, its warnings, and pace and pausing cues for the stream being recorded. */
export function LiveCuesPanel({ stream }: { stream: MediaStream | null }) {
  const { levelDb, warning, cues } = useLiveCues(stream);
  const labelId = useId();
  const db = Math.round(Math.max(METER_FLOOR_DB, Math.min(0, levelDb)));
  const fill = (db - METER_FLOOR_DB) / -METER_FLOOR_DB;
  return (
    <section className="live-cues" aria-label={LIVE_CUE_TEXT.switchLabel}>
      <div className="live-cues__meter-row">
        <span className="live-cues__meter-label" id={labelId}>
          {LIVE_CUE_TEXT.meterLabel}
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot show a fixed green-amber-red scale alike in every browser. */}
        <div
          className={`live-cues__meter${warning === 'clipping' ? ' live-cues__meter--clipping' : ''}`}
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={METER_FLOOR_DB}
          aria-valuemax={0}
          aria-valuenow={db}
          aria-valuetext={db <= METER_FLOOR_DB ? LIVE_CUE_TEXT.meterSilent : LIVE_CUE_TEXT.meterValue(db)}
        >
          <span className="live-cues__meter-fill" style={{ clipPath: `inset(0 ${(100 - fill * 100).toFixed(1)}% 0 0)` }} />
        </div>
      </div>
      <p className="live-cues__warning" role="alert">
        {warning && (
          <>
            <AlertTriangle size={16} aria-hidden /> {LIVE_CUE_TEXT[warning]}
          </>
        )}
      </p>
      {cues.pace && cues.pauses ? (
        <dl className="live-cues__cues">
          <div className={`live-cue live-cue--${cues.pace.cue === 'good' ? 'good' : 'off'}`}>
            <dt>{LIVE_CUE_TEXT.paceLabel}</dt>
            <dd>
              <strong aria-live="polite">{LIVE_CUE_TEXT.pace[cues.pace.cue]}</strong>
              <span>{LIVE_CUE_TEXT.paceValue(cues.pace.value)}</span>
            </dd>
          </div>
          <div className={`live-cue live-cue--${cues.pauses.cue === 'good' ? 'good' : 'off'}`}>
            <dt>{LIVE_CUE_TEXT.pausesLabel}</dt>
            <dd>
              <strong aria-live="polite">{LIVE_CUE_TEXT.pauses[cues.pauses.cue]}</strong>
              <span>{LIVE_CUE_TEXT.pausesValue(cues.pauses.value)}</span>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="live-cues__listening">{LIVE_CUE_TEXT.listening}</p>
      )}
    </section>
  );
}
