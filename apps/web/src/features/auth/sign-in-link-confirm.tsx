import { UserRoundCheck } from 'lucide-react';
import { continueAsMessage } from '@rostrum/contract';
import { Button } from '../../components/button';
import { AuthLayout } from './auth-layout';

/**
 * The question before a sign-in link (/sign-in?key=...) is used. A link can come from anyone, so
 * using it at once would sign a visitor into someone else's account (login CSRF): whatever they
 * then record would land there. Only Continue exchanges the key.
 */
export function SignInLinkConfirm({
  email,
  onContinue,
  onOtherAccount,
}: {
  email: string;
  onContinue: () => void;
  onOtherAccount: () => void;
}) {
  return (
    <AuthLayout
      title={<span style={{ overflowWrap: 'anywhere' }}>{continueAsMessage(email)}</span>}
      lead="This link signs you in to Rostrum. Continue only if this is your account and you asked for the link."
    >
      <div className="stack center">
        <div className="icon-tile auth-card__icon auth-card__icon--success">
          <UserRoundCheck size={28} aria-hidden />
        </div>
      </div>
      <div className="stack">
        <Button block onClick={onContinue} autoFocus>
          Continue
        </Button>
        <Button block variant="secondary" onClick={onOtherAccount}>
          Use another account
        </Button>
      </div>
    </AuthLayout>
  );
}
