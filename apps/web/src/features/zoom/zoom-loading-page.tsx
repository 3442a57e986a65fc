import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { ZoomLinkFailed } from './zoom-link-failed';
import { takeZoomAssignment, zoomRecordingsPath } from './zoom-link';

/**
 * /zoom-loading?code=&state=: Zoom sends the browser back here after the user allowed the app;
 * the code is saved (Zoom: save code) and the import opens. A refusal at Zoom (?error=) or a
 * code the server cannot use shows the link-failure confirm (002 sections 2.12 and 8).
 */
export function ZoomLoadingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [assignmentId] = useState(takeZoomAssignment);
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
    api
      .linkZoomAccount({ code, state })
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: ['zoom'] });
        void navigate(zoomRecordingsPath(assignmentId), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [code, state, navigate, queryClient, assignmentId]);

  return (
    <div className="page page--medium">
      <PageHeader eyebrow="Zoom" title="Linking your Zoom account" />
      {!failed && <LoadingState />}
      <ZoomLinkFailed open={failed} assignmentId={assignmentId} onCancel={() => void navigate(ROUTES.record.path, { replace: true })} />
    </div>
  );
}
