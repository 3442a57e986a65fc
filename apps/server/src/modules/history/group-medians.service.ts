import { GROUP_MEDIAN_MIN_SPEAKERS, medianOf, PLOTTABLE_DIALS, type THistoryGroupMedians } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { groupMedianVisible } from '../../auth/policies.js';
import { groupsOfUser, otherSpeakersScores } from './history.repository.js';
import { historyTarget, plottableValues, visibleHistory } from './history.service.js';

// The group's median per dial beside one speaker's history (issue 20): an aggregate of the other
// speakers of the groups whose privacy levels allow it (groupMedianVisible), never one of their values.

/** The whole UTC months the history spans: [first day of the first month, first day after the last). */
export function monthWindow(dates: readonly string[]): { from: Date; to: Date } | null {
  if (dates.length === 0) return null;
  const times = dates.map((d) => Date.parse(d));
  const first = new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  return {
    from: new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)),
    to: new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1)),
  };
}

/**
 * Per dial: each other speaker's median over their recordings, then the median of those, so a
 * speaker who records often weighs no more than one who records once. A dial with fewer than
 * GROUP_MEDIAN_MIN_SPEAKERS speakers is left out: a median of one or two would reveal them.
 */
export function dialMedians(rows: readonly { userId: string; values: Record<string, number> }[]): THistoryGroupMedians['dials'] {
  const dials: THistoryGroupMedians['dials'] = {};
  for (const { key } of PLOTTABLE_DIALS) {
    const bySpeaker = new Map<string, number[]>();
    for (const r of rows) {
      const v = r.values[key];
      if (typeof v === 'number') bySpeaker.set(r.userId, [...(bySpeaker.get(r.userId) ?? []), v]);
    }
    if (bySpeaker.size < GROUP_MEDIAN_MIN_SPEAKERS) continue;
    dials[key] = { median: medianOf([...bySpeaker.values()].map(medianOf)), speakerCount: bySpeaker.size };
  }
  return dials;
}

export async function getGroupMedians(deps: TDeps, auth: TAuth, userId: string | undefined): Promise<THistoryGroupMedians> {
  const target = await historyTarget(deps, auth, userId);
  const memberships = await groupsOfUser(deps.db, target, auth.userId);
  const allowed = memberships.filter((m) => groupMedianVisible(auth, target, m.group, m.viewer, m.target)).map((m) => m.group);
  const window = monthWindow((await visibleHistory(deps, auth, target)).map((p) => p.createdDate));
  const groups = allowed.map((g) => ({ groupId: g.id, name: g.name }));
  if (!window || allowed.length === 0) {
    return { groups, from: window?.from.toISOString() ?? null, to: window?.to.toISOString() ?? null, dials: {} };
  }
  const rows = await otherSpeakersScores(deps.db, {
    orgId: auth.orgId,
    groupIds: allowed.map((g) => g.id),
    exceptUserId: target,
    ...window,
  });
  const dials = dialMedians(rows.map((r) => ({ userId: r.userId, values: plottableValues(r.results, r.speakerNum).values })));
  return { groups, from: window.from.toISOString(), to: window.to.toISOString(), dials };
}
