import { useState } from 'react';
import { GraduationCap, Plus } from 'lucide-react';
import type { TLtiPlatform } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { formatDate } from '../../components/date-format';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { Table, type Column } from '../../components/table';
import { notifications } from '../../app/notification-store';
import { errorMessage } from '../../api/http-client';
import { LtiPlatformForm } from './lti-platform-form';
import { LtiSigningKeys } from './lti-signing-keys';
import { LtiToolValues } from './lti-tool-values';
import { useDeleteLtiPlatform, useLtiPlatforms } from './lti-platforms.queries';
import './lti-platforms.css';

/** What removing a platform does (the server's summary of DELETE lti/platforms/{id}). */
export const REMOVE_CONSEQUENCE =
  'Its courses can no longer open Rostrum, and its links to Rostrum’s accounts and classes are removed; its classes and members stay.';

const LTI_INTRO =
  'Connect Canvas, Moodle or another LTI 1.3 platform: students and instructors open Rostrum’s assignments from their courses without a separate sign-in.';

type TEditing = TLtiPlatform | 'new' | null;

/**
 * /customer-admin/lti (issue 42 item 1): the organisation's learning platforms (LTI 1.3), the
 * values to paste into them and the tool's signing keys. Org admins only (the route's guard; the
 * server refuses anyone else).
 */
export function LtiPlatformsPage() {
  const platforms = useLtiPlatforms();
  const [editing, setEditing] = useState<TEditing>(null);
  const [toRemove, setToRemove] = useState<TLtiPlatform | null>(null);
  const remove = useDeleteLtiPlatform();

  if (platforms.isPending) return <LoadingState />;
  if (platforms.isError) {
    return <Banner inline kind="error" title="The learning platforms could not be loaded" text="Please reload the page." />;
  }
  const rows = platforms.data;

  const columns: Column<TLtiPlatform>[] = [
    {
      key: 'platform',
      header: 'Platform',
      cell: (p) => (
        <div className="lti-platform">
          <span className="table-strong">{p.name}</span>
          <span className="lti-platform__issuer break-anywhere">{p.issuer}</span>
        </div>
      ),
    },
    { key: 'clientId', header: 'Client ID', cell: (p) => <code className="break-anywhere">{p.clientId}</code> },
    { key: 'deployments', header: 'Deployments', numeric: true, cell: (p) => p.deploymentIds.length },
    { key: 'created', header: 'Registered', nowrap: true, cell: (p) => formatDate(p.createdAt) },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      nowrap: true,
      cell: (p) => (
        <div className="lti-platform-actions">
          <Button variant="secondary" size="sm" onClick={() => setEditing(p)} aria-label={`Edit platform ${p.name}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setToRemove(p)} aria-label={`Remove platform ${p.name}`}>
            Remove
          </Button>
        </div>
      ),
    },
  ];

  const register = !editing && (
    <Button icon={<Plus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      Register a platform
    </Button>
  );

  return (
    <div className="stack stack--lg lti-page">
      {editing && (
        <LtiPlatformForm
          key={editing === 'new' ? 'new' : editing.platformId}
          platform={editing === 'new' ? null : editing}
          onSaved={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      )}
      <Card
        flush
        className="stacked-table-card"
        title="Learning Platforms (LTI)"
        titleId="lti-platforms-title"
        description={LTI_INTRO}
        actions={rows.length > 0 && register}
      >
        {rows.length === 0 ? (
          <EmptyState icon={<GraduationCap size={20} aria-hidden />} title="No learning platforms yet">
            <p className="muted">
              To register one you need, from its LTI settings, its issuer, the client ID and deployment ID it gives Rostrum, and three
              addresses: sign-in (authorisation), token and public keys (JWKS).
            </p>
            {register}
          </EmptyState>
        ) : (
          <Table label="Learning platforms" columns={columns} rows={rows} rowKey={(p) => p.platformId} />
        )}
      </Card>
      <LtiToolValues tool={rows[0]?.tool ?? null} />
      <LtiSigningKeys platforms={rows} />
      <ConfirmDialog
        open={!!toRemove}
        title={toRemove ? `Remove ${toRemove.name}?` : 'Remove this platform?'}
        confirmLabel="Remove platform"
        destructive
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          remove.mutate(toRemove.platformId, {
            onSuccess: () => {
              notifications.success(`${toRemove.name} is removed`);
              if (editing !== 'new' && editing?.platformId === toRemove.platformId) setEditing(null);
              setToRemove(null);
            },
            onError: (e) => {
              setToRemove(null);
              notifications.error('The platform could not be removed', errorMessage(e, 'Please try again.'));
            },
          })
        }
      >
        <p className="muted">{REMOVE_CONSEQUENCE}</p>
      </ConfirmDialog>
    </div>
  );
}
