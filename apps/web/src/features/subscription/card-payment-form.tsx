import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CreditCard, Lock } from 'lucide-react';
import { MSG, formatPlanPrice, paymentFailedMessage, type TPlan, type TUpdateSubscriptionResponse } from '@rostrum/contract';
import { Button } from '../../components/button';
import { notifications } from '../../app/notification-store';
import { cardPaymentReturnUrl } from './card-payment-return';
import { subscriptionFailureMessage } from './subscription-failure';
import { cardPaymentStartErrorMessage, useApplyCardPayment, useStartCardPayment } from './subscription.queries';
import { designToken } from '../../components/design-tokens';

// Pay by Credit Card (issue 17): the server starts a Stripe PaymentIntent for the chosen plan
// (never trusting a price from here), Stripe.js's Payment Element takes the card in Stripe's own
// frames (so card numbers never touch Rostrum, and 3-D Secure works), stripe.confirmPayment
// charges it, and the update call then grants access with the PaymentIntent id as the spec's
// stripeToken. This module is loaded only when the card tab opens, and Stripe.js with it.

/** The spec's payment script failure (002 section 8). */
export const PAYMENT_SCRIPT_FAILED = { title: 'A server error occurred', text: 'Please try again in a few minutes' } as const;

type TStarted = { stripe: Stripe; elements: StripeElements; paymentIntentId: string };

/** The Payment Element in the app's own colours and type, read from the design tokens. */
function appearance() {
  const token = designToken;
  return {
    theme: 'stripe' as const,
    variables: {
      colorPrimary: token('--color-primary-600', '#4a45c4'),
      colorText: token('--color-grey-900', '#111827'),
      colorDanger: token('--color-danger-600', '#c8333a'),
      fontFamily: token('--font-sans', 'system-ui, sans-serif'),
      borderRadius: token('--radius-sm', '6px'),
    },
  };
}

export interface CardPaymentFormProps {
  groupId: string;
  plan: TPlan | undefined;
  /** Asks for a plan when none is chosen (the plan table's own error). */
  onPlanMissing: () => void;
  /** Runs `pay` now, or after the renewal confirmation for an active membership (002 section 5). */
  confirmFirst: (pay: () => void) => void;
  onPaid: (res: TUpdateSubscriptionResponse) => void;
}

export default function CardPaymentForm({ groupId, plan, onPlanMissing, confirmFirst, onPaid }: CardPaymentFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [started, setStarted] = useState<TStarted | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState<'starting' | 'paying' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: startCardPayment } = useStartCardPayment(groupId);
  const { mutateAsync: applyCardPayment } = useApplyCardPayment(groupId);

  // A new plan needs a new PaymentIntent: the card details start over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the plan changes
  useEffect(() => {
    setStarted(null);
    setFailure(null);
  }, [plan?.planId]);

  useEffect(() => {
    if (!started || !mountRef.current) return;
    setReady(false);
    const element = started.elements.create('payment', { layout: 'tabs' });
    element.on('ready', () => setReady(true));
    element.on('change', () => setFailure(null));
    element.mount(mountRef.current);
    return () => element.destroy();
  }, [started]);

  const start = async () => {
    if (!plan) return onPlanMissing();
    setBusy('starting');
    setFailure(null);
    try {
      const payment = await startCardPayment(plan.planId);
      let stripe: Stripe | null = null;
      try {
        stripe = await loadStripe(payment.publishableKey);
      } catch {
        stripe = null;
      }
      if (!stripe) {
        notifications.error(PAYMENT_SCRIPT_FAILED.title, PAYMENT_SCRIPT_FAILED.text);
        return;
      }
      const elements = stripe.elements({ clientSecret: payment.clientSecret, appearance: appearance() });
      setStarted({ stripe, elements, paymentIntentId: payment.paymentIntentId });
    } catch (e) {
      notifications.error(cardPaymentStartErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const fail = (message: string) => {
    setFailure(message);
    notifications.error(message);
  };

  const pay = async () => {
    if (!started || !plan) return;
    const { stripe, elements, paymentIntentId } = started;
    setBusy('paying');
    setFailure(null);
    try {
      // Stripe's own checks of the fields first (an incomplete number, a past expiry date).
      const submitted = await elements.submit();
      if (submitted.error) return setFailure(submitted.error.message ?? MSG.serverError);
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        // Only payment methods that leave the page (a bank's own page) come back here.
        confirmParams: { return_url: cardPaymentReturnUrl(groupId, plan.planId) },
      });
      if (error) return fail(paymentFailedMessage(error.message ?? 'The payment was not completed.'));
      onPaid(await applyCardPayment({ planId: plan.planId, stripeToken: paymentIntentId }));
      setStarted(null);
    } catch (e) {
      fail(subscriptionFailureMessage(e));
    } finally {
      setBusy(null);
    }
  };

  if (!started) {
    return (
      <div className="card-payment">
        <p className="subtle">
          {plan
            ? `Pay ${formatPlanPrice(plan.price)} for ${plan.name}${plan.recurring ? `, renewed every ${plan.duration} days until you turn it off` : ''}. Your card details go straight to our payment processor, Stripe.`
            : 'Choose a plan above, then enter your card details.'}
        </p>
        <Button busy={busy === 'starting'} icon={<CreditCard size={16} aria-hidden />} onClick={() => void start()}>
          Enter card details
        </Button>
      </div>
    );
  }

  return (
    <form
      className="card-payment"
      aria-label="Card details"
      onSubmit={(e) => {
        e.preventDefault();
        confirmFirst(() => void pay());
      }}
      noValidate
    >
      <div ref={mountRef} className="card-payment__element" data-testid="payment-element" />
      {failure && (
        <p className="field__error" role="alert" data-testid="card-payment-error">
          {failure}
        </p>
      )}
      <div className="card-payment__actions">
        <Button type="submit" busy={busy === 'paying'} disabled={!ready} icon={<Lock size={16} aria-hidden />}>
          {plan ? `Pay ${formatPlanPrice(plan.price)}` : 'Pay'}
        </Button>
        <Button variant="ghost" disabled={busy === 'paying'} onClick={() => setStarted(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
