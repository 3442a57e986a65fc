import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Users } from 'lucide-react';
import { z } from 'zod';
import { ASSIGNMENT_MSG, ZAssignBodySchema, type TAssignBody, type TGroupMember, type TVocabulary } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { StepPanel } from './editor-frame';
import { useMembersOfGroups, useMyGroups } from './assignment-editor.queries';
import './assign-step.css';

/** The speakers a coach may pick (002 section 5, Assign step): the members the server marks assignable. */
export function speakersOf(members: readonly TGroupMember[]): TGroupMember[] {
  return members.filter((m) => m.abilities.canAssign);
}

/**
 * The assign step's own check (002 section 5): Error 1 when nothing is chosen; Error 2 when a
 * non-continuous assignment names only groups without speakers. The server checks the same.
 */
export function assignProblem(body: Required<TAssignBody>, speakerCount: (groupId: string) => number | undefined): string | null {
  const users = body.continuous ? [] : body.userIds;
  if (body.groupIds.length === 0 && users.length === 0) return ASSIGNMENT_MSG.assignNoTarget;
  if (!body.continuous && users.length === 0 && body.groupIds.every((g) => speakerCount(g) === 0)) return ASSIGNMENT_MSG.assignNoSpeakers;
  return null;
}

const ZAssignChoiceSchema = z.object({ continuous: z.boolean(), groupIds: z.array(z.string()), userIds: z.array(z.string()) });
type TAssignChoice = z.infer<typeof ZAssignChoiceSchema>;

/**
 * The step's choice as the assign call's body: only the groups still offered (a ?groupId= may
 * name another), no speakers when continuous; then the step's own check (Error 1 or Error 2).
 */
function assignFormSchema(offered: readonly string[], speakerCount: (groupId: string) => number | undefined) {
  return ZAssignChoiceSchema.transform(
    (c): TAssignBody => ({
      continuous: c.continuous,
      groupIds: c.groupIds.filter((g) => offered.includes(g)),
      userIds: c.continuous ? [] : c.userIds,
    }),
  )
    .pipe(ZAssignBodySchema)
    .superRefine((body, ctx) => {
      const problem = assignProblem(body, speakerCount);
      if (problem) ctx.addIssue({ code: 'custom', path: ['groupIds'], message: problem });
    });
}

/**
 * Step 7: continuous (whole groups, current and future speakers) or non-continuous (the chosen
 * groups' current speakers and chosen speakers), among the groups the user coaches.
 */
