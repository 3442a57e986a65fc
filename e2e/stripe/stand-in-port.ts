/** The Stripe stand-in's port beside the app under test (one pair per e2e run). */
export function stripeStandInPort(baseURL: string): number {
  return Number(new URL(baseURL).port || '8181') + 1000;
}
