import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { Clock, Link2Off, Lock } from 'lucide-react';
import { MSG, PRODUCT_NAME, pageTitle, ROUTES, SHARE_MSG, ZShareTokenSchema } from '@rostrum/contract';
import { BrandMark } from '../../app/brand-logo';
import { NotificationRegion } from '../../app/notification-region';
import { MAIN_CONTENT_ID } from '../../app/skip-link';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { formatDateTime } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import { ResultsView } from './results-layout';
import { sharedLinkUnreachable, useSharedRecording } from './results-recording.queries';
import './recording-page.css';
import './side-card.css';

/**
 * /s/:token, a public share link (issue 20): the recording's results read-only, without sign-in.
 * Its own frame with no navigation into the app: no menu, no sign-in link, no comments, no other
 * recordings and no names.
 */
export function SharedRecordingPage() {
  const { token = '' } = useParams();
  const wellFormed = ZShareTokenSchema.safeParse(token).success;
  const shared = useSharedRecording(token, wellFormed);

  useEffect(() => {
    document.title = pageTitle(ROUTES.sharedRecording.announcer);
  }, []);

  const s = shared.data;
  const failed = shared.isError && sharedLinkUnreachable(shared.error);
  let body: ReactNode;
  if (wellFormed && shared.isPending) body = <LoadingState />;
  else if (failed) {
    body = <LinkProblem title="This link could not be opened" text={shared.error?.message ?? MSG.serverError} />;
  } else if (!s) {
    body = <LinkProblem title={SHARE_MSG.gone} text={SHARE_MSG.goneText} />;
  } else {
    body = (
      <div className="page page--results">
        <header className="recording-header">
          <div className="recording-header__main">
            <h1 className="recording-header__title">{s.title}</h1>
            <p className="recording-header__meta">
              <span>{formatDateTime(s.createdDate)}</span>
              {s.duration != null && (
                <span>
                  <Clock size={14} aria-hidden /> {formatDuration(s.duration)}
                </span>
              )}
            </p>
          </div>
        </header>
        <ResultsView
          view={s}
          asideLabel="About this link"
          aside={
            <Card className="side-card">
              <div className="stack">
                <h2 className="section-title">
                  <Lock size={16} aria-hidden /> Shared results
                </h2>
                <p className="muted text-sm">
                  These results were shared with you by link, to view only. The link works until {formatDateTime(s.expiresDate)}, unless its
                  owner revokes it sooner.
                </p>
              </div>
            </Card>
          }
        />
      </div>
    );
  }

  return (
    <div className="app shared-app">
      <header className="app-header">
        <div className="app-header__inner">
          <div className="brand">
            <span className="brand__link">
              <BrandMark />
              <span className="brand__name">{PRODUCT_NAME}</span>
            </span>
          </div>
        </div>
      </header>
      <NotificationRegion />
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        {body}
      </main>
    </div>
  );
}

/** The page of a link that does not open: the empty state's look, with the page's heading. */
function LinkProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="page page--narrow" data-testid="share-link-problem">
      <div className="empty-state">
        <div className="icon-tile empty-state__icon">
          <Link2Off aria-hidden />
        </div>
        <h1 className="empty-state__title">{title}</h1>
        <p>{text}</p>
      </div>
    </div>
  );
}
