import { hasPerpetualFreeDuration, type TOrg, type TPlan } from '@rostrum/contract';
import type { TOrgRow } from './org.repository.js';

/** The organisation as the caller sees it: roles are the caller's org-level roles; plans those offered, by price descending. */
export function presentOrg(o: TOrgRow, orgRoles: string[], plans: TPlan[]): TOrg {
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
    plans,
    algorithmConfig: o.algorithmConfig,
    timeZone: o.timeZone,
  };
}
