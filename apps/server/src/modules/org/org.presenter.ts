import { hasPerpetualFreeDuration, type TOrg } from '@rostrum/contract';
import type { TOrgRow } from './org.repository.js';

/** The organisation as the caller sees it: roles are the caller's org-level roles. */
export function presentOrg(o: TOrgRow, orgRoles: string[]): TOrg {
  return {
    orgId: o.id,
    code: o.code,
    name: o.name,
    type: o.type,
    billingModel: o.billingModel === 1 ? 1 : 0,
    orgExpirationDate: o.expirationDate ? o.expirationDate.toISOString() : null,
    roles: orgRoles.filter((r): r is 'admin' | 'manager' => r === 'admin' || r === 'manager'),
    settings: o.settings,
    whiteLabelLogo: o.whiteLabelLogo,
    hasPerpetualFreeDuration: hasPerpetualFreeDuration(o.settings.freeDuration),
    // Plans and payment come with the subscription feature.
    plans: [],
    algorithmConfig: o.algorithmConfig,
  };
}
