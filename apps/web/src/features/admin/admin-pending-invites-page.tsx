import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { ADMIN_USERS_MSG, inviteDetails, MSG, type TAdminInvite } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { LoadingState } from '../../components/spinner';
import { Table, type Column } from '../../components/table';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import { useDeleteInvite, useInvites, useResendInvite } from './admin-users.queries';
import './admin-users.css';

/** /customer-admin/pending-invites (000 section 2.11): invites not accepted yet, with Resend and Delete. */
export function AdminPendingInvitesPage() {
  const { org } = useViewer();
  const invites = useInvites();
  const [toDelete, setToDelete] = useState<TAdminInvite | null>(null);

  const resend = useResendInvite({
    onSuccess: () => notifications.success(MSG.inviteResentTitle, MSG.inviteResentText),
    onError: (e) => notifications.error('The invite could not be resent', errorMessage(e, MSG.roleSaveFailed)),
  });
  const remove = useDeleteInvite({
    onSuccess: () => setToDelete(null),
    onError: (e) => {
      setToDelete(null);
      notifications.error('The invite could not be deleted', errorMessage(e, MSG.roleSaveFailed));
    },
  });

  if (invites.isPending) return <LoadingState />;

  const columns: Column<TAdminInvite>[] = [
    { key: 'email', header: 'Email', cell: (i) => <span className="table-strong admin-users__email">{i.email}</span> },
    {
      key: 'sent',
      header: 'First Sent',
      nowrap: true,
      cell: (i) => (
        <div className="person-cell">
          <span>{formatDate(i.createdDate)}</span>
          {i.resentDate && <span className="admin-users__type">Resent {formatDate(i.resentDate)}</span>}
        </div>
      ),
    },
    {
      key: 'details',
      header: 'Invite Details',
      cell: (i) => (
        <ul className="admin-users__groups">
          {inviteDetails(i.roles, org.type).map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ),
    },
    { key: 'link', header: 'Invite Link', cell: (i) => <InviteLinkCell invite={i} /> },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      cell: (i) => (
        <div className="admin-invites__actions">
          <Button
            variant="secondary"
            size="sm"
            busy={resend.isPending && resend.variables === i.inviteId}
            onClick={() => resend.mutate(i.inviteId)}
            aria-label={`Resend invite to ${i.email}`}
          >
            Resend
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="admin-invites__delete"
            onClick={() => setToDelete(i)}
            aria-label={`Delete invite to ${i.email}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <Card
        flush
        title="Pending Invites"
        titleId="pending-invites-title"
        description="Invites that have not been accepted yet. Each link works once, for the invited email address."
      >
        <div className="admin-stack-table">
          <Table
            label="Pending invites"
            columns={columns}
            rows={invites.data ?? []}
            rowKey={(i) => i.inviteId}
            empty={ADMIN_USERS_MSG.noInvites}
          />
        </div>
      </Card>
      <ConfirmDialog
        open={!!toDelete}
        title={ADMIN_USERS_MSG.deleteInvite}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.inviteId)}
      >
        {toDelete && <p className="muted">The invite to {toDelete.email} stops working.</p>}
      </ConfirmDialog>
    </>
  );
}

function InviteLinkCell({ invite }: { invite: TAdminInvite }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.inviteLink);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // Without clipboard access the link stays visible to copy by hand.
    }
  };
  return (
    <div className="admin-invites__link">
      <code title={invite.inviteLink}>{invite.inviteLink}</code>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void copy()}
        icon={copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
        aria-label={`Copy invite link for ${invite.email}`}
      >
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </Button>
    </div>
  );
}
