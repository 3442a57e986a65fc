import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '@rostrum/contract';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { ZoomLinkFailed } from './zoom-link-failed';
import { takeZoomAssignment, zoomRecordingsPath } from './zoom-link';
import { useLinkZoomAccount } from './zoom.queries';

/**
 * /zoom-loading?code=&state=: Zoom sends the browser back here after the user allowed the app;
 * the code is saved (Zoom: save code) and the import opens. A refusal at Zoom (?error=) or a
 * code the server cannot use shows the link-failure confirm (002 sections 2.12 and 8).
 */
export function ZoomLoadingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [assignmentId] = useState(takeZoomAssignment);
  const link = useLinkZoomAccount({
    onSuccess: () => void navigate(zoomRecordingsPath(assignmentId), { replace: true }),
    onError: () => setFailed(true),
  });
  const linkAccount = link.mutate;
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code || !state) {
      setFailed(true);
      return;
    }
    linkAccount({ code, state });
  }, [code, state, linkAccount]);

  return (
    <div className="page page--medium">
      <PageHeader eyebrow="Zoom" title="Linking your Zoom account" />
      {!failed && <LoadingState />}
      <ZoomLinkFailed open={failed} assignmentId={assignmentId} onCancel={() => void navigate(ROUTES.record.path, { replace: true })} />
    </div>
  );
}
