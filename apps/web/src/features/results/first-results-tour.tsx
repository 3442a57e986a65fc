import { useEffect, useState } from 'react';
import type { TRecording } from '@rostrum/contract';
import { usePreference } from '../../app/preferences';
import { useViewer } from '../../app/viewer';
import { Button } from '../../components/button';
import { listState } from './recording-status';
import { useRecordings } from './results-recording.queries';
import './first-results-tour.css';
import { scrollBehavior } from '../../components/motion';

/** The tour's stops: what each points at on the page and what it says there. */
export const TOUR_STEPS = [
  {
    target: '[data-testid="take-summary-score"]',
    title: 'Your Vibe score',
    text: 'Vocal Delivery out of 10, and where it sits against the ideal band. It sums up how your voice carries the talk.',
  },
  {
    target: '[data-testid="focus-on"]',
    title: 'Three things to work on',
    text: 'The fixes that help most, in order. Play the moment to hear each one on the waveform.',
  },
  {
    target: '[data-testid="record-again"]',
    title: 'Record another take',
    text: 'Try again with the same prompt: the next take is numbered for you, and its results show what changed.',
  },
] as const;

const TARGET_CLASS = 'tour-target';

/**
 * A short tour of a speaker's first results (issue 41): three stops (the score, the fixes, Record
 * another take), each ringed on the page while the card beside the summary explains it. It sits in
 * the page's flow rather than over it, so it never covers what it explains or blocks a click.
 * Finished or skipped, it is remembered in the user's preferences and not shown again.
 */
export function FirstResultsTour({ recording: r }: { recording: TRecording }) {
  const viewer = useViewer();
  const [seen, setSeen] = usePreference(viewer.me, 'firstResultsTour');
  const recordings = useRecordings();
  const [step, setStep] = useState(0);
  // Only after the speaker's first results: an owner with one analysed take (this one).
  const done = recordings.data?.filter((x) => listState(x) === 'done').length;
  const show = r.access.isOwner && viewer.speaker && seen === 'pending' && done !== undefined && done <= 1;
  const current = TOUR_STEPS[step]!;

  useEffect(() => {
    if (!show) return;
    const el = document.querySelector(current.target);
    el?.classList.add(TARGET_CLASS);
    return () => el?.classList.remove(TARGET_CLASS);
  }, [show, current.target]);

  if (!show) return null;
  const last = step === TOUR_STEPS.length - 1;
  const next = () => {
    if (last) {
      setSeen('done');
      return;
    }
    setStep(step + 1);
    // The next stop comes into view; the card stays where it is.
    document.querySelector(TOUR_STEPS[step + 1]!.target)?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  };
  return (
    <section className="card first-results-tour no-print" aria-labelledby="tour-title" data-testid="first-results-tour">
      <div className="first-results-tour__body" aria-live="polite">
        <p className="eyebrow">
          Your first results · {step + 1} of {TOUR_STEPS.length}
        </p>
        <h2 id="tour-title" className="first-results-tour__title">
          {current.title}
        </h2>
        <p className="first-results-tour__text">{current.text}</p>
      </div>
      <div className="first-results-tour__actions">
        {!last && (
          <button type="button" className="link-btn" onClick={() => setSeen('skipped')}>
            Skip tour
          </button>
        )}
        <Button size="sm" onClick={next}>
          {last ? 'Done' : 'Next'}
        </Button>
      </div>
    </section>
  );
}
