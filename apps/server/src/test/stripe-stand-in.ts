import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the few Stripe API endpoints the server uses (Stripe cannot be reached
// from the test machines): PaymentIntents (create, retrieve, update metadata), Customers, Prices
// and Subscriptions (create, with the first invoice's PaymentIntent; retrieve; update
// cancel_at_period_end; cancel). The official SDK is pointed at it with its host/port/protocol
// options. Tests settle payments with succeed() and decline(), or, as Stripe.js does in the
// browser, confirm a PaymentIntent with the publishable key, its client secret and one of
// Stripe's test card numbers (TEST_CARDS).

type TObj = Record<string, unknown>;
export type TStandInPaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  description: string | null;
  livemode: false;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export const STAND_IN_SECRET_KEY = 'sk_test_standin';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_standin';

/** Stripe's documented test cards: the number decides the outcome of a confirmation. */
export const TEST_CARDS: Record<string, { code: string; message: string } | null> = {
  '4242424242424242': null,
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

/** Stripe's form encoding (a[b][0]=c) back to nested objects and arrays. */
export function parseStripeForm(body: string): TObj {
  const out: TObj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: TObj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
        node = node[part] as TObj;
      }
    });
  }
  return out;
}

export class StripeStandIn {
  readonly paymentIntents = new Map<string, TStandInPaymentIntent>();
  readonly customers = new Map<string, TObj>();
  readonly prices = new Map<string, TObj>();
  readonly subscriptions = new Map<string, TObj>();
  readonly requests: { method: string; path: string; body: TObj }[] = [];
  private server = http.createServer((req, res) => void this.handle(req, res));

  async start(port = 0): Promise<{ host: string; port: number; protocol: 'http' }> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A PaymentIntent made here directly (not through the server), e.g. with a wrong amount. */
  createPaymentIntent(p: { amount: number; currency: string; metadata?: Record<string, string> }): TStandInPaymentIntent {
    const id = newId('pi');
    const pi: TStandInPaymentIntent = {
      id,
      object: 'payment_intent',
      amount: p.amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: p.metadata ?? {},
      latest_charge: null,
      last_payment_error: null,
      description: null,
      livemode: false,
    };
    this.paymentIntents.set(id, pi);
    return pi;
  }

  /** What Stripe.js's confirmPayment does with a good card; a subscription's first payment makes it active. */
  succeed(id: string): TStandInPaymentIntent {
    const pi = this.paymentIntents.get(id)!;
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: newId('ch'), last_payment_error: null });
    const sub = pi.metadata.subscriptionId ? this.subscriptions.get(pi.metadata.subscriptionId) : undefined;
    if (sub) sub.status = 'active';
    return pi;
  }

  /** A declined card: the PaymentIntent goes back to requires_payment_method with the error. */
  decline(id: string, message = 'Your card was declined.', code = 'card_declined'): TStandInPaymentIntent {
    const pi = this.paymentIntents.get(id)!;
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code, message } });
    return pi;
  }

  /**
   * What Stripe.js's confirmPayment asks of the API: the publishable key and the PaymentIntent's
   * client secret authorise it; the card number decides success or a card error (HTTP 402).
   */
  private confirmWithCard(id: string, body: TObj, send: (status: number, obj: unknown) => void) {
    const pi = this.paymentIntents.get(id);
    if (body.key !== STAND_IN_PUBLISHABLE_KEY) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (!pi || body.client_secret !== pi.client_secret) {
      return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } });
    }
    if (pi.status === 'succeeded') {
      return send(400, {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This PaymentIntent has already succeeded.',
        },
      });
    }
    const card = (body.payment_method_data as TObj | undefined)?.card as TObj | undefined;
    const number = String(card?.number ?? '').replace(/\s/g, '');
    const outcome = TEST_CARDS[number];
    if (outcome === undefined) {
      return send(402, { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    }
    if (outcome) {
      this.decline(id, outcome.message, outcome.code);
      return send(402, { error: { type: 'card_error', ...outcome, payment_intent: pi } });
    }
    return send(200, this.succeed(id));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = parseStripeForm(raw);
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push({ method: req.method!, path, body });
    const send = (status: number, obj: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(obj));
    };
    const missing = (what: string, id: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } });
    if (req.method === 'GET' && path === '/health') return send(200, { ok: true });
    const confirm = path.match(/^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/);
    if (confirm && req.method === 'POST') return this.confirmWithCard(confirm[1]!, body, send);
    if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const m = path.match(/^\/v1\/([a-z_]+)(?:\/([A-Za-z0-9_]+))?$/);
    const [, resource, id] = m ?? [];
    const metadata = (body.metadata ?? {}) as Record<string, string>;
    if (resource === 'payment_intents' && req.method === 'POST' && !id) {
      return send(200, this.createPaymentIntent({ amount: Number(body.amount), currency: String(body.currency), metadata }));
    }
    if (resource === 'payment_intents' && id) {
      const pi = this.paymentIntents.get(id);
      if (!pi) return missing('payment_intent', id);
      if (req.method === 'POST') pi.metadata = { ...pi.metadata, ...metadata };
      return send(200, pi);
    }
    if (resource === 'customers' && req.method === 'POST') {
      const c = { id: newId('cus'), object: 'customer', email: body.email ?? null, metadata };
      this.customers.set(c.id, c);
      return send(200, c);
    }
    if (resource === 'prices' && req.method === 'POST') {
      const p = {
        id: newId('price'),
        object: 'price',
        unit_amount: Number(body.unit_amount),
        currency: body.currency,
        recurring: body.recurring,
      };
      this.prices.set(p.id, p);
      return send(200, p);
    }
    if (resource === 'subscriptions' && req.method === 'POST' && !id) {
      const price = this.prices.get(String((body.items as TObj[] | undefined)?.[0]?.price));
      if (!price) return missing('price', 'items[0][price]');
      const pi = this.createPaymentIntent({ amount: Number(price.unit_amount), currency: String(price.currency) });
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        billing_reason: 'subscription_create',
        confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
      };
      const sub = {
        id: newId('sub'),
        object: 'subscription',
        customer: body.customer,
        status: 'incomplete',
        cancel_at_period_end: false,
        metadata,
        payment_behavior: body.payment_behavior,
        latest_invoice: invoice,
      };
      this.subscriptions.set(sub.id, sub);
      return send(200, sub);
    }
    if (resource === 'subscriptions' && id) {
      const sub = this.subscriptions.get(id);
      if (!sub) return missing('subscription', id);
      if (req.method === 'POST' && body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (req.method === 'DELETE') sub.status = 'canceled';
      return send(200, sub);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }
}
