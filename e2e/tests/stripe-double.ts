import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { stripeStandInPort } from '../stripe/stand-in-port';

// Card payments in the browser without Stripe: the page's requests for Stripe.js get the test
// double (stripe/stripe-js-double.js), and its calls to api.stripe.com go to the Stripe stand-in
// the e2e run starts beside the app (playwright.config.ts), which the server also talks to.

const DOUBLE = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'stripe', 'stripe-js-double.js'), 'utf8');

/** Stripe's documented test cards. */
export const CARDS = { good: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export async function useStripeDouble(page: Page, baseURL: string): Promise<void> {
  const standIn = `http://127.0.0.1:${stripeStandInPort(baseURL)}`;
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: DOUBLE }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${standIn}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}
