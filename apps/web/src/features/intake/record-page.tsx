import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FileUp, Link2, Mic, Smartphone, Video } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { INTAKE_MSG, PRACTICE_PROMPT_MSG, ROUTES } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { DueLine } from '../../components/due-date';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { Tabs } from '../../components/tabs';
import { useViewer, type TViewer } from '../../app/viewer';
import { zoomRecordingsPath } from '../zoom/zoom-link';
import { useZoomConnection } from '../zoom/zoom.queries';
import { useIntakeData } from './use-intake-data';
import { supportsAudioFeatures } from '../auth/browser-support';
import { PromptCard } from '../practice/prompt-card';
import { registerServiceWorker } from './offline/register-service-worker';
import { RecordTab } from './record-tab';
import { RecorderAppTab } from './recorder-app-tab';
import { UploadFileTab } from './upload-file-tab';
import { UploadUrlTab } from './upload-url-tab';
import './intake.css';

export const RECORD_TABS = ['record', 'app', 'file', 'url', 'zoom'] as const;
export type TRecordTab = (typeof RECORD_TABS)[number];

const LABELS: Record<TRecordTab, string> = {
  record: 'Record',
  app: 'Recorder App',
  file: 'Upload File',
  url: 'Upload URL',
  zoom: 'Upload ZOOM',
};
const ICONS: Record<TRecordTab, ReactNode> = {
  record: <Mic size={18} aria-hidden />,
  app: <Smartphone size={18} aria-hidden />,
  file: <FileUp size={18} aria-hidden />,
  url: <Link2 size={18} aria-hidden />,
  zoom: <Video size={18} aria-hidden />,
};
const LEADS: Record<TRecordTab, string> = {
  record: 'Record yourself in the browser. When you stop, give the recording a title and save it for analysis.',
  app: 'Install the recorder on your phone: record anywhere, even offline, and each take uploads itself when you are back online.',
  file: 'Upload an audio or video file you already have.',
  url: 'Give the address of an audio or video file on the web; Rostrum downloads and analyses it.',
  zoom: 'Import a cloud recording of one of your Zoom meetings.',
};

/** The intro under the heading: free-trial users see their own (000 section 1, 001 section 2). */
export function recordIntro(viewer: Pick<TViewer, 'freeTrial'>): string {
  return viewer.freeTrial ? INTAKE_MSG.freeTrialIntro : 'There are many different ways to get started.';
}

/**
 * /record?tab=&assignmentId=: the intake tabs (spec 001 section 2, Record page). Upload ZOOM
 * shows when the server offers the Zoom import (the org's Zoom_Integration, the server's Zoom
 * keys) and opens the zoom-recordings page in place of this one, keeping the assignment.
 */
