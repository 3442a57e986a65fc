import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the few Stripe API endpoints the server uses (Stripe cannot be reached
// from the test machines): PaymentIntents (create, retrieve, update metadata), Customers, Prices
// and Subscriptions (create, with the first invoice's PaymentIntent; retrieve; update
// cancel_at_period_end; cancel). The official SDK is pointed at it with its host/port/protocol
// options. Tests settle payments with succeed() and decline().

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

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
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
  decline(id: string, message = 'Your card was declined.'): TStandInPaymentIntent {
    const pi = this.paymentIntents.get(id)!;
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message } });
    return pi;
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
    if (req.headers.authorization !== 'Bearer sk_test_standin') {
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
