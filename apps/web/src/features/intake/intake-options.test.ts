import { describe, expect, it } from 'vitest';
import type { TGroup, TPracticePrompt } from '@rostrum/contract';
import {
  assignmentToResume,
  buildCreateBody,
  chooseAssignment,
  defaultTitleFor,
  initialOptions,
  NO_INTAKE_DATA,
  promptTitleFor,
  resultsPath,
  saveTakeBody,
  type TIntakeAssignment,
  type TIntakeData,
  ZIntakeOptionsSchema,
} from './intake-options';

const assignment = (over: Partial<TIntakeAssignment> = {}): TIntakeAssignment => ({
  assignmentId: 'a1',
  name: 'Elevator Pitch',
  groupId: 'g2',
  groupName: 'Pitch Practice',
  criteria: { algorithm: 'rostrum-default' },
  abilities: { canSubmit: true },
  ...over,
});
const multi = assignment({
  assignmentId: 'a2',
  name: 'Client Discovery Call',
  criteria: { algorithm: 'rostrum-conversational' },
});
const groups = [{ groupId: 'g1' }, { groupId: 'g2' }] as TGroup[];
const org = {
  algorithmConfig: { default_algorithm: 'rostrum-default', algorithms: [{ name: 'rostrum-default' }, { name: 'rostrum-conversational' }] },
  settings: {},
} as never;

describe('record into an assignment (001 sections 2 and 4)', () => {
  it("numbers the default title after the caller's titles in that assignment only", () => {
    const recordings = [
      { title: 'Elevator Pitch - v1', assignmentId: 'a1', practicePromptId: null },
      { title: 'Elevator Pitch - v2', assignmentId: null, practicePromptId: null },
    ];
    expect(defaultTitleFor(assignment(), recordings)).toBe('Elevator Pitch - v2');
    expect(defaultTitleFor(assignment(), [])).toBe('Elevator Pitch - v1');
    const long = 'A'.repeat(43);
    expect(defaultTitleFor(assignment({ name: long }), [])).toBe(`${'A'.repeat(41)}... - v1`);
  });

  it('preselects ?assignmentId with its title, group and speaker count; an unknown id or a closed one stays private', () => {
    const data: TIntakeData = { assignments: [assignment(), multi], recordings: [], preselectId: 'a2', prompt: null, again: null };
    expect(initialOptions(groups, data)).toMatchObject({
      assignmentId: 'a2',
      groupId: 'g2',
      multiSpeaker: true,
      title: 'Client Discovery Call - v1',
      titleIsDefault: true,
    });
    expect(initialOptions(groups, { ...data, preselectId: 'nope' })).toMatchObject({ assignmentId: '', title: '', groupId: 'g1' });
    const closed = {
      ...data,
      assignments: [assignment({ abilities: { canSubmit: false } })],
      preselectId: 'a1',
      prompt: null,
      again: null,
    };
    expect(initialOptions(groups, closed).assignmentId).toBe('');
  });

  it('keeps a typed title when the assignment changes, and clears only a default one for Private', () => {
    const start = initialOptions(groups, { assignments: [assignment()], recordings: [], preselectId: 'a1', prompt: null, again: null });
    expect(chooseAssignment(start, null, []).title).toBe('');
    const typed = { ...start, title: 'My take', titleIsDefault: false };
    expect(chooseAssignment(typed, multi, []).title).toBe('My take');
    expect(chooseAssignment(typed, null, []).title).toBe('My take');
    expect(chooseAssignment(start, multi, []).title).toBe('Client Discovery Call - v1');
  });

  it('returns to the assignment last chosen after Private, or the newest when it is no longer offered', () => {
    const start = initialOptions(groups, {
      assignments: [multi, assignment()],
      recordings: [],
      preselectId: null,
      prompt: null,
      again: null,
    });
    expect(assignmentToResume(start, [multi, assignment()])).toBe(multi);
    const back = chooseAssignment(chooseAssignment(start, assignment(), []), null, []);
    expect(back.assignmentId).toBe('');
    expect(assignmentToResume(back, [multi, assignment()])?.assignmentId).toBe('a1');
    expect(assignmentToResume(back, [multi])).toBe(multi);
    expect(assignmentToResume(back, [])).toBeNull();
  });

  it("sends the assignment and its group, with the assignment's algorithm; Private sends no assignment", () => {
    const o = initialOptions(groups, { assignments: [multi], recordings: [], preselectId: 'a2', prompt: null, again: null });
    const ctx = { org, groups, assignment: multi, showShare: false, showFlag: false };
    expect(buildCreateBody(o, ctx, { source: 'ui upload form' })).toMatchObject({
      assignmentId: 'a2',
      groupId: 'g2',
      algorithm: 'rostrum-conversational',
    });
    const priv = buildCreateBody(chooseAssignment(o, null, []), { ...ctx, assignment: undefined }, { source: 'ui upload form' });
    expect(priv).not.toHaveProperty('assignmentId');
    expect(resultsPath('r1', 'a2')).toBe('/evaluate/r1?assignmentId=a2');
    expect(resultsPath('r1', undefined)).toBe('/evaluate/r1');
  });
});

