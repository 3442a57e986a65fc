import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { hideVideoKey, INTAKE_MSG, type TRecording, type TResults, type TSpeakerScores } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
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
import { useViewer } from '../../app/viewer';
import { FeedbackPanel } from '../feedback/feedback-panel';
import { ResultsCharts } from './results-charts';
import { ResultsTabs, type TResultsTab } from './results-tabs';
import { SharePanel } from './share-panel';
import { SpeakerChoice } from './speaker-choice';
import { WordListNotice } from './word-list-notice';
import './results.css';

export const DISPLAY_ERROR = {
  title: 'Display Error',
  text: 'The waveform could not be displayed. Please reload the page or try another browser.',
};

function scoresFor(results: TResults, speaker: number): TSpeakerScores | null {
  if (!results.isConversational || !results.scores.perSpeaker) return results.scores;
  return results.scores.perSpeaker.find((p) => p.speaker === speaker) ?? null;
}

/** A done recording: media, waveform, charts and tabs on the left; sharing and feedback on the right. */
export function ResultsLayout({ recording: r }: { recording: TRecording }) {
  const [controller] = useState(() => new WaveformController());
  const viewer = useViewer();
  const queryClient = useQueryClient();
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
      el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      el?.focus({ preventScroll: true });
    });
  };

  const feedback = useQuery({
    queryKey: queryKeys.feedback(r.recordingId),
    queryFn: () => api.getFeedback(r.recordingId),
    enabled: r.access.canHear,
    retry: false,
  });

  const claim = useMutation({
    mutationFn: (n: number | null) => api.setSpeaker(r.recordingId, n),
    onSuccess: (rec) => {
      queryClient.setQueryData(queryKeys.recording(r.recordingId), rec);
      // A release keeps the speaker on screen.
      if (rec.speakerNum !== null) setSpeaker(rec.speakerNum);
    },
    onError: (e) => notifications.error('Error', errorMessage(e, 'The speaker could not be set.')),
  });

  // Hide or show the video, remembered per recording in the user's preferences.
  const prefKey = hideVideoKey(r.recordingId);
  const hidden = viewer.user.preferences[prefKey] === true;
  const savePreferences = useSavePreferences();
  const toggleVideo = (hide: boolean) => savePreferences({ [prefKey]: hide });

  useEffect(() => () => controller.unmount(), [controller]);
  useCommentMarkers(controller, feedback.data?.items);

  const scores = results ? scoresFor(results, speaker) : null;
  const ownerView = !conv || speaker === r.speakerNum;
  const playable = !!r.playbackUrl && r.access.canHear;
  const videoPlayable = r.isVideo && !!r.videoUrl;
  const speakers = results?.data.speakers.map((s) => ({ speaker: s.speaker, turns: s.turns }));

  return (
    <WaveformContext.Provider value={playable ? controller : null}>
      <div className="results-layout">
        <div className="results-layout__main stack stack--lg">
          {r.isVideo && playable && (
            <Card className="media-card video-card">
              {videoPlayable ? (
                <>
                  {/* biome-ignore lint/a11y/useMediaCaption: the Transcript tab beside it is the text alternative and follows playback word by word. */}
                  <video
                    ref={setVideo}
                    className="media-card__video"
                    src={r.videoUrl ?? undefined}
                    preload="metadata"
                    playsInline
                    hidden={hidden}
                    aria-label={`Video of ${r.title}`}
                  />
                  <div className="row row--end no-print">
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={hidden ? <Eye size={16} aria-hidden /> : <EyeOff size={16} aria-hidden />}
                      onClick={() => toggleVideo(!hidden)}
                    >
                      {hidden ? 'Show video' : 'Hide video'}
                    </Button>
                  </div>
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
              onDisplayError={() => notifications.error(DISPLAY_ERROR.title, DISPLAY_ERROR.text)}
              lanes={r.lanesUrl && <VoiceLanes recordingId={r.recordingId} lanesUrl={r.lanesUrl} />}
            >
              {conv && numSpeakers > 1 && (
                <SpeakerChoice
                  numSpeakers={numSpeakers}
                  selected={speaker}
                  onSelect={setSpeaker}
                  ownerSpeaker={r.speakerNum}
                  canClaim={r.access.isOwner}
                  onClaim={(n) => claim.mutate(n)}
                  onRelease={() => claim.mutate(null)}
                  claiming={claim.isPending}
                />
              )}
            </WaveformPlayer>
          )}
          {!results ? (
            <Card>
              <p className="muted">Results are not available for this recording.</p>
            </Card>
          ) : !scores || scores.isEmptyResults ? (
            <>
              <WordListNotice recording={r} />
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
                onShowNextSteps={showNextSteps}
                wordList={r.wordspotting.used}
                wordListNotice={<WordListNotice recording={r} />}
              />
              <ResultsTabs results={results} scores={scores} ownerView={ownerView} tab={tab} onTab={setTab} />
            </>
          )}
        </div>
        <aside className="results-layout__side stack stack--lg" aria-label="Sharing and feedback">
          <SharePanel recording={r} feedback={feedback.data} />
          {feedback.data && (feedback.data.canComment || feedback.data.canScore || feedback.data.items.length > 0) && (
            <FeedbackPanel recordingId={r.recordingId} duration={r.duration ?? results?.data.duration ?? 0} feedback={feedback.data} />
          )}
        </aside>
      </div>
    </WaveformContext.Provider>
  );
}
