import { type ReactNode, useState } from 'react';
import { RotateCw } from 'lucide-react';
import type { z } from 'zod';
import type { TLtiPlatform, ZLtiToolKeySchema } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { formatDateTime } from '../../components/date-format';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { notifications } from '../../app/notification-store';
import { errorMessage } from '../../api/http-client';
import { useLtiToolKeys, useRotateLtiToolKeys } from './lti-platforms.queries';

type TToolKey = z.infer<typeof ZLtiToolKeySchema>;

/** How long a replaced key stays in the JWKS (the server's ROTATION_GRACE_HOURS, decisions/lti.md). */
const LTI_KEY_GRACE_HOURS = 72;

export const ROTATE_EXPLANATION = `Rostrum makes a new signing key and signs with it from now on. The old key stays in the tool’s JWKS for ${LTI_KEY_GRACE_HOURS} hours, so your platforms (which keep a copy of the keyset) go on accepting messages signed just before; nothing needs changing in the platform.`;

function keyStatus(k: TToolKey) {
  if (k.current) return <Badge tone="success">Current</Badge>;
  if (k.published && k.retiredAt) {
    const until = new Date(new Date(k.retiredAt).getTime() + LTI_KEY_GRACE_HOURS * 3600_000).toISOString();
    return <Badge tone="warning">Retiring until {formatDateTime(until)}</Badge>;
  }
  return <Badge>Retired</Badge>;
}

/** "Signing keys": the tool's keys of the organisation, newest first, and Rotate keys. */
export function LtiSigningKeys({ platforms }: { platforms: TLtiPlatform[] }) {
  const keys = useLtiToolKeys();
  const rotate = useRotateLtiToolKeys();
  const [confirming, setConfirming] = useState(false);
  const rows = keys.data ?? [];

  const columns: Column<TToolKey>[] = [
    { key: 'kid', header: 'Key id', cell: (k) => <code className="break-anywhere">{k.kid}</code> },
    { key: 'created', header: 'Created', nowrap: true, cell: (k) => formatDateTime(k.createdAt) },
    { key: 'status', header: 'Status', nowrap: true, cell: keyStatus },
  ];

  let body: ReactNode;
  if (keys.isPending) body = <LoadingState text="Loading signing keys..." />;
  else if (keys.isError) body = <Banner inline kind="error" title="The signing keys could not be loaded" text="Please reload the page." />;
  else
    body = (
      <Table
        label="Signing keys"
        columns={columns}
        rows={rows}
        rowKey={(k) => k.kid}
        empty="No signing keys yet: Rostrum makes them when you register your first platform."
      />
    );

  return (
    <Card
      flush
      className="stacked-table-card"
      title="Signing keys"
      titleId="lti-keys-title"
      description="Rostrum signs its messages to your platforms (such as chosen assignments) with these keys; platforms check them at the tool JWKS URL."
      actions={
        rows.length > 0 &&
        platforms.length > 0 && (
          <Button variant="secondary" icon={<RotateCw size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            Rotate keys
          </Button>
        )
      }
    >
      {body}
      <ConfirmDialog
        open={confirming}
        title="Rotate the signing keys?"
        confirmLabel="Rotate keys"
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.success('The signing keys are rotated', `The old key is kept for ${LTI_KEY_GRACE_HOURS} hours.`);
            },
            onError: (e) => {
              setConfirming(false);
              notifications.error('The keys could not be rotated', errorMessage(e, 'Please try again.'));
            },
          })
        }
      >
        <p className="muted">{ROTATE_EXPLANATION}</p>
      </ConfirmDialog>
    </Card>
  );
}
