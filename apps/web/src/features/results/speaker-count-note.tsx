import { speakerCountText, type TSpeakerCount } from '@rostrum/contract';
import './speaker-count-note.css';

/**
 * How many voices the conversational algorithm found (the Multi-Speaker choice is a hint): one
 * voice is scored as a talk, so the page says so above the single-speaker charts.
 */
export function SpeakerCountNote({ count }: { count: TSpeakerCount }) {
  return (
    <p className="speaker-count" data-testid="speaker-count">
      {speakerCountText(count)}
    </p>
  );
}
