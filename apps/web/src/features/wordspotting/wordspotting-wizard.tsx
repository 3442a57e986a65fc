import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Check, User, Users } from 'lucide-react';
import { z } from 'zod';
import {
  MSG,
  WORDSPOTTING_SCOPES,
  ZSaveWordspottingBodySchema,
  type TSaveWordspottingBody,
  type TVocabulary,
  type TWordspottingList,
  type TWordspottingPage,
  type TWordspottingScope,
  type TWordspottingTargets,
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { Button } from '../../components/button';
import { initialBoxes, phrasesToSave } from './phrase-rules';
import { PhraseEditor } from './phrase-editor';
import {
  applyToOptions,
  existingList,
  nextWizardStep,
  prevWizardStep,
  scopeOf,
  stepAnswered,
  wizardSteps,
  type TWizardChoice,
  type TWizardStep,
} from './wizard-model';
import { useSaveWordspottingList } from './wordspotting.queries';

const STEP_TITLE: Record<TWizardStep, string> = {
  applyTo: 'Apply to',
  group: 'Group',
  recordingType: 'Recording type',
  words: 'Words',
};

/** The wizard's answers: apply-to, group and recording type (null until chosen) and the phrase boxes. */
const ZWizardValuesSchema = z.object({
  scope: z.enum(WORDSPOTTING_SCOPES).nullable(),
  groupId: z.string().nullable(),
  algorithm: z.string().nullable(),
  words: z.array(z.string()),
});
type TWizardValues = z.infer<typeof ZWizardValuesSchema>;

/** The save's body: the chosen scope's id, the recording type and the boxes as phrases (trimmed, blanks dropped). */
function saveBodyOf(v: TWizardValues, targets: TWordspottingTargets): TSaveWordspottingBody {
  return { algorithm: v.algorithm ?? '', words: phrasesToSave(v.words), ...scopeOf({ ...v, editing: false }, targets) };
}

/** The answers, checked as the save's body by the API's own schema (one scope id, a recording type, the phrase limits). */
const wizardSchema = (targets: TWordspottingTargets) =>
  ZWizardValuesSchema.transform((v) => saveBodyOf(v, targets)).pipe(ZSaveWordspottingBodySchema);

/**
 * The wizard's steps (002 section 2.9): apply-to, group, recording type and words, each with
 * Back and Cancel; a step with a single option is skipped. Saving is the loading state; the
 * page goes back to ready when it ends (onSaved) or when the user cancels.
 */
export function WordspottingWizard({
  page,
  start,
  vocab,
  onSaved,
  onCancel,
}: {
  page: TWordspottingPage;
  start: TWizardChoice;
  vocab: TVocabulary;
  onSaved: (list: TWordspottingList) => void;
  onCancel: () => void;
}) {
  const algorithms = page.algorithms.map((a) => a.name);
  const form = useForm<TWizardValues>({
    // Raw: the body goes as built, and the server normalises the phrases (repeats, spaces) itself.
    resolver: zodResolver(wizardSchema(page.targets), undefined, { raw: true }),
    defaultValues: {
      scope: start.scope,
      groupId: start.groupId,
      algorithm: start.algorithm,
      words: initialBoxes(existingList(page.lists, start)?.words ?? []),
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [scope, groupId, algorithm] = form.watch(['scope', 'groupId', 'algorithm']);
  const choice: TWizardChoice = { scope, groupId, algorithm, editing: start.editing };
  const steps = wizardSteps(page.targets, algorithms, choice);
  const [step, setStep] = useState<TWizardStep>(steps[0]!);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const groupWord = vocab.word('group');
  const save = useSaveWordspottingList({
    onSuccess: onSaved,
    // The server's message (a phrase too long, a list no longer the caller's); the words stay.
    onError: (e) => notifications.error(errorMessage(e, MSG.networkError)),
  });
  const saveList = form.handleSubmit(
    (v) => save.mutate(saveBodyOf(v, page.targets)),
    // Save waits for every choice, so this is a save that could not be made, shown as a failed one.
    () => notifications.error(MSG.networkError),
  );

  // Each step's heading takes the focus, so keyboard and screen reader users start at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const goNext = (e: FormEvent) => {
    const next = nextWizardStep(steps, step);
    if (next === 'words') {
      // Entering the words: an existing list for this scope and recording type is what gets edited.
      form.setValue('words', initialBoxes(existingList(page.lists, choice)?.words ?? []));
    }
    if (next) setStep(next);
    else void saveList(e);
  };
  const goBack = () => {
    const prev = prevWizardStep(steps, step);
    if (prev) setStep(prev);
    else onCancel();
  };

  const number = steps.indexOf(step) + 1;
  const loading = save.isPending;
  const title = choice.editing ? 'Edit the wordspotting list' : 'Customise a wordspotting list';
  const scopeText = describeScope(choice, page, vocab);
  const algorithmLabel = page.algorithms.find((a) => a.name === choice.algorithm)?.label;

  return (
    <form
      className="card ws-wizard"
      aria-labelledby="ws-wizard-title"
      aria-busy={loading || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (stepAnswered(step, choice) && !loading) goNext(e);
      }}
      noValidate
    >
      <div className="ws-wizard__head">
        <p className="eyebrow eyebrow--accent" id="ws-wizard-title">
          {title}
        </p>
        {steps.length > 1 && (
          <ol className="ws-wizard__steps" aria-label="Steps">
            {steps.map((s, i) => (
              <li
                key={s}
                className={['ws-wizard__step', s === step && 'is-current', i < number - 1 && 'is-done'].filter(Boolean).join(' ')}
                aria-current={s === step ? 'step' : undefined}
              >
                <span className="ws-wizard__step-number" aria-hidden>
                  {i < number - 1 ? <Check size={12} /> : i + 1}
                </span>
                <span>{s === 'group' ? vocab.Word('group') : STEP_TITLE[s]}</span>
              </li>
            ))}
          </ol>
        )}
        <h2 className="ws-wizard__title" ref={headingRef} tabIndex={-1}>
          {steps.length > 1 && (
            <>
              <span className="ws-wizard__title-step">
                Step {number} of {steps.length}:
              </span>{' '}
            </>
          )}
          {stepHeading(step, groupWord)}
        </h2>
      </div>

      <div className="ws-wizard__body">
        {step === 'applyTo' && (
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <OptionCards<TWordspottingScope>
                legend="Apply this list to"
                value={field.value}
                onChange={field.onChange}
                options={applyToOptions(page.targets).map((s) => ({
                  value: s,
                  label: s === 'org' ? 'The whole organisation' : s === 'group' ? `A specific ${groupWord}` : 'Only my account',
                  hint:
                    s === 'org'
                      ? `Every recording in ${page.targets.org?.name ?? 'your organisation'}, unless a ${groupWord} or a person has a list of their own.`
                      : s === 'group'
                        ? `Recordings made in one of your ${vocab.word('groups')}.`
                        : 'Only your own recordings.',
                  icon:
                    s === 'org' ? (
                      <Building2 size={20} aria-hidden />
                    ) : s === 'group' ? (
                      <Users size={20} aria-hidden />
                    ) : (
                      <User size={20} aria-hidden />
                    ),
                }))}
              />
            )}
          />
        )}
        {step === 'group' && (
          <Controller
            control={form.control}
            name="groupId"
            render={({ field }) => (
              <OptionCards<string>
                legend={`Which ${groupWord}?`}
                value={field.value}
                onChange={field.onChange}
                options={page.targets.groups.map((g) => ({ value: g.groupId, label: g.name, icon: <Users size={20} aria-hidden /> }))}
              />
            )}
          />
        )}
        {step === 'recordingType' && (
          <Controller
            control={form.control}
            name="algorithm"
            render={({ field }) => (
              <OptionCards<string>
                legend="Which recordings?"
                value={field.value}
                onChange={field.onChange}
                options={page.algorithms.map((a) => ({
                  value: a.name,
                  label: a.label,
                  hint: a.label === 'Multi-Speaker' ? 'Conversations and meetings with several voices.' : 'One person speaking.',
                }))}
              />
            )}
          />
        )}
        {step === 'words' && (
          <>
            <dl className="ws-wizard__summary">
              <div>
                <dt>Applies to</dt>
                <dd>{scopeText}</dd>
              </div>
              <div>
                <dt>Recording type</dt>
                <dd>{algorithmLabel}</dd>
              </div>
            </dl>
            <Controller
              control={form.control}
              name="words"
              render={({ field }) => (
                <PhraseEditor boxes={field.value} onBoxesChange={field.onChange} label="Words and phrases to count" disabled={loading} />
              )}
            />
          </>
        )}
      </div>

      <div className="ws-wizard__actions">
        <Button variant="ghost" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <div className="ws-wizard__actions-main">
          {prevWizardStep(steps, step) && (
            <Button variant="secondary" onClick={goBack} disabled={loading}>
              Back
            </Button>
          )}
          <Button type="submit" busy={loading} disabled={!stepAnswered(step, choice)}>
            {step === 'words' ? 'Save list' : 'Next'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function stepHeading(step: TWizardStep, groupWord: string): string {
  switch (step) {
    case 'applyTo':
      return 'Who should this list apply to?';
    case 'group':
      return `Choose the ${groupWord}`;
    case 'recordingType':
      return 'Choose the recording type';
    case 'words':
      return 'Enter the words and phrases to count';
  }
}

/** "Northwind (whole organisation)", "Sales Team", "My account". */
export function describeScope(choice: TWizardChoice, page: TWordspottingPage, vocab: TVocabulary): string {
  if (choice.scope === 'org') return `${page.targets.org?.name ?? 'Organisation'} (whole organisation)`;
  if (choice.scope === 'group') {
    const name = page.targets.groups.find((g) => g.groupId === choice.groupId)?.name;
    return name ? `${name} (${vocab.word('group')})` : vocab.Word('group');
  }
  return 'My account';
}

interface TOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
  icon?: ReactNode;
}

/** One choice among a few, as selectable cards: a radio group (arrow keys move, the choice is announced). */
function OptionCards<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: TOption<T>[];
  value: T | null;
  onChange: (v: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="ws-options">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={['ws-option', value === o.value && 'is-selected'].filter(Boolean).join(' ')}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.icon && <span className="ws-option__icon">{o.icon}</span>}
          <span className="ws-option__text">
            <span className="ws-option__label">{o.label}</span>
            {o.hint && <span className="ws-option__hint">{o.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
