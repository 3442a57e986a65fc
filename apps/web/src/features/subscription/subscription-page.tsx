import { CalendarClock, Users } from 'lucide-react';
import { membershipAccessNote } from '@rostrum/contract';
import { Button } from '../../components/button';
import { useJoinGroup } from '../join/use-join-group';
import { Badge } from '../../components/status-badge';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../components/date-format';
import { useViewer } from '../../app/viewer';
import { ACCESS_STATUS_LABELS, accessStatus, expiryKind } from './membership-status';
import { JoinGroupCard } from './join-group-card';
import './subscription.css';

const TONES = { active: 'success', 'not-active-yet': 'warning', expired: 'danger', inactive: undefined } as const;

/** /subscription: the user's groups with their access, and joining another with a code. */
export function SubscriptionPage() {
  const viewer = useViewer();
  const { vocab, groups } = viewer;
  const activate = useJoinGroup(viewer.org.type);
  const roleLabel = (roles: ReadonlyArray<string>) =>
    roles.length ? roles.map((r) => (r === 'manager' ? vocab.Word('coach') : vocab.Word('speaker'))).join(', ') : '—';

  return (
    <div className="page page--medium">
      <PageHeader eyebrow="Account" title="Subscription" lead={`Your ${vocab.word('groups')} and the access each one gives you.`} />
      <div className="stack stack--xl">
        <Card flush title={`My ${vocab.Word('groups')}`} titleId="memberships-title">
          {groups.length === 0 ? (
            <EmptyState icon={<Users size={24} aria-hidden />} title={`You are not in any ${vocab.word('groups')} yet`}>
              <p>Join one with the invite code you were given.</p>
            </EmptyState>
          ) : (
            <ul className="membership-list">
              {groups.map((g) => {
                const status = accessStatus(g);
                const expiry = expiryKind(g);
                const reason = g.membershipAccess?.reason ?? null;
                const note = membershipAccessNote(reason, vocab);
                const code = g.inviteCode;
                return (
                  <li key={g.groupId} className="membership-list__item" data-testid="membership">
                    <div className="membership-list__main">
                      <p className="membership-list__name">{g.name}</p>
                      <p className="subtle">{roleLabel(g.roles.length ? g.roles : [])}</p>
                      {note && (
                        <p className="membership-list__note" data-testid="membership-note">
                          {note}
                        </p>
                      )}
                      {reason === 'free-access-available' && code && (
                        <Button size="sm" busy={activate.isPending} onClick={() => activate.mutate(code)}>
                          Activate
                        </Button>
                      )}
                    </div>
                    <div className="membership-list__expiry">
                      <CalendarClock size={16} aria-hidden />
                      <span>
                        {expiry.kind === 'perpetual'
                          ? 'Perpetual access'
                          : expiry.kind === 'date'
                            ? `${status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(expiry.iso)}`
                            : status === 'active'
                              ? 'No expiry date'
                              : 'No access yet'}
                      </span>
                    </div>
                    <Badge tone={TONES[status]}>{ACCESS_STATUS_LABELS[status]}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        <JoinGroupCard viewer={viewer} />
      </div>
    </div>
  );
}
