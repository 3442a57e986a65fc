import { NEGATIVE_VIBES, ownerScores, POSITIVE_VIBES, type THistoryPoint } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertCanViewHistoryOf, recordingAccess } from '../../auth/policies.js';
import { notFound } from '../../errors.js';
import { listAnalysedRecordings, type TPlottedResults, userInOrg } from './history.repository.js';

/** The values the history chart can plot from one recording's results: its owner's, as the results page shows them. */
export function plottableValues(
  results: TPlottedResults,
  speakerNum: number | null,
): {
  values: Record<string, number>;
  ideals: THistoryPoint['ideals'];
} {
  const values: Record<string, number> = {};
  const s = ownerScores(results, speakerNum);
  // A take without metrics plots nothing, as its page shows nothing.
  if (!s || s.isEmptyResults) return { values, ideals: {} };
  const put = (k: string, v: number | null | undefined) => {
    if (typeof v === 'number' && Number.isFinite(v)) values[k] = v;
  };
  put('overall', s.overall);
  put('strengthOfOpening', s.strengthOfOpening);
  put('clarity', s.clarity);
  put('pace', s.pace);
  put('pauseToTalk', s.pauseToTalk);
  put('varietyVolume', s.varietyVolume?.inBand);
  put('varietyPace', s.varietyPace?.value);
  put('varietyPitch', s.varietyPitch?.value);
  for (const v of [...POSITIVE_VIBES, ...NEGATIVE_VIBES]) put(v, s.vibes[v]);
  const ideals: THistoryPoint['ideals'] = {};
  // Variety of Volume is plotted as its in-band share (%), but its ideal is in dB of spread:
  // a band in the wrong unit would mislead, so that one is left out.
  for (const [k, ideal] of Object.entries(results.ideals)) if (ideal && k !== 'varietyVolume') ideals[k] = ideal;
  return { values, ideals };
}

/**
 * A user's analysed recordings for the history chart, oldest first: the caller's own, or, for a
 * coach picking a member, those the caller may hear under each group's privacy levels.
 */
export async function getHistory(deps: TDeps, auth: TAuth, userId: string | undefined): Promise<THistoryPoint[]> {
  const target = await historyTarget(deps, auth, userId);
  return visibleHistory(deps, auth, target);
}

/** Whose history the caller asks for (their own without userId), once they may see it. */
export async function historyTarget(deps: TDeps, auth: TAuth, userId: string | undefined): Promise<string> {
  const target = userId ?? auth.userId;
  // The caller is in their organisation (their key was resolved through it): only another user is looked up.
  if (target !== auth.userId && !(await userInOrg(deps.db, target, auth.orgId))) throw notFound();
  await assertCanViewHistoryOf(deps.db, auth, target);
  return target;
}

/** The target's analysed recordings the caller may hear, oldest first. */
export async function visibleHistory(deps: TDeps, auth: TAuth, target: string): Promise<THistoryPoint[]> {
  const rows = await listAnalysedRecordings(deps.db, target, auth.userId);
  return rows
    .filter(({ r, group, membership }) => {
      const access = recordingAccess(auth, r, group, membership);
      return access === 'owner' || access === 'hear';
    })
    .map(({ r, speakerNum, results }) => ({
      recordingId: r.id,
      title: r.title,
      createdDate: r.createdAt.toISOString(),
      ...plottableValues(results, speakerNum),
    }));
}