describe('record a practice prompt (issue 41)', () => {
  const prompt: TPracticePrompt = {
    promptId: 'p1',
    title: 'Tell me about yourself',
    instructions: 'Answer the opening question.',
    category: 'interview-answer',
    suggestedSeconds: 90,
    hidden: false,
    updatedAt: '2026-12-01T10:00:00.000Z',
  };
  const takes = [
    { title: 'Tell me about yourself - v1', assignmentId: null, practicePromptId: 'p1' },
    { title: 'Tell me about yourself - v2', assignmentId: null, practicePromptId: 'other' },
  ];
  const data: TIntakeData = { assignments: [assignment()], recordings: takes, preselectId: null, prompt, again: null };
  const ctx = { org, groups, showShare: false, showFlag: false };

  it("titles the take after the prompt, numbered among the caller's takes of that prompt only", () => {
    expect(promptTitleFor(prompt, takes)).toBe('Tell me about yourself - v2');
    expect(initialOptions(groups, data)).toMatchObject({
      title: 'Tell me about yourself - v2',
      titleIsDefault: true,
      practicePromptId: 'p1',
    });
  });

  it('sends the prompt while no assignment is chosen; an assignment replaces it, and Private returns to the prompt title', () => {
    const o = initialOptions(groups, data);
    expect(buildCreateBody(o, ctx, { source: 'ui record form' })).toMatchObject({
      practicePromptId: 'p1',
      title: 'Tell me about yourself - v2',
    });
    const into = chooseAssignment(o, assignment(), takes, prompt);
    expect(into.title).toBe('Elevator Pitch - v1');
    const body = buildCreateBody(into, { ...ctx, assignment: assignment() }, { source: 'ui record form' });
    expect(body).toMatchObject({ assignmentId: 'a1' });
    expect(body).not.toHaveProperty('practicePromptId');
    expect(chooseAssignment(into, null, takes, prompt)).toMatchObject({ assignmentId: '', title: 'Tell me about yourself - v2' });
    // A typed title stays whatever is chosen.
    const typed = { ...o, title: 'My own words', titleIsDefault: false };
    expect(chooseAssignment(typed, null, takes, prompt).title).toBe('My own words');
  });

  it('another take of a plain recording is titled with its next version, and keeps its speaker count', () => {
    const own = [
      { title: 'Board update - v1', assignmentId: null, practicePromptId: null },
      { title: 'board update (2)', assignmentId: null, practicePromptId: null },
      { title: 'Other talk', assignmentId: null, practicePromptId: null },
    ];
    const again = { title: 'board update (2)', numSpeakers: 2 };
    expect(initialOptions(groups, { ...NO_INTAKE_DATA, recordings: own, again })).toMatchObject({
      title: 'board update - v3',
      titleIsDefault: true,
      multiSpeaker: true,
      practicePromptId: '',
    });
  });

  it('a live take keeps the prompt when saved from what reached the server', () => {
    const body = buildCreateBody(initialOptions(groups, data), ctx, { source: 'ui record form' });
    expect(saveTakeBody(body)).toMatchObject({ practicePromptId: 'p1' });
  });
});

describe('the options form schema and the bodies it makes (001 sections 2 and 3)', () => {
  it("refuses a blank title with POST recordings' own message, and takes a trimmed one", () => {
    const o = initialOptions(groups);
    const blank = ZIntakeOptionsSchema.safeParse({ ...o, title: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues).toEqual([expect.objectContaining({ path: ['title'], message: 'Title is required' })]);
    expect(ZIntakeOptionsSchema.safeParse({ ...o, title: ' Pitch ' }).data?.title).toBe('Pitch');
  });

  it("saves an unsaved take with the form's own fields only (ZSaveUnsavedTakeBodySchema)", () => {
    const o = { ...initialOptions(groups), title: ' Pitch ' };
    const ctx = { org, groups, showShare: true, showFlag: false };
    const created = buildCreateBody(o, ctx, { source: 'ui record form', fileName: 'take.webm', fileSize: 12 });
    expect(saveTakeBody(created)).toEqual({
      title: 'Pitch',
      groupId: 'g1',
      algorithm: 'rostrum-default',
      feedbackRequested: false,
      submitted: false,
    });
  });
});
