#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { formatPlanPrice } from '@rostrum/contract';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { isCouponOnly, listOrgPlans, seedPlan, setCouponOnly } from './plans.js';

// Operator CLI for plans, on the database the server uses (DATABASE_URL, else DATA_DIR's PGlite;
// stop an embedded server first, PGlite has one writer):
//   node apps/server/dist/seed/plans-cli.js --org northwind --name Annual --price 9900 --duration 365 [--recurring]
//   node apps/server/dist/seed/plans-cli.js --org northwind --list
//   node apps/server/dist/seed/plans-cli.js --org northwind --coupon-only on|off
// Price in cents, duration in days. --coupon-only on: prepaid codes only, no card payments.

const USAGE = 'usage: plans-cli --org CODE (--list | --name NAME --price CENTS --duration DAYS [--recurring] | --coupon-only on|off)';
const SWITCH: Record<string, boolean> = { on: true, off: false };

async function main() {
  const { values } = parseArgs({
    options: {
      org: { type: 'string' },
      list: { type: 'boolean', default: false },
      name: { type: 'string' },
      price: { type: 'string' },
      duration: { type: 'string' },
      recurring: { type: 'boolean', default: false },
      'coupon-only': { type: 'string' },
    },
  });
  const couponOnly = values['coupon-only'];
  // Either a plan or the payment methods per run, so a typo cannot half-apply.
  if (!values.org || (couponOnly !== undefined && (!(couponOnly in SWITCH) || values.name !== undefined))) {
    throw new ConfigError(USAGE);
  }
  const database = await openDatabase(loadConfig(process.env));
  try {
    if (couponOnly !== undefined) {
      await setCouponOnly(database.db, values.org, SWITCH[couponOnly]!);
    } else if (!values.list) {
      const plan = await seedPlan(database.db, values.org, {
        name: values.name,
        price: Number(values.price),
        duration: Number(values.duration),
        recurring: values.recurring,
      });
      console.log(`added plan ${plan.planId}`);
    }
    const prepaidOnly = await isCouponOnly(database.db, values.org);
    console.log(`payment methods: ${prepaidOnly ? 'prepaid codes only' : 'cards and prepaid codes'}`);
    for (const p of await listOrgPlans(database.db, values.org)) {
      console.log(
        `${p.planId}  ${p.name}  ${formatPlanPrice(p.price)}  ${p.duration} days${p.recurring ? '  recurring' : ''}${p.archived ? '  archived' : ''}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `plans-cli: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
