import {
  ERROR_CODES,
  PRACTICE_PROMPT_CATEGORIES,
  PRACTICE_PROMPT_LIMITS,
  PRACTICE_PROMPT_MSG,
  type TPracticePrompt,
  type TPracticePromptCategory,
  type TPracticePromptList,
  type TRecordingPrompt,
  type TSavePracticePromptBody,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isOrgAdmin } from '../../auth/roles.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import {
  countPrompts,
  deletePrompt,
  findPrompt,
  insertPrompt,
  listPrompts,
  seedPromptsOnce,
  type TPracticePromptRow,
  updatePrompt,
} from './practice-prompts.repository.js';
import { SEED_PROMPTS } from './seed-prompts.js';

// The organisation's practice prompts (issue 41): every member reads the shown ones; the
// organisation's admins add, change, hide and delete them.

/** Who changes an organisation's prompts: its admins. */
const mayEditPrompts = (auth: TAuth) => isOrgAdmin(auth);

function present(row: TPracticePromptRow): TPracticePrompt {
  return {
    promptId: row.id,
    title: row.title,
    instructions: row.instructions,
    category: row.category,
    suggestedSeconds: row.suggestedSeconds,
    hidden: row.hidden,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getPracticePrompts(deps: TDeps, auth: TAuth, q: { includeHidden?: 'true' | 'false' }): Promise<TPracticePromptList> {
  await seedPromptsOnce(deps.db, auth.orgId, SEED_PROMPTS);
  const canEdit = mayEditPrompts(auth);
  const rows = await listPrompts(deps.db, auth.orgId, { includeHidden: canEdit && q.includeHidden === 'true' });
  // In the categories' order (the contract's), then by title.
  const order = (c: TPracticePromptCategory) => PRACTICE_PROMPT_CATEGORIES.indexOf(c);
  rows.sort((a, b) => order(a.category) - order(b.category) || a.title.localeCompare(b.title));
  return { prompts: rows.map(present), abilities: { canEdit } };
}

function requireEditor(auth: TAuth): void {
  if (!mayEditPrompts(auth)) throw forbidden();
}

export async function createPracticePrompt(deps: TDeps, auth: TAuth, body: TSavePracticePromptBody): Promise<TPracticePrompt> {
  requireEditor(auth);
  // Seeded first, so the library an admin adds to is the one speakers see.
  await seedPromptsOnce(deps.db, auth.orgId, SEED_PROMPTS);
  if ((await countPrompts(deps.db, auth.orgId)) >= PRACTICE_PROMPT_LIMITS.perOrgMax) {
    throw conflict(PRACTICE_PROMPT_MSG.tooMany, ERROR_CODES.practicePromptsLimit);
  }
  return present(await insertPrompt(deps.db, auth.orgId, body, auth.userId));
}

export async function updatePracticePrompt(
  deps: TDeps,
  auth: TAuth,
  promptId: string,
  body: TSavePracticePromptBody,
): Promise<TPracticePrompt> {
  requireEditor(auth);
  const row = await updatePrompt(deps.db, auth.orgId, promptId, body, auth.userId);
  if (!row) throw notFound();
  return present(row);
}

export async function deletePracticePrompt(deps: TDeps, auth: TAuth, promptId: string): Promise<void> {
  requireEditor(auth);
  if (!(await deletePrompt(deps.db, auth.orgId, promptId))) throw notFound();
}

/**
 * The prompt a new take answers, checked: one of the caller's organisation, shown to speakers.
 * Another organisation's prompt, or a hidden one, is refused as unknown.
 */
export async function promptForTake(deps: TDeps, auth: Pick<TAuth, 'orgId'>, promptId: string): Promise<TRecordingPrompt> {
  const row = await findPrompt(deps.db, auth.orgId, promptId);
  if (!row || row.hidden) throw badRequest(PRACTICE_PROMPT_MSG.notOffered);
  return { promptId: row.id, title: row.title };
}