export function RecordPage() {
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const canRecord = supportsAudioFeatures();
  const preselectId = params.get('assignmentId');
  const promptId = params.get('promptId');
  const againId = params.get('again');
  const { data, pending } = useIntakeData(viewer, preselectId, { promptId, againId });
  const navigate = useNavigate();
  // The installable recorder's worker is registered from /record (its start_url) only: the other
  // pages need no offline shell, and a browser that never records downloads none.
  useEffect(() => {
    if (window.location.pathname === ROUTES.record.path) registerServiceWorker();
  }, []);
  const zoomOn = !!viewer.org.settings.Zoom_Integration;
  const zoom = useZoomConnection(zoomOn && viewer.speaker);
  // Free-trial users get no Recorder App tab; Upload ZOOM only when the server offers the import.
  const tabs = RECORD_TABS.filter((t) => !(t === 'app' && viewer.freeTrial) && (t !== 'zoom' || !!zoom.data?.available));
  // The default is Record when the browser can record audio or Zoom is enabled (001 section 2).
  const fallback: TRecordTab = canRecord || zoomOn ? 'record' : viewer.freeTrial ? 'file' : 'app';
  const asked = params.get('tab') as TRecordTab | null;
  const tab: TRecordTab = asked && tabs.includes(asked) ? asked : fallback;
  // The tab changes; the assignment or prompt asked for stays in the address.
  const withAssignment = (next: Record<string, string>) => ({
    ...next,
    ...(preselectId ? { assignmentId: preselectId } : {}),
    ...(promptId ? { promptId } : {}),
    ...(againId ? { again: againId } : {}),
  });
  const select = (k: TRecordTab) => {
    if (k === 'zoom') return void navigate(zoomRecordingsPath(preselectId));
    setParams(withAssignment(k === fallback ? {} : { tab: k }), { replace: true });
  };

  // Only speakers with an active membership record (GET me canRecord): say so before any upload.
  if (!viewer.speaker) return <CannotRecord />;
  if (pending || (zoomOn && zoom.isLoading)) return <LoadingState />;
  if (tab === 'zoom') return <Navigate to={zoomRecordingsPath(preselectId)} replace />;
  const preselected = preselectId ? data.assignments.find((a) => a.assignmentId === preselectId && a.abilities.canSubmit) : undefined;
  const appUpload = `/record?${new URLSearchParams(withAssignment({ tab: 'file' })).toString()}`;

  return (
    <div className="page page--medium">
      <PageHeader eyebrow="New recording" title="Record. Review. Improve." lead={recordIntro(viewer)} />
      {preselectId && !preselected && viewer.assignmentsOn && (
        <Banner
          inline
          kind="warning"
          title="This assignment is not open for you"
          text="It may have been archived, or it is not assigned to you. Choose another assignment below, or keep the recording private."
        />
      )}
      {promptId && !data.prompt && (
        <Banner
          inline
          kind="warning"
          title={PRACTICE_PROMPT_MSG.notOffered}
          text={
            <>
              Your organization may have changed its prompts. <Link to={ROUTES.practice.path}>Choose another prompt</Link>, or record
              without one.
            </>
          }
        />
      )}
      {data.prompt ? (
        <PromptCard prompt={data.prompt} />
      ) : data.again ? (
        <p className="intake-practice-hint" data-testid="again-note">
          Another take of <strong>{data.again.title}</strong>: once it is analysed, its results show what changed.
        </p>
      ) : (
        !preselected &&
        !promptId && (
          <p className="intake-practice-hint">
            Need something to talk about? <Link to={ROUTES.practice.path}>Pick a practice prompt</Link>
          </p>
        )
      )}
      <Tabs<TRecordTab>
        label="Ways to add a recording"
        idPrefix="record"
        items={tabs.map((key) => ({ key, label: LABELS[key] }))}
        selected={tab}
        onSelect={select}
      />
      <section role="tabpanel" id={`record-panel-${tab}`} aria-labelledby={`record-tab-${tab}`} className="card intake-card">
        <header className="intake-card__header">
          <span className="icon-tile">{ICONS[tab]}</span>
          <div>
            <h2 className="card__title">{LABELS[tab]}</h2>
            <p className="card__description">
              {LEADS[tab]}
              {preselected && tab !== 'app' && (
                <>
                  {' '}
                  It goes into <strong>{preselected.name}</strong> ({preselected.groupName}).
                </>
              )}
            </p>
            {preselected && tab !== 'app' && (
              <DueLine dueAt={preselected.dueAt ?? null} overdue={preselected.overdue} timeZone={viewer.org.timeZone} />
            )}
          </div>
        </header>
        <div className="card__body">
          {tab === 'record' && <RecordTab key="record" viewer={viewer} canRecord={canRecord} data={data} />}
          {tab === 'app' && <RecorderAppTab uploadPath={appUpload} />}
          {tab === 'file' && <UploadFileTab key="file" viewer={viewer} data={data} />}
          {tab === 'url' && <UploadUrlTab key="url" viewer={viewer} data={data} />}
        </div>
      </section>
    </div>
  );
}

/** The record page reached by someone who cannot record: why, and where to go instead. */
function CannotRecord() {
  const viewer = useViewer();
  const { word } = viewer.vocab;
  const coach = viewer.manager;
  return (
    <div className="page page--medium">
      <PageHeader eyebrow="New recording" title="Record. Review. Improve." />
      <div className="stack" data-testid="cannot-record">
        <Banner
          inline
          kind="info"
          title="Recording needs an active speaker membership"
          text={
            coach
              ? `Only ${word('speakers')} with an active membership can record or upload. You review your ${word('speakers')}' recordings on Manage.`
              : `Only ${word('speakers')} with an active membership can record or upload. Subscription shows your memberships and how to join.`
          }
        />
        <div>
          <ButtonLink to={coach ? ROUTES.manage.path : ROUTES.subscription.path} variant="accent">
            {coach ? 'Go to Manage' : 'Go to Subscription'}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
