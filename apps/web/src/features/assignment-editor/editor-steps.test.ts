import { describe, expect, it } from 'vitest';
import {
  NEW_TEMPLATE_CONTEXT,
  nextStep,
  prevStep,
  stepAvailable,
  stepContext,
  stepFromParam,
  visibleSteps,
  type TStepContext,
} from './editor-steps';

const template: TStepContext = NEW_TEMPLATE_CONTEXT;
const withScorecard: TStepContext = { ...template, criteria: { wordspotting: false, scorecard: true } };
const withWordspotting: TStepContext = { ...template, criteria: { wordspotting: true, scorecard: true } };
const assigned: TStepContext = { ...template, isTemplate: false, hasTargets: true, canAssign: false };
const global: TStepContext = { ...template, isGlobal: true, canEdit: false, canAssign: true };

describe('editor steps', () => {
  it('reads only the numbers 1 to 7 from the address', () => {
    expect(stepFromParam('1')).toBe('description');
    expect(stepFromParam('2')).toBe('criteria');
    expect(stepFromParam('3')).toBe('wordspotting');
    expect(stepFromParam('4')).toBe('scorecard');
    expect(stepFromParam('5')).toBe('attachments');
    expect(stepFromParam('6')).toBe('prompt');
    expect(stepFromParam('7')).toBe('assign');
    for (const bad of ['0', '8', 'x', '', '2.5', '02', ' 2', '-1', '10', undefined]) expect(stepFromParam(bad)).toBeNull();
  });

  it('advances description, criteria, attachments, prompt, assign without a scorecard', () => {
    expect(nextStep('description', template)).toBe('criteria');
    expect(nextStep('criteria', template)).toBe('attachments');
    expect(nextStep('attachments', template)).toBe('prompt');
    expect(nextStep('prompt', template)).toBe('assign');
    expect(nextStep('assign', template)).toBeNull();
    expect(visibleSteps(template)).toEqual(['description', 'criteria', 'attachments', 'prompt', 'assign']);
  });

  it('goes through the scorecard step only when the scorecard criterion is on, both ways', () => {
    expect(nextStep('criteria', withScorecard)).toBe('scorecard');
    expect(nextStep('scorecard', withScorecard)).toBe('attachments');
    expect(prevStep('attachments', withScorecard)).toBe('scorecard');
    expect(prevStep('attachments', template)).toBe('criteria');
    expect(stepAvailable('scorecard', template)).toBe(false);
  });

  it('goes through the wordspotting step only when its criterion is on, both ways', () => {
    expect(nextStep('criteria', withWordspotting)).toBe('wordspotting');
    expect(nextStep('wordspotting', withWordspotting)).toBe('scorecard');
    expect(prevStep('scorecard', withWordspotting)).toBe('wordspotting');
    expect(prevStep('wordspotting', withWordspotting)).toBe('criteria');
    expect(stepAvailable('wordspotting', withWordspotting)).toBe(true);
    expect(visibleSteps(withWordspotting)).toEqual([
      'description',
      'criteria',
      'wordspotting',
      'scorecard',
      'attachments',
      'prompt',
      'assign',
    ]);
    expect(stepAvailable('wordspotting', withScorecard)).toBe(false);
    expect(nextStep('criteria', withScorecard)).toBe('scorecard');
  });

  it('has no step before the description', () => {
    expect(prevStep('description', template)).toBeNull();
    expect(prevStep('criteria', template)).toBe('description');
    expect(prevStep('assign', template)).toBe('prompt');
  });

  it('skips the prompt and the assign step once targets exist; after attachments the dashboard follows', () => {
    expect(stepAvailable('assign', assigned)).toBe(false);
    expect(stepAvailable('prompt', assigned)).toBe(false);
    expect(nextStep('attachments', assigned)).toBeNull();
    expect(visibleSteps(assigned)).toEqual(['description', 'criteria', 'attachments']);
  });

  it('offers a global template none of steps 2 to 5, only the prompt and the assign step', () => {
    for (const s of ['criteria', 'wordspotting', 'scorecard', 'attachments'] as const) {
      expect(stepAvailable(s, global)).toBe(false);
      expect(stepAvailable(s, { ...global, canEdit: true, criteria: { wordspotting: true, scorecard: true } })).toBe(false);
    }
    expect(stepAvailable('description', global)).toBe(false);
    expect(visibleSteps(global)).toEqual(['prompt', 'assign']);
    expect(prevStep('prompt', global)).toBeNull();
  });

  it('offers no editing steps to a caller who may not edit', () => {
    const readOnly = { ...template, canEdit: false };
    expect(visibleSteps(readOnly)).toEqual(['prompt', 'assign']);
    expect(visibleSteps({ ...readOnly, canAssign: false })).toEqual([]);
  });

  it('derives the context from an assignment', () => {
    const ctx = stepContext({
      isGlobal: false,
      isTemplate: false,
      userTargets: [],
      groupTargets: [{}],
      criteria: { wordspotting: false, scorecard: true },
      abilities: { canEdit: true, canAssign: false },
    });
    expect(ctx.hasTargets).toBe(true);
    expect(visibleSteps(ctx)).toEqual(['description', 'criteria', 'scorecard', 'attachments']);
  });
});
