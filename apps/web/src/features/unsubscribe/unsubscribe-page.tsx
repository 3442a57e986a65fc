import { useParams } from 'react-router';
import { BellOff, CheckCircle2, Info, MailX, Settings } from 'lucide-react';
import { Button, ButtonLink } from '../../components/button';
import { notifications } from '../../app/notification-store';
import { WEB_ROUTES } from '../../app/route-paths';
import { useUnsubscribe } from './unsubscribe.queries';
import './unsubscribe.css';

// 001 sections 2 and 8: the page an email's unsubscribe link opens. No sign-in is needed; the
// code in the route identifies the account.
export const UNSUBSCRIBE_STRINGS = {
  successTitle: "You're Unsubscribed!",
  successText: 'You will no longer receive any email notifications from Rostrum.',
  errorTitle: 'Unable to Unsubscribe',
  errorText: 'Please try unsubscribing within your account instead, using the first button on this page.',
} as const;

/** /unsubscribe/:unsubscribeCode */
export function UnsubscribePage() {
  const { unsubscribeCode = '' } = useParams();
  const unsubscribe = useUnsubscribe(unsubscribeCode, {
    onSuccess: () => notifications.success(UNSUBSCRIBE_STRINGS.successTitle, UNSUBSCRIBE_STRINGS.successText),
    onError: () => notifications.error(UNSUBSCRIBE_STRINGS.errorTitle, UNSUBSCRIBE_STRINGS.errorText),
  });
  const done = unsubscribe.isSuccess;

  return (
    <div className="page page--narrow unsubscribe-page">
      <section className="card card--elevated" aria-labelledby="unsubscribe-title">
        <div className="card__body stack stack--lg">
          <div className="stack center" style={{ gap: 'var(--space-3)' }}>
            <div className={['icon-tile auth-card__icon', done && 'auth-card__icon--success'].filter(Boolean).join(' ')}>
              {done ? <CheckCircle2 size={28} aria-hidden /> : <MailX size={28} aria-hidden />}
            </div>
            <h1 id="unsubscribe-title">Unsubscribe</h1>
            <p className="muted">
              {done
                ? 'Every email notification for this account is now off. You can turn any of them back on in your email settings.'
                : 'Choose which Rostrum emails you receive, or stop all of them at once.'}
            </p>
          </div>

          <ol className="unsubscribe-options">
            <li className="unsubscribe-option">
              <span className="icon-tile unsubscribe-option__icon">
                <Settings size={18} aria-hidden />
              </span>
              <div className="unsubscribe-option__main">
                <h2 className="unsubscribe-option__title">Choose which emails you get</h2>
                <p className="subtle">Sign in to turn each kind of email notification on or off.</p>
                <ButtonLink to={WEB_ROUTES.emailNotifications.path} variant="secondary">
                  Email notification settings
                </ButtonLink>
              </div>
            </li>
            <li className="unsubscribe-option">
              <span className="icon-tile unsubscribe-option__icon">
                <BellOff size={18} aria-hidden />
              </span>
              <div className="unsubscribe-option__main">
                <h2 className="unsubscribe-option__title">Stop all email notifications</h2>
                <p className="subtle">No sign-in needed: this turns off every email notification Rostrum sends to this account.</p>
                <Button onClick={() => unsubscribe.mutate()} busy={unsubscribe.isPending} disabled={done}>
                  {done ? 'All email notifications are off' : 'Disable all email notifications'}
                </Button>
              </div>
            </li>
          </ol>

          <p className="unsubscribe-note">
            <Info size={16} aria-hidden />
            <span>
              Marketing emails are managed separately. Rostrum itself sends no marketing email, so these settings cover every email it sends
              you. For marketing email from anyone else, use the unsubscribe link in that email.
            </span>
          </p>
        </div>
      </section>
    </div>
  );
}
