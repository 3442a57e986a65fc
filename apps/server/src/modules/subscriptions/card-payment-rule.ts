import { ERROR_CODES, MSG, type TOrgSettings } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import type { TPaymentProvider } from '../../payments/payment-provider.js';

// The one rule of "may this organisation take card payments": the server has a payment
// provider (Stripe configured) and the organisation is not coupon-only. GET subscription's
// cardPayments and both card calls (start, and the update call with a stripeToken) ask it.

export type TCardPayments = 'available' | 'not-configured' | 'prepaid-only';

export function cardPaymentsFor(payments: TPaymentProvider | null | undefined, settings: TOrgSettings): TCardPayments {
  if (!payments) return 'not-configured';
  return settings.couponOnly ? 'prepaid-only' : 'available';
}

/** The provider when this organisation may take cards; otherwise 400 with the reason (nothing charged). */
export function requireCardPayments(deps: Pick<TDeps, 'payments'>, settings: TOrgSettings): TPaymentProvider {
  switch (cardPaymentsFor(deps.payments, settings)) {
    case 'not-configured':
      throw badRequest(MSG.cardPaymentNotConfigured, ERROR_CODES.paymentNotConfigured);
    case 'prepaid-only':
      throw badRequest(MSG.cardPaymentPrepaidOnly, ERROR_CODES.paymentPrepaidOnly);
    case 'available':
      return deps.payments!;
  }
}
