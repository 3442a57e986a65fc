import { describe, expect, it } from 'vitest';
import type { TWordspottingList, TWordspottingTargets } from '@rostrum/contract';
import {
  applyToOptions,
  canStartWizard,
  editChoice,
  existingList,
  nextWizardStep,
  prevWizardStep,
  scopeOf,
  startChoice,
  stepAnswered,
  wizardSteps,
} from './wizard-model';

const ORG = '11111111-1111-4111-8111-111111111111';
const G1 = '22222222-2222-4222-8222-222222222222';
const G2 = '33333333-3333-4333-8333-333333333333';
const ME = '44444444-4444-4444-8444-444444444444';
const TWO_TYPES = ['rostrum-default', 'rostrum-conversational'];

const admin: TWordspottingTargets = {
  org: { orgId: ORG, name: 'Northwind' },
  groups: [
    { groupId: G1, name: 'Sales Team' },
    { groupId: G2, name: 'Support' },
  ],
  user: null,
};
const coachOfOne: TWordspottingTargets = { org: null, groups: [{ groupId: G1, name: 'Sales Team' }], user: null };
const nobody: TWordspottingTargets = { org: null, groups: [], user: null };

const list = (over: Partial<TWordspottingList>): TWordspottingList => ({
  scope: 'group',
  scopeId: G1,
  name: 'Sales Team',
  algorithm: 'rostrum-default',
  words: ['uh/um', 'so'],
  updatedAt: '2026-11-24T10:00:00.000Z',
  abilities: { canEdit: true, canReset: true },
  ...over,
});

describe('wordspotting wizard (002 section 2.9)', () => {
  it('offers only the apply-to options the caller has; no options, no wizard', () => {
    expect(applyToOptions(admin)).toEqual(['org', 'group']);
    expect(applyToOptions({ ...nobody, user: { userId: ME } })).toEqual(['user']);
    expect(canStartWizard(nobody)).toBe(false);
    expect(canStartWizard(coachOfOne)).toBe(true);
  });

  it('has every step when each has several options, the group step only for a specific group', () => {
    const start = startChoice(admin, TWO_TYPES);
    expect(start).toEqual({ scope: null, groupId: null, algorithm: null, editing: false });
    expect(wizardSteps(admin, TWO_TYPES, start)).toEqual(['applyTo', 'recordingType', 'words']);
    expect(wizardSteps(admin, TWO_TYPES, { ...start, scope: 'group' })).toEqual(['applyTo', 'group', 'recordingType', 'words']);
    expect(wizardSteps(admin, TWO_TYPES, { ...start, scope: 'org' })).toEqual(['applyTo', 'recordingType', 'words']);
  });

  it('skips steps with one option and takes that option: a coach of one group goes straight to the recording type', () => {
    const start = startChoice(coachOfOne, TWO_TYPES);
    expect(start).toEqual({ scope: 'group', groupId: G1, algorithm: null, editing: false });
    expect(wizardSteps(coachOfOne, TWO_TYPES, start)).toEqual(['recordingType', 'words']);
    const oneType = startChoice(coachOfOne, ['rostrum-default']);
    expect(oneType.algorithm).toBe('rostrum-default');
    expect(wizardSteps(coachOfOne, ['rostrum-default'], oneType)).toEqual(['words']);
  });

  it('preselects a group from the address only when it is one of the targets', () => {
    expect(startChoice(admin, TWO_TYPES, G2)).toMatchObject({ scope: 'group', groupId: G2 });
    expect(startChoice(admin, TWO_TYPES, 'not-a-target')).toMatchObject({ scope: null, groupId: null });
  });

  it('moves forward and back through the steps; Back on the first returns to ready', () => {
    const steps = wizardSteps(admin, TWO_TYPES, { scope: 'group', groupId: null, algorithm: null, editing: false });
    expect(nextWizardStep(steps, 'applyTo')).toBe('group');
    expect(nextWizardStep(steps, 'group')).toBe('recordingType');
    expect(nextWizardStep(steps, 'words')).toBeNull();
    expect(prevWizardStep(steps, 'words')).toBe('recordingType');
    expect(prevWizardStep(steps, 'applyTo')).toBeNull();
  });

  it('enables Next only once the step is answered', () => {
    const c = { scope: null, groupId: null, algorithm: null, editing: false };
    expect(stepAnswered('applyTo', c)).toBe(false);
    expect(stepAnswered('applyTo', { ...c, scope: 'org' })).toBe(true);
    expect(stepAnswered('group', { ...c, scope: 'group' })).toBe(false);
    expect(stepAnswered('recordingType', { ...c, algorithm: 'rostrum-default' })).toBe(true);
    expect(stepAnswered('words', { ...c, scope: 'group', algorithm: 'rostrum-default' })).toBe(false);
    expect(stepAnswered('words', { ...c, scope: 'group', groupId: G1, algorithm: 'rostrum-default' })).toBe(true);
  });

  it("opens a list's Edit at the words with its scope and recording type", () => {
    const choice = editChoice(list({ algorithm: 'rostrum-conversational' }));
    expect(choice).toEqual({ scope: 'group', groupId: G1, algorithm: 'rostrum-conversational', editing: true });
    expect(wizardSteps(admin, TWO_TYPES, choice)).toEqual(['words']);
  });

  it('names exactly one scope id in the save', () => {
    const c = { groupId: null, algorithm: 'rostrum-default', editing: false };
    expect(scopeOf({ ...c, scope: 'org' }, admin)).toEqual({ orgId: ORG });
    expect(scopeOf({ ...c, scope: 'group', groupId: G2 }, admin)).toEqual({ groupId: G2 });
    expect(scopeOf({ ...c, scope: 'user' }, { ...nobody, user: { userId: ME } })).toEqual({ userId: ME });
    expect(scopeOf({ ...c, scope: 'user' }, admin)).toBeNull();
  });

  it('finds the list a choice would replace, so its words start the editor', () => {
    const lists = [list({ scope: 'default', scopeId: null, abilities: { canEdit: false, canReset: false } }), list({})];
    expect(existingList(lists, { scope: 'group', groupId: G1, algorithm: 'rostrum-default', editing: false })?.words).toEqual([
      'uh/um',
      'so',
    ]);
    expect(existingList(lists, { scope: 'group', groupId: G2, algorithm: 'rostrum-default', editing: false })).toBeNull();
    expect(existingList(lists, { scope: 'group', groupId: G1, algorithm: 'rostrum-conversational', editing: false })).toBeNull();
  });
});
