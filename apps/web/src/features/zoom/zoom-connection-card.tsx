import { Unplug } from 'lucide-react';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { notifications } from '../../app/notification-store';
import { useDisconnectZoom, useZoomConnection } from './zoom.queries';
import './zoom.css';

/**
 * The account settings' Zoom section: whether a Zoom account is linked, and Disconnect Zoom,
 * which deletes the stored tokens and revokes the grant at Zoom. Shown while a link exists or
 * the import is offered.
 */
export function ZoomConnectionCard({ enabled }: { enabled: boolean }) {
  const connection = useZoomConnection(enabled);
  const disconnect = useDisconnectZoom({
    onSuccess: () => notifications.success('Zoom disconnected', 'Rostrum no longer has access to your Zoom recordings.'),
  });
  const c = connection.data;
  if (!c || (!c.linked && !c.available)) return null;
  return (
    <Card
      title="Zoom"
      titleId="zoom-connection-title"
      description="Import cloud recordings of your Zoom meetings from Upload ZOOM on the Record page."
    >
      <div className="stack">
        <div className="zoom-connection">
          <span data-testid="zoom-connection-status">{c.linked ? 'Your Zoom account is linked.' : 'No Zoom account is linked.'}</span>
          {c.linked && (
            <Button
              variant="danger"
              busy={disconnect.isPending}
              icon={<Unplug size={16} aria-hidden />}
              onClick={() => disconnect.mutate()}
            >
              Disconnect Zoom
            </Button>
          )}
        </div>
        {disconnect.error && (
          <Banner
            inline
            kind="error"
            title="Zoom could not be disconnected"
            text={errorMessage(disconnect.error, 'Try again in a few minutes.')}
          />
        )}
      </div>
    </Card>
  );
}
