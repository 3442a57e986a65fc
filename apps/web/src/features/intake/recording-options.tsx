import { useId, useMemo, useState, type Ref } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ClipboardList, Lock, Wrench } from 'lucide-react';
import {
  ASSIGNMENT_MSG,
  DEBUG_LANGUAGES,
  DEBUG_OPERATIONS,
  DEBUG_ORG_GROUPS,
  privateRecordingNote,
  RECORDING_LIMITS,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { DueLine } from '../../components/due-date';
import { Checkbox } from '../../components/checkbox';
import { bindField } from '../../components/field-binding';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import type { TViewer } from '../../app/viewer';
import {
  algorithmsOf,
  assignmentIsMulti,
  assignmentToResume,
  buildCreateBody,
  chooseAssignment,
  NO_INTAKE_DATA,
  type TIntakeAssignment,
  type TIntakeData,
  canOfferFlag,
  canOfferShare,
  initialOptions,
  speakerGroups,
  type TBodyContext,
  type TIntakeOptions,
  ZIntakeOptionsSchema,
} from './intake-options';

type TIntakeOptionsValues = z.output<typeof ZIntakeOptionsSchema>;

/**
 * Form state and the derived visibility rules of the record page's shared options: their own
 * react-hook-form form, checked by the tab before its own fields (validate), whose values the tab
 * sends (body).
 */
export function useIntakeOptions(viewer: TViewer, data: TIntakeData = NO_INTAKE_DATA) {
  const groups = useMemo(() => speakerGroups(viewer.groups), [viewer.groups]);
  // Only assignments the server says the caller may record into are offered.
  const assignments = useMemo(() => data.assignments.filter((a) => a.abilities.canSubmit), [data.assignments]);
  const [defaultValues] = useState<TIntakeOptions>(() => initialOptions(groups, data));
  const fields = useForm<TIntakeOptions, unknown, TIntakeOptionsValues>({
    resolver: zodResolver(ZIntakeOptionsSchema),
    defaultValues,
    // Checked on Save (validate); typing in the title clears its message.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The tab focuses the title itself (its titleRef), after its own checks.
    shouldFocusError: false,
  });
  const options = fields.watch();
  /** The options after `next`: each changed field is set on the form. */
  const setOptions = (next: (o: TIntakeOptions) => TIntakeOptions) => {
    const current = fields.getValues();
    const changed = next(current);
    for (const key of Object.keys(changed) as (keyof TIntakeOptions)[]) {
      if (changed[key] !== current[key]) fields.setValue(key, changed[key]);
    }
  };
  /** The refusal shown when the speaker count asked for does not fit the chosen assignment. */
  const [refusal, setRefusal] = useState(false);
  const assignment = assignments.find((a) => a.assignmentId === options.assignmentId);
  const group =
    (assignment && groups.find((g) => g.groupId === assignment.groupId)) ?? groups.find((g) => g.groupId === options.groupId) ?? groups[0];
  // With Assignments on, a recording outside an assignment stays private (002 section 4).
  const sharingAllowed = !viewer.assignmentsOn || !!assignment;
  const ctx: TBodyContext = {
    org: viewer.org,
    groups,
    assignment,
    // The server decides for the chosen group (its recordingAbilities), so the offer follows it.
    showShare: sharingAllowed && canOfferShare(group),
    showFlag: sharingAllowed && canOfferFlag(group),
  };
  return {
    options,
    setOptions,
    control: fields.control,
    groups,
    assignments,
    assignment,
    /** The group the recording goes to (the assignment's, else the chosen one). */
    group,
    ctx,
    refusal,
    /** Private (null) or an assignment: the title and speaker count follow it. */
    choose(a: TIntakeAssignment | null) {
      setRefusal(false);
      setOptions((o) => chooseAssignment(o, a, data.recordings, data.prompt));
    },
    /** The speaker count: refused with the spec's message when it does not fit the chosen assignment. */
    setMultiSpeaker(multiSpeaker: boolean) {
      if (assignment && assignmentIsMulti(assignment) !== multiSpeaker) return setRefusal(true);
      setRefusal(false);
      fields.setValue('multiSpeaker', multiSpeaker);
    },
    /** The user typed the title: it no longer follows the assignment, and its message goes. */
    titleTyped() {
      fields.setValue('titleIsDefault', false);
      if (fields.getFieldState('title').error) fields.clearErrors('title');
    },
    /** Checks the options by the form's schema; on failure shows the message and resolves false (the caller focuses the field). */
    validate: (): Promise<boolean> => fields.trigger(),
    reset: () => {
      fields.reset(initialOptions(groups, data));
      setRefusal(false);
    },
    body: (extra: Parameters<typeof buildCreateBody>[2]) => buildCreateBody(options, ctx, extra),
  };
}
export type TIntakeForm = ReturnType<typeof useIntakeOptions>;

interface OptionsProps {
  form: TIntakeForm;
  viewer: TViewer;
  titleRef: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** Title, group or class, speaker count, sharing and (for debugging orgs) the debug options. */
export function RecordingOptionsFields({ form, viewer, titleRef, disabled }: OptionsProps) {
  const { options, control, groups, ctx } = form;
  const { vocab } = viewer;
  const alg = algorithmsOf(viewer.org);
  const radioName = useId();
  // 001 section 2: the group selector only with more than one speaker group and Assignments off
  // (with it on, the assignment decides the group).
  const showGroups = groups.length > 1 && !viewer.assignmentsOn;
  const multiUnavailable = !!form.assignment && assignmentIsMulti(form.assignment) && !alg.multi;
  return (
    <div className="stack stack--lg">
      {viewer.assignmentsOn && form.assignments.length > 0 && <AssignmentChoice form={form} viewer={viewer} disabled={disabled} />}
      <Controller
        control={control}
        name="title"
        render={(c) => (
          <TextField
            label="Title"
            {...bindField(c)}
            // The tabs focus the title through their own ref when a check fails.
            ref={titleRef}
            onValueChange={(title) => {
              c.field.onChange(title);
              form.titleTyped();
            }}
            maxLength={RECORDING_LIMITS.titleMax}
            required
            disabled={disabled}
            autoComplete="off"
            placeholder="Quarterly update rehearsal"
          />
        )}
      />
      {showGroups && (
        <Controller
          control={control}
          name="groupId"
          render={(c) => (
            <SelectField
              label={vocab.Word('group')}
              {...bindField(c)}
              options={groups.map((g) => ({ value: g.groupId, label: g.name }))}
              disabled={disabled}
            />
          )}
        />
      )}
      {alg.multi && (
        <fieldset className="choice-group" disabled={disabled}>
          <legend className="field__label">Speakers</legend>
          <div className="segmented">
            <label className="segmented__option">
              <input type="radio" name={radioName} checked={!options.multiSpeaker} onChange={() => form.setMultiSpeaker(false)} />
              <span>One Speaker</span>
            </label>
            <label className="segmented__option">
              <input type="radio" name={radioName} checked={options.multiSpeaker} onChange={() => form.setMultiSpeaker(true)} />
              <span>Multi-Speaker</span>
            </label>
          </div>
        </fieldset>
      )}
      {(form.refusal || multiUnavailable) && (
        <Banner inline kind="error" title={ASSIGNMENT_MSG.unableTitle} text={ASSIGNMENT_MSG.unableText} />
      )}
      {(ctx.showShare || ctx.showFlag) && (
        <fieldset className="choice-group" disabled={disabled}>
          <legend className="field__label">Sharing</legend>
          <div className="stack">
            {ctx.showShare && (
              <Controller
                control={control}
                name="feedbackRequested"
                render={({ field }) => (
                  <Checkbox checked={field.value} onCheckedChange={field.onChange}>
                    Share with entire {vocab.word('group')}
                  </Checkbox>
                )}
              />
            )}
            {ctx.showFlag && (
              <Controller
                control={control}
                name="submitted"
                render={({ field }) => (
                  <Checkbox checked={field.value} onCheckedChange={field.onChange}>
                    Flag for {vocab.word('coach')} review
                  </Checkbox>
                )}
              />
            )}
          </div>
        </fieldset>
      )}
      {viewer.org.settings.Debug_Recording_Options && <DebugOptionsFields control={control} disabled={disabled} />}
    </div>
  );
}

/** Assignment or Private (001 section 2): an assignment sets the group, the speaker count and the default title. */
function AssignmentChoice({ form, viewer, disabled }: { form: TIntakeForm; viewer: TViewer; disabled?: boolean }) {
  const name = useId();
  const chosen = form.assignment;
  return (
    <fieldset className="choice-group assignment-choice" disabled={disabled}>
      <legend className="field__label">Recording type</legend>
      <div className="segmented">
        <label className="segmented__option">
          <input
            type="radio"
            name={name}
            checked={!!chosen}
            onChange={() => form.choose(assignmentToResume(form.options, form.assignments))}
          />
          <span>
            <ClipboardList size={15} aria-hidden /> Assignment
          </span>
        </label>
        <label className="segmented__option">
          <input type="radio" name={name} checked={!chosen} onChange={() => form.choose(null)} />
          <span>
            <Lock size={15} aria-hidden /> Private
          </span>
        </label>
      </div>
      {chosen ? (
        <SelectField
          label="Assignment"
          className="assignment-choice__select"
          value={chosen.assignmentId}
          onValueChange={(id) => form.choose(form.assignments.find((a) => a.assignmentId === id) ?? null)}
          options={form.assignments.map((a) => ({
            value: a.assignmentId,
            label: [a.name, a.groupName, assignmentIsMulti(a) ? 'Multi-Speaker' : 'Single Speaker'].filter(Boolean).join(' · '),
          }))}
          disabled={disabled}
        />
      ) : (
        <p className="field__hint" data-testid="private-note">
          {privateRecordingNote(form.group?.managerPrivacyLevel ?? 3, viewer.vocab)}
        </p>
      )}
      {chosen?.dueAt && <DueLine dueAt={chosen.dueAt} overdue={chosen.overdue} timeZone={viewer.org.timeZone} />}
    </fieldset>
  );
}

const opt = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const DEBUG_SELECTS = [
  { name: 'debug.language', label: 'Language', values: DEBUG_LANGUAGES },
  { name: 'debug.orgGroup', label: 'Org group', values: DEBUG_ORG_GROUPS },
  { name: 'debug.operations', label: 'Operations', values: DEBUG_OPERATIONS },
] as const;
const DEBUG_WEBHOOKS = [
  { name: 'debug.transcriptionWebhook', label: 'Transcription webhook' },
  { name: 'debug.vvAnalysisWebhook', label: 'Analysis webhook' },
  { name: 'debug.videoTrimmingWebhook', label: 'Video trimming webhook' },
] as const;
const JSON_FIELDS = ['diarization', 'transcription', 'wordspotting', 'metadata'] as const;

function DebugOptionsFields({
  control,
  disabled,
}: {
  control: Control<TIntakeOptions, unknown, TIntakeOptionsValues>;
  disabled?: boolean;
}) {
  return (
    <details className="debug-options">
      <summary>
        <Wrench size={16} aria-hidden /> Debug recording options
      </summary>
      <div className="stack debug-options__body">
        <p className="subtle">
          These options are for testing the analysis. If you are a customer and can see them, please contact Support.
        </p>
        <div className="grid-3">
          {DEBUG_SELECTS.map(({ name, label, values }) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={(c) => (
                <SelectField label={label} {...bindField(c)} placeholder="Default" options={opt(values)} disabled={disabled} />
              )}
            />
          ))}
        </div>
        {DEBUG_WEBHOOKS.map(({ name, label }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={(c) => <TextField label={label} optional mono {...bindField(c)} disabled={disabled} />}
          />
        ))}
        <div className="grid-2">
          {JSON_FIELDS.map((k) => (
            <Controller
              key={k}
              control={control}
              name={`debug.${k}`}
              render={({ field }) => <JsonField label={k} value={field.value} onChange={field.onChange} disabled={disabled} />}
            />
          ))}
        </div>
      </div>
    </details>
  );
}

function JsonField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  let invalid = false;
  if (value.trim()) {
    try {
      JSON.parse(value);
    } catch {
      invalid = true;
    }
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label} JSON<span className="field__optional"> (optional)</span>
      </label>
      <textarea
        id={id}
        className="input input--mono textarea"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-describedby={invalid ? `${id}-hint` : undefined}
      />
      {invalid && (
        <p className="field__hint" id={`${id}-hint`}>
          Not valid JSON: it will not be sent.
        </p>
      )}
    </div>
  );
}
