import { useId, useMemo, useState, type Ref } from 'react';
import { ClipboardList, Lock, Wrench } from 'lucide-react';
import { ASSIGNMENT_MSG, DEBUG_LANGUAGES, DEBUG_OPERATIONS, DEBUG_ORG_GROUPS, RECORDING_LIMITS } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Checkbox } from '../../components/checkbox';
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
  titleError,
  type TBodyContext,
  type TDebugOptions,
  type TIntakeOptions,
} from './intake-options';

/** Form state and the derived visibility rules of the record page's shared options. */
export function useIntakeOptions(viewer: TViewer, data: TIntakeData = NO_INTAKE_DATA) {
  const groups = useMemo(() => speakerGroups(viewer.groups), [viewer.groups]);
  // Only assignments the server says the caller may record into are offered.
  const assignments = useMemo(() => data.assignments.filter((a) => a.abilities.canSubmit), [data.assignments]);
  const [options, setOptions] = useState<TIntakeOptions>(() => initialOptions(groups, data));
  const [titleMessage, setTitleMessage] = useState<string | null>(null);
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
    groups,
    assignments,
    assignment,
    ctx,
    titleMessage,
    refusal,
    /** Private (null) or an assignment: the title and speaker count follow it. */
    choose(a: TIntakeAssignment | null) {
      setRefusal(false);
      setOptions((o) => chooseAssignment(o, a, data.recordings));
    },
    /** The speaker count: refused with the spec's message when it does not fit the chosen assignment. */
    setMultiSpeaker(multiSpeaker: boolean) {
      if (assignment && assignmentIsMulti(assignment) !== multiSpeaker) return setRefusal(true);
      setRefusal(false);
      setOptions((o) => ({ ...o, multiSpeaker }));
    },
    /** Checks the title; on failure shows the message and returns false (the caller focuses the field). */
    validate(): boolean {
      const err = titleError(options.title);
      setTitleMessage(err);
      return !err;
    },
    clearTitleMessage: () => setTitleMessage(null),
    reset: () => {
      setOptions(initialOptions(groups, data));
      setTitleMessage(null);
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
  const { options, setOptions, groups, ctx } = form;
  const { vocab } = viewer;
  const set = (patch: Partial<TIntakeOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const alg = algorithmsOf(viewer.org);
  const radioName = useId();
  // 001 section 2: the group selector only with more than one speaker group and Assignments off
  // (with it on, the assignment decides the group).
  const showGroups = groups.length > 1 && !viewer.assignmentsOn;
  const multiUnavailable = !!form.assignment && assignmentIsMulti(form.assignment) && !alg.multi;
  return (
    <div className="stack stack--lg">
      {viewer.assignmentsOn && form.assignments.length > 0 && <AssignmentChoice form={form} disabled={disabled} />}
      <TextField
        ref={titleRef}
        label="Title"
        value={options.title}
        onValueChange={(title) => {
          set({ title, titleIsDefault: false });
          if (form.titleMessage) form.clearTitleMessage();
        }}
        maxLength={RECORDING_LIMITS.titleMax}
        error={form.titleMessage ?? undefined}
        required
        disabled={disabled}
        autoComplete="off"
        placeholder="Quarterly update rehearsal"
      />
      {showGroups && (
        <SelectField
          label={vocab.Word('group')}
          value={options.groupId}
          onValueChange={(groupId) => set({ groupId })}
          options={groups.map((g) => ({ value: g.groupId, label: g.name }))}
          disabled={disabled}
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
              <Checkbox checked={options.feedbackRequested} onCheckedChange={(feedbackRequested) => set({ feedbackRequested })}>
                Share with entire {vocab.word('group')}
              </Checkbox>
            )}
            {ctx.showFlag && (
              <Checkbox checked={options.submitted} onCheckedChange={(submitted) => set({ submitted })}>
                Flag for {vocab.word('coach')} review
              </Checkbox>
            )}
          </div>
        </fieldset>
      )}
      {viewer.org.settings.Debug_Recording_Options && (
        <DebugOptionsFields value={options.debug} onChange={(debug) => set({ debug })} disabled={disabled} />
      )}
    </div>
  );
}

/** Assignment or Private (001 section 2): an assignment sets the group, the speaker count and the default title. */
function AssignmentChoice({ form, disabled }: { form: TIntakeForm; disabled?: boolean }) {
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
        <p className="field__hint">A private recording is yours alone until you move it into an assignment.</p>
      )}
    </fieldset>
  );
}

const opt = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const JSON_FIELDS = ['diarization', 'transcription', 'wordspotting', 'metadata'] as const;

function DebugOptionsFields({
  value,
  onChange,
  disabled,
}: {
  value: TDebugOptions;
  onChange: (v: TDebugOptions) => void;
  disabled?: boolean;
}) {
  const set = (patch: Partial<TDebugOptions>) => onChange({ ...value, ...patch });
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
          <SelectField
            label="Language"
            value={value.language}
            placeholder="Default"
            options={opt(DEBUG_LANGUAGES)}
            onValueChange={(v) => set({ language: v as TDebugOptions['language'] })}
            disabled={disabled}
          />
          <SelectField
            label="Org group"
            value={value.orgGroup}
            placeholder="Default"
            options={opt(DEBUG_ORG_GROUPS)}
            onValueChange={(v) => set({ orgGroup: v as TDebugOptions['orgGroup'] })}
            disabled={disabled}
          />
          <SelectField
            label="Operations"
            value={value.operations}
            placeholder="Default"
            options={opt(DEBUG_OPERATIONS)}
            onValueChange={(v) => set({ operations: v as TDebugOptions['operations'] })}
            disabled={disabled}
          />
        </div>
        <TextField
          label="Transcription webhook"
          optional
          mono
          value={value.transcriptionWebhook}
          onValueChange={(v) => set({ transcriptionWebhook: v })}
          disabled={disabled}
        />
        <TextField
          label="Analysis webhook"
          optional
          mono
          value={value.vvAnalysisWebhook}
          onValueChange={(v) => set({ vvAnalysisWebhook: v })}
          disabled={disabled}
        />
        <TextField
          label="Video trimming webhook"
          optional
          mono
          value={value.videoTrimmingWebhook}
          onValueChange={(v) => set({ videoTrimmingWebhook: v })}
          disabled={disabled}
        />
        <div className="grid-2">
          {JSON_FIELDS.map((k) => (
            <JsonField key={k} label={k} value={value[k]} onChange={(v) => set({ [k]: v })} disabled={disabled} />
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
