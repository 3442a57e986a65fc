import { useId, useMemo, useState, type Ref } from 'react';
import { Wrench } from 'lucide-react';
import { DEBUG_LANGUAGES, DEBUG_OPERATIONS, DEBUG_ORG_GROUPS, RECORDING_LIMITS } from '@rostrum/contract';
import { Checkbox } from '../../components/checkbox';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import type { TViewer } from '../../app/viewer';
import {
  algorithmsOf,
  buildCreateBody,
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
export function useIntakeOptions(viewer: TViewer) {
  const groups = useMemo(() => speakerGroups(viewer.groups), [viewer.groups]);
  const [options, setOptions] = useState<TIntakeOptions>(() => initialOptions(groups));
  const [titleMessage, setTitleMessage] = useState<string | null>(null);
  const group = groups.find((g) => g.groupId === options.groupId) ?? groups[0];
  const ctx: TBodyContext = {
    org: viewer.org,
    groups,
    // The server decides for the chosen group (its recordingAbilities), so the offer follows it.
    showShare: canOfferShare(group),
    showFlag: canOfferFlag(group),
  };
  return {
    options,
    setOptions,
    groups,
    ctx,
    titleMessage,
    /** Checks the title; on failure shows the message and returns false (the caller focuses the field). */
    validate(): boolean {
      const err = titleError(options.title);
      setTitleMessage(err);
      return !err;
    },
    clearTitleMessage: () => setTitleMessage(null),
    reset: () => {
      setOptions(initialOptions(groups));
      setTitleMessage(null);
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
  // Assignments are a later issue: with them on, the group choice waits for the assignment choice.
  const showGroups = groups.length > 1 && !viewer.assignmentsOn;
  return (
    <div className="stack stack--lg">
      <TextField
        ref={titleRef}
        label="Title"
        value={options.title}
        onValueChange={(title) => {
          set({ title });
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
              <input type="radio" name={radioName} checked={!options.multiSpeaker} onChange={() => set({ multiSpeaker: false })} />
              <span>One Speaker</span>
            </label>
            <label className="segmented__option">
              <input type="radio" name={radioName} checked={options.multiSpeaker} onChange={() => set({ multiSpeaker: true })} />
              <span>Multi-Speaker</span>
            </label>
          </div>
        </fieldset>
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
