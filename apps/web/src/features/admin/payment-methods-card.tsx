import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZUpdateBillingSettingsBodySchema, type TBillingSettings, type TUpdateBillingSettingsBody } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { billingErrorMessage, useBillingSettings, useUpdateBillingSettings } from './admin-billing.queries';

const CHOICES = [
  {
    couponOnly: false,
    name: 'Cards and prepaid codes',
    effect: 'Speakers pay by credit card on the Subscription page or redeem a prepaid code.',
  },
  {
    couponOnly: true,
    name: 'Prepaid codes only',
    effect: 'The Subscription page shows only the Use Prepaid Card tab; card payments are refused.',
  },
] as const;

/**
 * The Plans page's "Payment methods" (issue 17): the organisation takes cards and prepaid codes,
 * or prepaid codes only (coupon-only). Says so when this server has no card payment set up.
 */
export function PaymentMethodsCard() {
  const settings = useBillingSettings();
  return (
    <Card title="Payment methods" titleId="payment-methods-title" description="How speakers of your organization may pay for their access.">
      {settings.isPending ? (
        <LoadingState />
      ) : settings.data ? (
        <PaymentMethodsForm settings={settings.data} />
      ) : (
        <Banner inline kind="error" title="The payment methods could not be loaded" text="Please reload the page." />
      )}
    </Card>
  );
}

/** The two choices as radios, starting as saved (PATCH billing-settings with couponOnly). */
function PaymentMethodsForm({ settings }: { settings: TBillingSettings }) {
  const name = useId();
  const form = useForm<TUpdateBillingSettingsBody>({
    resolver: zodResolver(ZUpdateBillingSettingsBodySchema),
    defaultValues: { couponOnly: settings.couponOnly },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useUpdateBillingSettings({
    onSuccess: (saved) => {
      form.reset({ couponOnly: saved.couponOnly });
      notifications.success(saved.couponOnly ? 'Speakers now pay with prepaid codes only' : 'Speakers can now pay by card or prepaid code');
    },
    onError: (e) => {
      const message = billingErrorMessage(e);
      if (message !== null) notifications.error('The payment methods could not be saved', message);
    },
  });
  const onSubmit = form.handleSubmit(({ couponOnly }) => save.mutate(couponOnly));

  const selected = form.watch('couponOnly');
  return (
    <form className="stack stack--lg" aria-labelledby="payment-methods-title" onSubmit={(e) => void onSubmit(e)}>
      {!settings.cardPaymentsConfigured && (
        <Banner
          inline
          kind="info"
          title="Card payment is not set up on this server"
          text="Speakers can use prepaid codes only, whichever you choose here, until the operator configures card payments."
        />
      )}
      <fieldset className="privacy-field">
        <legend className="visually-hidden">Payment methods</legend>
        <Controller
          control={form.control}
          name="couponOnly"
          render={({ field }) => (
            <div className="privacy-field__options">
              {CHOICES.map((c) => (
                <label key={c.name} className="privacy-option">
                  <input
                    type="radio"
                    className="radio-dot"
                    name={name}
                    checked={field.value === c.couponOnly}
                    onChange={() => field.onChange(c.couponOnly)}
                    aria-labelledby={`${name}-${c.couponOnly}-name`}
                    aria-describedby={`${name}-${c.couponOnly}`}
                  />
                  <span className="privacy-option__text">
                    <span className="privacy-option__name" id={`${name}-${c.couponOnly}-name`}>
                      {c.name}
                    </span>
                    <span className="privacy-option__effect" id={`${name}-${c.couponOnly}`}>
                      {c.effect}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>
      <div className="form-actions">
        <Button type="submit" busy={save.isPending} disabled={selected === settings.couponOnly}>
          Save Payment Methods
        </Button>
      </div>
    </form>
  );
}
