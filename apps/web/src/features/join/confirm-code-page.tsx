import { useNavigate, useSearchParams } from 'react-router';
import { AlertTriangle, Users } from 'lucide-react';
import { MSG, alreadyCoachMessage, withArticle, type TGroup } from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { landingPath } from '../../app/route-paths';
import { useViewer } from '../../app/viewer';
import { inviteCheckErrorMessage, isSeatLimit, useInviteCheck } from './join.queries';
import { useJoinGroup } from './use-join-group';
import './confirm-code-page.css';

function MessageCard({ text }: { text: string }) {
  return (
    <div className="page page--narrow">
      <div className="card card--elevated">
        <div className="card__body stack center">
          <div className="icon-tile auth-card__icon auth-card__icon--warning">
            <AlertTriangle size={26} aria-hidden />
          </div>
          <h1>Confirm Invite Code</h1>
          <p className="muted">{text}</p>
          <div className="row" style={{ justifyContent: 'center' }}>
            <ButtonLink to="/" variant="secondary">
              Go to my home page
            </ButtonLink>
            <ButtonLink to="/help" variant="ghost">
              Contact support
            </ButtonLink>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Whether the code is that of a group the viewer coaches: the server's canCoach on their groups
 * (GET me), the same fact that makes POST groups/join answer 409. Codes match without case, as
 * the server looks them up.
 */
export function coachesGroupWithCode(groups: readonly TGroup[], code: string): boolean {
  const wanted = code.trim().toLowerCase();
  return groups.some((g) => g.abilities.canCoach && g.inviteCode?.toLowerCase() === wanted);
}

/** /confirm-code?code|invite (000 section 2.8): join a group with a code from an existing account. */
export function ConfirmCodePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const code = params.get('code')?.trim();
  const invite = params.get('invite');
  const join = useJoinGroup(viewer.org.type);
  const check = useInviteCheck(code);

  if (!code && invite) return <MessageCard text={MSG.invitePendingInvalid} />;
  if (!code) return <MessageCard text={MSG.confirmCodeError} />;
  if (check.isPending) return <LoadingState />;

  const groupName = check.data?.groupName;
  // A group the viewer coaches (000 section 8, "Already a coach"): said at once, and no Join Group.
  const alreadyCoach = coachesGroupWithCode(viewer.groups, code) ? alreadyCoachMessage(viewer.org.type) : null;
  // A full organisation (402) is the join's own failure (000 section 8): its message, and Join Group
  // stays so the user can try again once a seat is free.
  const seatsFull = isSeatLimit(check.error);
  const cancel = () => void navigate(landingPath(viewer.me.landing).path);
  const { vocab } = viewer;

  return (
    <div className="page page--narrow">
      <div className="card card--elevated">
        <div className="card__body stack stack--lg">
          <div className="stack center" style={{ alignItems: 'center' }}>
            <div className="icon-tile auth-card__icon">
              <Users size={26} aria-hidden />
            </div>
            <h1>Join {vocab.Word('group')}</h1>
            {alreadyCoach ? (
              <div className="stack" role="alert">
                <p className="form-error">{alreadyCoach.title}</p>
                <p className="muted">{alreadyCoach.text}</p>
              </div>
            ) : check.isError ? (
              <p className="form-error" role="alert">
                {inviteCheckErrorMessage(check.error)}
              </p>
            ) : (
              <p className="muted">
                You are about to join the {vocab.word('group')} <strong data-testid="confirm-group-name">{groupName ?? code}</strong>
                {check.data?.org.name ? (
                  <>
                    {' '}
                    at <strong>{check.data.org.name}</strong>
                  </>
                ) : null}{' '}
                as {withArticle(vocab.word('speaker'))}.
              </p>
            )}
          </div>
          <dl className="meta-list">
            <dt>Invite code</dt>
            <dd className="mono">{code}</dd>
            <dt>Account</dt>
            <dd>{viewer.user.email}</dd>
          </dl>
          <div className="row row--end">
            <Button variant="secondary" onClick={cancel}>
              Cancel
            </Button>
            {!alreadyCoach && (!check.isError || seatsFull) && (
              <Button busy={join.isPending} onClick={() => join.mutate(code)}>
                Join Group
              </Button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