export function AssignStep({
  vocab,
  preselectedGroupId,
  saving,
  error,
  onBack,
  onAssign,
}: {
  vocab: TVocabulary;
  preselectedGroupId: string | null;
  saving: boolean;
  /** The server's Error 1 or Error 2, shown like the page's own. */
  error: string | null;
  onBack: (() => void) | null;
  onAssign: (body: Required<TAssignBody>, groupNames: string[]) => void;
}) {
  const id = useId();
  const groupsQuery = useMyGroups();
  const groups = (groupsQuery.data ?? []).filter((g) => g.abilities.canCoach);
  const members = useMembersOfGroups(groups.map((g) => g.groupId));
  const speakers = new Map(groups.map((g, i) => [g.groupId, members[i]?.data ? speakersOf(members[i].data) : undefined]));
  const form = useForm<TAssignChoice, unknown, Required<TAssignBody>>({
    resolver: zodResolver(
      assignFormSchema(
        groups.map((g) => g.groupId),
        (g) => speakers.get(g)?.length,
      ),
    ),
    defaultValues: { continuous: true, groupIds: preselectedGroupId ? [preselectedGroupId] : [], userIds: [] },
    // Checked on Assign; any change takes the message away. The focus stays on Assign.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [continuous, groupIds, userIds] = form.watch(['continuous', 'groupIds', 'userIds']);
  const shown = form.formState.errors.groupIds?.message ?? error;

  const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
  const change = (name: 'groupIds' | 'userIds', value: string, on: boolean) => {
    form.setValue(name, toggle(form.getValues(name), value, on));
    form.clearErrors('groupIds');
  };

  const submit = form.handleSubmit((body) => {
    const names = groups
      .filter(
        (g) =>
          body.groupIds.includes(g.groupId) || (!body.continuous && speakers.get(g.groupId)?.some((s) => body.userIds.includes(s.userId))),
      )
      .map((g) => g.name);
    onAssign(body, names);
  });

  const kinds = [
    {
      value: true,
      title: 'Continuous',
      hint: `Whole ${vocab.word('groups')}: every ${vocab.word('speaker')} in them now and everyone who joins later.`,
    },
    {
      value: false,
      title: 'Non-Continuous',
      hint: `Only the ${vocab.word('speakers')} in the chosen ${vocab.word('groups')} now, or the ${vocab.word('speakers')} you pick.`,
    },
  ];

  return (
    <StepPanel
      title="Assign"
      lead={`Choose who gets this assignment. Each ${vocab.word('group')} gets its own copy of the template.`}
      onSubmit={(e) => void submit(e)}
      actions={
        <>
          {onBack && (
            <Button variant="secondary" onClick={onBack}>
              Back
            </Button>
          )}
          <Button type="submit" busy={saving} disabled={groupsQuery.isPending}>
            Assign
          </Button>
        </>
      }
    >
      <fieldset className="editor-fieldset">
        <legend className="editor-fieldset__legend">Assignment type</legend>
        <Controller
          control={form.control}
          name="continuous"
          render={({ field }) => (
            <div className="choice-cards">
              {kinds.map((k) => (
                <label key={k.title} className="choice-card">
                  <input
                    type="radio"
                    className="radio-dot"
                    name={`${id}-kind`}
                    checked={field.value === k.value}
                    onChange={() => {
                      field.onChange(k.value);
                      form.clearErrors('groupIds');
                    }}
                  />
                  <span className="choice-card__text">
                    <span className="choice-card__title">{k.title}</span>
                    <span className="choice-card__hint">{k.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>

      {groupsQuery.isPending ? (
        <LoadingState />
      ) : groups.length === 0 ? (
        <EmptyState icon={<Users size={24} aria-hidden />} title={`You do not coach any ${vocab.word('groups')} yet`}>
          <p className="muted">The template is saved; assign it once you have a {vocab.word('group')}.</p>
        </EmptyState>
      ) : (
        <fieldset className="editor-fieldset">
          <legend className="editor-fieldset__legend">{vocab.Word('groups')}</legend>
          <ul className="assign-groups">
            {groups.map((g) => {
              const list = speakers.get(g.groupId);
              return (
                <li key={g.groupId} className="assign-group">
                  <div className="assign-group__head">
                    <Checkbox checked={groupIds.includes(g.groupId)} onCheckedChange={(on) => change('groupIds', g.groupId, on)}>
                      {g.name}
                    </Checkbox>
                    <span className="assign-group__count">
                      {list ? `${list.length} ${list.length === 1 ? vocab.word('speaker') : vocab.word('speakers')}` : 'Loading...'}
                    </span>
                  </div>
                  {!continuous && list && list.length > 0 && (
                    <fieldset className="assign-users">
                      <legend className="visually-hidden">
                        {vocab.Word('speakers')} of {g.name}
                      </legend>
                      {list.map((s) => (
                        <Checkbox
                          key={s.userId}
                          checked={groupIds.includes(g.groupId) || userIds.includes(s.userId)}
                          disabled={groupIds.includes(g.groupId)}
                          onCheckedChange={(on) => change('userIds', s.userId, on)}
                        >
                          {s.name}
                        </Checkbox>
                      ))}
                    </fieldset>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {shown && (
        <p className="form-error assign-error" role="alert" data-testid="assign-error">
          {shown}
        </p>
      )}
    </StepPanel>
  );
}
