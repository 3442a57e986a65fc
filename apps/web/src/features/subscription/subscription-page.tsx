import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CalendarClock, CreditCard, Info, RefreshCw, Users } from 'lucide-react';
import { membershipAccessNote, withArticle, type TSubscriptionEntry } from '@rostrum/contract';
import { Button } from '../../components/button';
import { useJoinGroup } from '../join/use-join-group';
import { Badge } from '../../components/status-badge';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { formatDate } from '../../components/date-format';
import { useViewer, type TViewer } from '../../app/viewer';
import { WEB_ROUTES } from '../../app/route-paths';
import { EmailPreferencesForm } from '../account/email-preferences-form';
import { ACCESS_STATUS_LABELS, accessStatus, expiryKind } from './membership-status';
import { JoinGroupCard } from './join-group-card';
import { PaymentCard } from './payment-card';
import { AutoRenewControl } from './auto-renew-control';
import { useSubscriptionPage } from './subscription.queries';
import './subscription.css';

const TONES = { active: 'success', 'not-active-yet': 'warning', expired: 'danger', inactive: undefined } as const;

/**
 * /subscription and /subscription/{groupId} (002 section 2.10): the user's groups with their
 * access, Renew or Activate where the server offers it (GET subscription `action`), the payment
 * card for the chosen group (plans, prepaid code), the email opt-in, and joining another group.
 * Admins and coaches with nothing to pay for (`canSubscribe` false) read why instead.
 */
export function SubscriptionPage() {
  const viewer = useViewer();
  const { vocab, groups } = viewer;
  const params = useParams<{ groupId?: string }>();
  const navigate = useNavigate();
  const activate = useJoinGroup(viewer.org.type);
  const page = useSubscriptionPage();
  const payTitle = useRef<HTMLDivElement>(null);
  const [focusPay, setFocusPay] = useState(false);

  const entries = page.data?.subscriptions ?? [];
  const payable = entries.filter((s) => s.action !== null);
  const selected: TSubscriptionEntry | undefined = payable.find((s) => s.groupId === params.groupId) ?? payable[0];
  const entryOf = (groupId: string) => entries.find((s) => s.groupId === groupId);

  useEffect(() => {
    if (focusPay && selected) {
      // The list's Renew or Activate moves keyboard and screen-reader users to the payment card.
      const title = payTitle.current?.querySelector<HTMLElement>('#subscription-pay-title');
      title?.setAttribute('tabindex', '-1');
      title?.focus();
      payTitle.current?.scrollIntoView({ block: 'start' });
      setFocusPay(false);
    }
  }, [focusPay, selected]);

  const choose = (groupId: string) => {
    void navigate(`${WEB_ROUTES.subscription.path}/${groupId}`, { replace: true });
    setFocusPay(true);
  };

  const roleLabel = (roles: ReadonlyArray<string>) =>
    roles.map((r) => (r === 'manager' ? vocab.Word('coach') : vocab.Word('speaker'))).join(', ');

  return (
    <div className="page page--medium">
      <PageHeader eyebrow="Account" title="Subscription" lead={`Your ${vocab.word('groups')} and the access each one gives you.`} />
      <div className="stack stack--xl">
        {page.isPending ? (
          <LoadingState />
        ) : page.data && selected ? (
          <div ref={payTitle} className="subscription-pay">
            <PaymentCard
              key={selected.groupId}
              viewer={viewer}
              entry={selected}
              payable={payable}
              plans={page.data.plans}
              cardPayments={page.data.cardPayments}
              couponOnly={page.data.couponOnly}
              onChooseGroup={(groupId) => void navigate(`${WEB_ROUTES.subscription.path}/${groupId}`, { replace: true })}
            />
          </div>
        ) : page.data && !page.data.canSubscribe ? (
          <NoPaymentCard viewer={viewer} entries={entries} />
        ) : null}

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
                const action = entryOf(g.groupId)?.action ?? null;
                const note = membershipAccessNote(reason, vocab, { canPay: action !== null });
                const code = g.inviteCode;
                const freeActivation = reason === 'free-access-available' && code;
                return (
                  <li key={g.groupId} className="membership-list__item" data-testid="membership">
                    <div className="membership-list__main">
                      <p className="membership-list__name">{g.name}</p>
                      {/* A membership without an active role has no role to name; its note says why. */}
                      {g.roles.length > 0 && <p className="subtle">{roleLabel(g.roles)}</p>}
                      {note && (
                        <p className="membership-list__note" data-testid="membership-note">
                          {note}
                        </p>
                      )}
                      {freeActivation ? (
                        <Button size="sm" busy={activate.isPending} onClick={() => activate.mutate(code)}>
                          Activate
                        </Button>
                      ) : action ? (
                        <Button
                          size="sm"
                          variant={selected?.groupId === g.groupId ? 'secondary' : 'primary'}
                          icon={action === 'renew' ? <RefreshCw size={14} aria-hidden /> : <CreditCard size={14} aria-hidden />}
                          onClick={() => choose(g.groupId)}
                          aria-label={`${action === 'renew' ? 'Renew' : 'Activate'} ${g.name}`}
                        >
                          {action === 'renew' ? 'Renew' : 'Activate'}
                        </Button>
                      ) : null}
                      <AutoRenewControl entry={entryOf(g.groupId)} groupName={g.name} />
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

        {page.data?.canSubscribe && (
          <section className="subscription-email" aria-labelledby="subscription-email-title">
            <div className="subscription-email__head">
              <h2 id="subscription-email-title">Email notifications</h2>
              <p className="subtle">
                Optional: choose which emails Rostrum sends you. You can change this any time under Email Notifications.
              </p>
            </div>
            <EmailPreferencesForm viewer={viewer} />
          </section>
        )}
        <JoinGroupCard viewer={viewer} />
      </div>
    </div>
  );
}

/** Admins, coaches and perpetual members: nothing to pay for here (the server's canSubscribe). */
function NoPaymentCard({ viewer, entries }: { viewer: TViewer; entries: TSubscriptionEntry[] }) {
  const { vocab } = viewer;
  const text = viewer.canAdministerOrg
    ? `As an administrator of ${viewer.org.name}, your access does not depend on a subscription. ${vocab.Word('speakers')} renew their own access on this page with a card or a prepaid code; you can generate prepaid codes in the admin area.`
    : viewer.manager
      ? `As ${withArticle(vocab.word('coach'))}, your access does not depend on a subscription. Your ${vocab.word('speakers')} renew their own access on this page with a card or a prepaid code.`
      : entries.length > 0 && entries.every((s) => s.perpetual)
        ? 'Your access does not expire: there is nothing to renew.'
        : `There is no subscription to pay for in your ${vocab.word('groups')} right now. If you need access, ask your ${vocab.word('coach')} or administrator.`;
  return (
    <Card title="No subscription to pay for" titleId="subscription-none-title">
      <div className="subscription-note" data-testid="subscription-explanation">
        <Info size={18} aria-hidden />
        <p>{text}</p>
      </div>
    </Card>
  );
}
