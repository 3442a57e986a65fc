import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckCircle2, CreditCard, Ticket } from 'lucide-react';
import {
  MSG,
  ZUpdateSubscriptionBodySchema,
  formatPlanPrice,
  paymentFailedMessage,
  planExpiry,
  type TPlan,
  type TSubscriptionEntry,
  type TUpdateSubscriptionResponse,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { Badge } from '../../components/status-badge';
import { bindField } from '../../components/field-binding';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import { Tabs } from '../../components/tabs';
import { TextField } from '../../components/text-field';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import type { TViewer } from '../../app/viewer';
import { readCardPaymentReturn } from './card-payment-return';
import { ACCESS_STATUS_LABELS } from './membership-status';
import { subscriptionFailureMessage } from './subscription-failure';
import { useApplyCardPayment, useRedeemPrepaidCode, useReloadAfterPayment } from './subscription.queries';

// The card form and Stripe.js load only when someone opens the card tab.
const CardPaymentForm = lazy(() => import('./card-payment-form'));

type TTab = 'card' | 'prepaid';
const TONES = { active: 'success', 'not-active-yet': 'warning', expired: 'danger', inactive: undefined } as const;

const PAY_TEXT = { choosePlan: 'Choose a plan to pay for.', enterCode: 'Enter your prepaid code.' } as const;

/** The prepaid code's body of the update call: planId and accessCode. */
const ZPrepaidBodySchema = ZUpdateSubscriptionBodySchema.options[0];
/** The prepaid form: the plan chosen above and the code, by the API's rules; a missing one has the page's message. */
const ZPrepaidFormSchema = z.object({
  planId: z.string().min(1, PAY_TEXT.choosePlan).pipe(ZPrepaidBodySchema.shape.planId),
  accessCode: z.string().trim().min(1, PAY_TEXT.enterCode).pipe(ZPrepaidBodySchema.shape.accessCode),
});
type TPrepaidFormInput = z.input<typeof ZPrepaidFormSchema>;

/** Where access stands for the chosen membership: the status and its expiry (none shown when perpetual). */
function statusText(entry: TSubscriptionEntry): string {
  if (entry.perpetual) return 'Perpetual access';
  if (!entry.expires) return 'No access yet';
  return `${entry.status === 'expired' ? 'Expired' : entry.status === 'active' ? 'Expires' : 'Ended'} ${formatDate(entry.expires)}`;
}

export interface PaymentCardProps {
  viewer: TViewer;
  entry: TSubscriptionEntry;
  /** Every membership the server offers Renew or Activate for (the group picker's choices). */
  payable: TSubscriptionEntry[];
  plans: TPlan[];
  cardPayments: boolean;
  /** A coupon-only organisation: only the Use Prepaid Card tab (002 section 2.10). */
  couponOnly: boolean;
  onChooseGroup: (groupId: string) => void;
}

/**
 * Renew or activate one membership (002 section 2.10): its status, the plan table (Plan, Price,
 * Expiration Date by the contract's planExpiry rule, Auto-renew), and the payment tabs. A card
 * payment needs the payment provider (`cardPayments`); the prepaid tab redeems a code. A renewal of
 * an active membership is confirmed first (002 section 5).
 */
export function PaymentCard({ viewer, entry, payable, plans, cardPayments, couponOnly, onChooseGroup }: PaymentCardProps) {
  const { vocab } = viewer;
  const reloadAfterPayment = useReloadAfterPayment();
  const id = useId();
  const form = useForm<TPrepaidFormInput, unknown, z.output<typeof ZPrepaidFormSchema>>({
    resolver: zodResolver(ZPrepaidFormSchema),
    // The one plan on offer starts chosen.
    defaultValues: { planId: plans.length === 1 ? (plans[0]?.planId ?? '') : '', accessCode: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Both messages show at once where they belong; the focus stays on the button.
    shouldFocusError: false,
  });
  // The plan table is outside the prepaid form: the card payment pays for the same plan.
  const { field: planField, fieldState: planState } = useController({ control: form.control, name: 'planId' });
  const planId = planField.value;
  const planError = planState.error?.message;
  const [tab, setTab] = useState<TTab>(cardPayments && !couponOnly ? 'card' : 'prepaid');
  /** The payment waiting for the renewal confirmation of an active membership (002 section 5). */
  const [pendingPay, setPendingPay] = useState<(() => void) | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const renewing = entry.action === 'renew';
  const activeUntil = entry.status === 'active' && entry.expires ? entry.expires : null;
  const plan = plans.find((p) => p.planId === planId);

  const paid = (res: TUpdateSubscriptionResponse) => {
    setDone(res.expires);
    notifications.success('Subscription updated', `Your access now runs until ${formatDate(res.expires)}.`);
    reloadAfterPayment();
  };

  const redeem = useRedeemPrepaidCode(entry.groupId, {
    onSuccess: (res) => {
      form.setValue('accessCode', '');
      paid(res);
    },
    onError: (e) => notifications.error(subscriptionFailureMessage(e)),
  });

  useReturnedCardPayment(entry.groupId, paid);

  const confirmFirst = (pay: () => void) => {
    if (activeUntil) setPendingPay(() => pay);
    else pay();
  };

  const onSubmit = form.handleSubmit((body) =>
    confirmFirst(() => {
      setDone(null);
      redeem.mutate(body);
    }),
  );

  const tabs = [
    ...(couponOnly ? [] : [{ key: 'card' as const, label: 'Pay by Credit Card' }]),
    { key: 'prepaid' as const, label: 'Use Prepaid Card' },
  ];

  return (
    <Card
      title={`${renewing ? 'Renew' : 'Activate'} your access`}
      description={`Choose a plan for ${entry.groupName}, then pay for it.`}
      titleId="subscription-pay-title"
      className="payment-card"
    >
      <div className="stack stack--lg">
        <div className="payment-card__status" data-testid="subscription-status">
          {payable.length > 1 ? (
            <SelectField
              label={vocab.Word('group')}
              value={entry.groupId}
              onValueChange={onChooseGroup}
              options={payable.map((s) => ({ value: s.groupId, label: s.groupName }))}
            />
          ) : (
            <p className="payment-card__group">{entry.groupName}</p>
          )}
          <div className="payment-card__access">
            <Badge tone={TONES[entry.status]}>{ACCESS_STATUS_LABELS[entry.status]}</Badge>
            <span className="subtle" data-testid="subscription-expiry">
              {statusText(entry)}
            </span>
          </div>
        </div>

        {done && (
          <div className="subscription-done" role="status" data-testid="subscription-done">
            <CheckCircle2 size={18} aria-hidden />
            <p>
              Thank you. Your access to {entry.groupName} now runs until <strong>{formatDate(done)}</strong>.
            </p>
          </div>
        )}

        <fieldset className="plan-table" aria-describedby={planError ? `${id}-plan-error` : undefined}>
          <legend className="visually-hidden">Choose a plan</legend>
          {plans.length === 0 ? (
            <p className="subtle">No plans are offered yet. Ask your administrator.</p>
          ) : (
            <div className="table-wrap">
              <table className="table plan-table__table">
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col">Expiration Date</th>
                    <th scope="col">Auto-renew</th>
                  </tr>
                </thead>
                <tbody>
                  {plans.map((p) => (
                    <tr key={p.planId} className={p.planId === planId ? 'is-selected' : undefined} data-testid="plan-row">
                      <td>
                        <label className="plan-table__choice">
                          <input
                            type="radio"
                            className="radio-dot"
                            name={`${id}-plan`}
                            value={p.planId}
                            checked={p.planId === planId}
                            onChange={() => {
                              planField.onChange(p.planId);
                              form.clearErrors('planId');
                            }}
                          />
                          <span>{p.name}</span>
                        </label>
                      </td>
                      <td className="num" data-label="Price">
                        {formatPlanPrice(p.price)}
                      </td>
                      <td className="nowrap" data-label="Expiration Date">
                        {formatDate(planExpiry(activeUntil, p.duration).toISOString())}
                      </td>
                      <td data-label="Auto-renew">{p.recurring ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {planError && (
            <p className="field__error" id={`${id}-plan-error`} role="alert">
              {planError}
            </p>
          )}
          {activeUntil && <p className="subtle plan-table__hint">Renewing now adds the plan's days to your current expiry.</p>}
        </fieldset>

        <div>
          <Tabs items={tabs} selected={tab} onSelect={setTab} label="Payment method" idPrefix="payment" />
          {!couponOnly && (
            <div
              role="tabpanel"
              id="payment-panel-card"
              aria-labelledby="payment-tab-card"
              hidden={tab !== 'card'}
              className="payment-panel"
            >
              {!cardPayments ? (
                <div className="subscription-note" data-testid="card-panel">
                  <CreditCard size={18} aria-hidden />
                  <p>{MSG.cardPaymentNotConfigured}</p>
                </div>
              ) : tab === 'card' ? (
                <Suspense fallback={<LoadingState />}>
                  <CardPaymentForm
                    groupId={entry.groupId}
                    plan={plan}
                    onPlanMissing={() => form.setError('planId', { type: 'required', message: PAY_TEXT.choosePlan })}
                    confirmFirst={confirmFirst}
                    onPaid={(res) => {
                      setDone(null);
                      paid(res);
                    }}
                  />
                </Suspense>
              ) : null}
            </div>
          )}
          <div
            role="tabpanel"
            id="payment-panel-prepaid"
            aria-labelledby="payment-tab-prepaid"
            hidden={tab !== 'prepaid'}
            className="payment-panel"
          >
            <form className="prepaid-form" onSubmit={(e) => void onSubmit(e)} noValidate>
              <Controller
                control={form.control}
                name="accessCode"
                render={(c) => (
                  <TextField
                    label="Prepaid code"
                    hint="The code on your prepaid card, for the plan chosen above."
                    {...bindField(c)}
                    onValueChange={(v) => {
                      c.field.onChange(v);
                      if (c.fieldState.error) form.clearErrors('accessCode');
                    }}
                    autoComplete="off"
                    spellCheck={false}
                    mono
                  />
                )}
              />
              <Button type="submit" busy={redeem.isPending} icon={<Ticket size={16} aria-hidden />} disabled={plans.length === 0}>
                {renewing ? 'Renew' : 'Activate'}
              </Button>
            </form>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={pendingPay !== null}
        title="Renew your access?"
        confirmLabel="Renew"
        onCancel={() => setPendingPay(null)}
        onConfirm={() => {
          const pay = pendingPay;
          setPendingPay(null);
          pay?.();
        }}
      >
        <p className="dialog__text">
          Your account is active and does not expire until {formatDate(activeUntil)}. Are you sure you want to renew?
        </p>
      </ConfirmDialog>
    </Card>
  );
}

/**
 * Finishes a card payment that left the page for the bank's and came back (card-payment-return.ts):
 * once, for the group it was for, then the address loses Stripe's parameters.
 */
function useReturnedCardPayment(groupId: string, paid: (res: TUpdateSubscriptionResponse) => void) {
  const [search, setSearch] = useSearchParams();
  const handled = useRef(false);
  const { mutateAsync: applyCardPayment } = useApplyCardPayment(groupId);
  useEffect(() => {
    const returned = readCardPaymentReturn(search);
    if (!returned || handled.current) return;
    handled.current = true;
    setSearch({}, { replace: true });
    if (returned.failed) {
      notifications.error(paymentFailedMessage('The payment was not completed.'));
      return;
    }
    applyCardPayment({ planId: returned.planId, stripeToken: returned.paymentIntentId }).then(paid, (e: unknown) =>
      notifications.error(subscriptionFailureMessage(e)),
    );
  }, [search, setSearch, paid, applyCardPayment]);
}
