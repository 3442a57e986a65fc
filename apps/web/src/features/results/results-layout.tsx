import { type ReactNode, useEffect, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import {
  hideVideoKey,
  INTAKE_MSG,
  type TRecording,
  type TResults,
  type TFeedback,
  type TWordspottingUsed,
  speakerScores,
  tipsDescribe,
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { useSavePreferences } from '../../app/preferences';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { WaveformContext } from '../../components/waveform/waveform-context';
import { WaveformController } from '../../components/waveform/waveform-controller';
import { WaveformPlayer } from '../../components/waveform/waveform-player';
import { useCommentMarkers } from '../feedback/comment-markers';
import { VoiceLanes } from './voice-lanes/voice-lanes';
import { notifications } from '../../app/notification-store';
import { displayError } from './recording-status';
import { usePreviousTake, useRecordingFeedback, useSetSpeaker } from './results-recording.queries';
import { useViewer } from '../../app/viewer';
import { FeedbackPanel } from '../feedback/feedback-panel';
import { FirstResultsTour } from './first-results-tour';
import { ResultsCharts } from './results-charts';
import { ResultsTabs, type TResultsTab } from './results-tabs';
import { SharePanel } from './share-panel';
import { ShareLinksPanel } from './share-links-panel';
import { SpeakerChoice } from './speaker-choice';
import { SpeakerCountNote } from './speaker-count-note';
import { TakeChanges } from './take-changes';
import { TakeSummary } from './take-summary';
import { WordListNotice } from './word-list-notice';
import './side-card.css';
import './results-layout.css';
import { scrollBehavior } from '../../components/motion';
import { useVideoCaptions } from './video-captions';

/** What the results view shows of a recording: a signed-in viewer's recording or a shared one. */
export interface TResultsView {
  title: string;
  isVideo: boolean;
  playbackUrl: string | null;
  videoUrl: string | null;
  peaksUrl: string | null;
  duration: number | null;
  numSpeakers: number;
  speakerNum: number | null;
  results: TResults | null;
  wordList: TWordspottingUsed | null;
}

export interface TResultsViewOptions {
  /** Hide or show the video (a signed-in viewer's preference); without it the video always shows. */
  video?: { hidden: boolean; onToggle: (hide: boolean) => void };
  /** The owner's claim of a speaker of a conversation. */
  claim?: { canClaim: boolean; onClaim: (n: number | null) => void; claiming: boolean };
  wordListNotice?: ReactNode;
  /** The voice lanes under the waveform (a signed-in viewer's; a share link shows none). */
  lanes?: ReactNode;
  /** Comments with a region, drawn as markers on the waveform. */
  comments?: readonly TFeedback[];
  /** Shown above the summary: the tour of a speaker's first results. */
  intro?: ReactNode;
  /** A signed-in owner's take: the summary compares it with the previous take of it. */
  take?: { recording: TRecording; previousTakeId: string | null };
  /** The right column (sharing, feedback; or the share link's note). */
  aside: ReactNode;
  asideLabel: string;
}

/** A done recording: media, waveform, charts and tabs on the left; `aside` on the right. Read-only unless given the options. */
export function ResultsView({
  view: r,
  video: videoPref,
  claim,
  wordListNotice,
  lanes,
  comments,
  intro,
  take,
  aside,
  asideLabel,
}: { view: TResultsView } & TResultsViewOptions) {
  const [controller] = useState(() => new WaveformController());
  const results = r.results;
  const conv = !!results?.isConversational;
  const numSpeakers = results?.numSpeakers ?? r.numSpeakers;
  const [speaker, setSpeaker] = useState(r.speakerNum ?? 1);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [tab, setTab] = useState<TResultsTab>('transcript');
  // "Focus on" -> the Next Steps tab, scrolled into view with its tab focused.
  const showNextSteps = () => {
    setTab('next');
    requestAnimationFrame(() => {
      const el = document.getElementById('results-tab-next');
      el?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
      el?.focus({ preventScroll: true });
    });
  };
  // A claim moves the view to the claimed speaker (a release keeps the speaker on screen).
  useEffect(() => {
    if (r.speakerNum !== null) setSpeaker(r.speakerNum);
  }, [r.speakerNum]);

  useEffect(() => () => controller.unmount(), [controller]);
  useCommentMarkers(controller, comments);

  const hidden = videoPref?.hidden ?? false;
  const scores = results ? speakerScores(results, speaker) : null;
  // The owner's tips, Focus box and hot spots: only for the speaker the results were analysed for,
  // so a speaker claimed later never shows another voice's tips as theirs.
  const ownerView = !conv || (speaker === r.speakerNum && !!results && tipsDescribe(results, speaker));
  const playable = !!r.playbackUrl;
  const videoPlayable = r.isVideo && !!r.videoUrl;
  // The transcript as the video's captions; the Transcript tab beside it is the full text alternative.
  const captions = useVideoCaptions(results, videoPlayable);
  const speakers = results?.data.speakers.map((s) => ({ speaker: s.speaker, turns: s.turns }));

  return (
    <WaveformContext.Provider value={playable ? controller : null}>
      <div className="results-layout">
        <div className="results-layout__main stack stack--lg">
          {results && scores && !scores.isEmptyResults && intro}
          {results && scores && !scores.isEmptyResults && (
            <TakeSummary
              recording={take?.recording}
              results={results}
              scores={scores}
              ownerView={ownerView}
              previousTakeId={take?.previousTakeId}
              onShowNextSteps={showNextSteps}
            />
          )}
          {r.isVideo && playable && (
            <Card className="media-card video-card">
              {videoPlayable ? (
                <>
                  {/* biome-ignore lint/a11y/useMediaCaption: the captions track (the transcript as WebVTT) is added once its object URL exists; the Transcript tab follows playback word by word. */}
                  <video
                    ref={setVideo}
                    className="media-card__video"
                    src={r.videoUrl ?? undefined}
                    preload="metadata"
                    playsInline
                    hidden={hidden}
                    aria-label={`Video of ${r.title}`}
                  >
                    {captions && <track kind="captions" src={captions} srcLang="en" label="English (automatic)" default />}
                  </video>
                  {videoPref && (
                    <div className="row row--end no-print">
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={hidden ? <Eye size={16} aria-hidden /> : <EyeOff size={16} aria-hidden />}
                        onClick={() => videoPref.onToggle(!hidden)}
                      >
                        {hidden ? 'Show video' : 'Hide video'}
                      </Button>
                    </div>
                  )}
                </>
              ) : (
                <p className="muted">{INTAKE_MSG.videoNotReady}</p>
              )}
            </Card>
          )}
          {playable && (
            <WaveformPlayer
              key={`${r.playbackUrl}-${videoPlayable}`}
              title={r.title}
              playbackUrl={videoPlayable ? r.videoUrl! : r.playbackUrl!}
              peaksUrl={r.peaksUrl}
              duration={r.duration ?? results?.data.duration ?? 0}
              numSpeakers={numSpeakers}
              isVideo={r.isVideo}
              speakers={conv ? speakers : undefined}
              videoElement={video}
              waitForVideo={videoPlayable}
              onDisplayError={() => {
                const e = displayError();
                notifications.error(e.title, e.text);
              }}
              lanes={lanes}
            >
              {conv && numSpeakers > 1 && (
                <SpeakerChoice
                  numSpeakers={numSpeakers}
                  selected={speaker}
                  onSelect={setSpeaker}
                  ownerSpeaker={r.speakerNum}
                  canClaim={claim?.canClaim ?? false}
                  onClaim={(n) => claim?.onClaim(n)}
                  onRelease={() => claim?.onClaim(null)}
                  claiming={claim?.claiming ?? false}
                />
              )}
            </WaveformPlayer>
          )}
          {take?.previousTakeId && ownerView && results && scores && !scores.isEmptyResults && (
            <TakeChanges previousId={take.previousTakeId} take={{ recording: take.recording, results, scores }} />
          )}
          {results?.speakerCount && <SpeakerCountNote count={results.speakerCount} />}
          {!results ? (
            <Card>
              <p className="muted">Results are not available for this recording.</p>
            </Card>
          ) : !scores || scores.isEmptyResults ? (
            <>
              {wordListNotice}
              <Card>
                <EmptyState title="There were no metrics calculated for this speaker" />
              </Card>
            </>
          ) : (
            <>
              <ResultsCharts
                results={results}
                scores={scores}
                ownerView={ownerView}
                wordList={r.wordList}
                wordListNotice={wordListNotice}
              />
              <ResultsTabs results={results} scores={scores} ownerView={ownerView} tab={tab} onTab={setTab} />
            </>
          )}
        </div>
        <aside className="results-layout__side stack stack--lg" aria-label={asideLabel}>
          {aside}
        </aside>
      </div>
    </WaveformContext.Provider>
  );
}

/** A signed-in viewer's done recording: the results view with sharing, share links and feedback beside it. */
export function ResultsLayout({ recording: r }: { recording: TRecording }) {
  const viewer = useViewer();
  const feedback = useRecordingFeedback(r.recordingId, r.access.canHear);
  const claim = useSetSpeaker(r.recordingId, {
    onError: (e) => notifications.error('Error', errorMessage(e, 'The speaker could not be set.')),
  });

  // Hide or show the video, remembered per recording in the user's preferences.
  const prefKey = hideVideoKey(r.recordingId);
  const savePreferences = useSavePreferences();
  const canHear = r.access.canHear;
  const previous = usePreviousTake(r.recordingId, r.state === 'done' && canHear);

  return (
    <ResultsView
      view={{
        title: r.title,
        isVideo: r.isVideo,
        playbackUrl: canHear ? r.playbackUrl : null,
        videoUrl: canHear ? r.videoUrl : null,
        peaksUrl: r.peaksUrl,
        duration: r.duration,
        numSpeakers: r.numSpeakers,
        speakerNum: r.speakerNum,
        results: r.results,
        wordList: r.wordspotting.used,
      }}
      video={{ hidden: viewer.user.preferences[prefKey] === true, onToggle: (hide) => savePreferences({ [prefKey]: hide }) }}
      claim={{ canClaim: r.access.isOwner, onClaim: (n) => claim.mutate(n), claiming: claim.isPending }}
      wordListNotice={<WordListNotice recording={r} />}
      lanes={r.lanesUrl && <VoiceLanes lanesUrl={r.lanesUrl} />}
      comments={feedback.data?.items}
      take={{ recording: r, previousTakeId: previous.data?.previousTakeId ?? null }}
      intro={<FirstResultsTour recording={r} />}
      asideLabel="Sharing and feedback"
      aside={
        <>
          <SharePanel recording={r} feedback={feedback.data} />
          {r.abilities.canShareLink && <ShareLinksPanel recordingId={r.recordingId} />}
          {feedback.data && (feedback.data.canComment || feedback.data.canScore || feedback.data.items.length > 0) && (
            <FeedbackPanel
              recordingId={r.recordingId}
              groupId={r.groupId}
              duration={r.duration ?? r.results?.data.duration ?? 0}
              feedback={feedback.data}
            />
          )}
        </>
      }
    />
  );
}
