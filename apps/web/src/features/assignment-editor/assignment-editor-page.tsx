import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { ASSIGNMENT_MSG, EDITOR_STEPS, ROUTES, dashboardPath, routePath, type TAssignment, type TEditorStep } from '@rostrum/contract';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { notifications, type TNotification } from '../../app/notification-store';
import { useViewer, type TViewer } from '../../app/viewer';
import {
  assignErrorMessage,
  dueErrorMessage,
  useAddLink,
  useAddRecording,
  useAssign,
  useCreateAssignment,
  useEditorAssignment,
  useReloadAssignment,
  useRemoveAttachment,
  useSaveScorecard,
  useUpdateAssignment,
} from './assignment-editor.queries';
import { EditorFrame } from './editor-frame';
import { NEW_TEMPLATE_CONTEXT, nextStep, prevStep, stepAvailable, stepContext, stepFromParam, visibleSteps } from './editor-steps';
import { DescriptionStep, type TDescriptionValues } from './description-step';
import { CriteriaStep } from './criteria-step';
import { ScorecardStep } from './scorecard-step';
import { WordspottingStep } from './wordspotting-step';
import { AttachmentsStep, type TShownAttachment } from './attachments-step';
import { PromptStep } from './prompt-step';
import { AssignStep } from './assign-step';
import './assignment-editor.css';

/** Notices in the editor are delayed 1 s (002 section 4). */
const NOTICE_DELAY_MS = 1000;

/** The step's address, keeping the query (?groupId= from the Manage tab's Create Assignment). */
function stepPath(assignmentId: string, step: TEditorStep, search: string): string {
  return `${routePath(ROUTES.assignmentEdit.path, { assignmentId, stepNum: EDITOR_STEPS[step] })}${search}`;
}

/** /assignments/create (optional ?groupId=): step 1 of a new template; saving creates it and opens the criteria. */
export function AssignmentCreatePage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { search } = useLocation();
  const dash = dashboardPath(viewer.mode);
  const create = useCreateAssignment({
    onSuccess: (saved) => {
      const next = nextStep('description', stepContext(saved)) ?? 'criteria';
      navigate(stepPath(saved.assignmentId, next, search), { replace: true });
    },
  });
  if (!viewer.manager) return <InvalidStep viewer={viewer} name="Add Assignment" />;
  return (
    <EditorFrame
      dashboardPath={dash}
      name="Add Assignment"
      steps={visibleSteps(NEW_TEMPLATE_CONTEXT)}
      current="description"
      stepHref={null}
    >
      <DescriptionStep
        initial={{ name: '', description: '', dueAt: null }}
        vocab={viewer.vocab}
        timeZone={viewer.org.timeZone}
        saving={create.isPending}
        cancelHref={dash}
        dueError={create.error ? dueErrorMessage(create.error) : null}
        onSave={(v: TDescriptionValues) =>
          create.mutate({ ...v, isShared: false, criteria: { algorithm: viewer.org.algorithmConfig.default_algorithm } })
        }
      />
    </EditorFrame>
  );
}

/** /assignments/edit/:assignmentId/:stepNum (002 section 2.7). */
export function AssignmentEditPage() {
  const viewer = useViewer();
  const { assignmentId = '', stepNum } = useParams();
  const step = stepFromParam(stepNum);
  const query = useEditorAssignment(assignmentId, !!assignmentId && !!step);
  if (!step) return <InvalidStep viewer={viewer} name="Assignment" />;
  if (query.isPending) return <LoadingState />;
  const a = query.data;
  if (!a || !stepAvailable(step, stepContext(a))) return <InvalidStep viewer={viewer} name={a?.name ?? 'Assignment'} />;
  // Keyed by assignment and step: each step starts from the saved assignment.
  return <EditorStep key={`${a.assignmentId}-${step}`} viewer={viewer} assignment={a} step={step} />;
}

function InvalidStep({ viewer, name }: { viewer: TViewer; name: string }) {
  const dash = dashboardPath(viewer.mode);
  return (
    <EditorFrame dashboardPath={dash} name={name} steps={[]} current={null} stepHref={null}>
      <Card>
        <EmptyState icon={<CircleAlert size={24} aria-hidden />} title={ASSIGNMENT_MSG.invalidStep}>
          <Link to={dash}>Return to your dashboard</Link>
        </EmptyState>
      </Card>
    </EditorFrame>
  );
}

function EditorStep({ viewer, assignment: a, step }: { viewer: TViewer; assignment: TAssignment; step: TEditorStep }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const dash = dashboardPath(viewer.mode);
  const ctx = stepContext(a);
  const [pending, setPending] = useState<TShownAttachment[]>([]);
  const [assignError, setAssignError] = useState<string | null>(null);

  const goTo = (target: TEditorStep | null, saved: TAssignment = a) => {
    if (target) return navigate(stepPath(saved.assignmentId, target, search));
    // After the last step: the dashboard, with the notice a second later.
    noticeOnDashboard({ kind: 'success', title: 'Assignment saved', text: `${saved.name} is up to date.` });
  };
  /** Goes to the dashboard and shows the notice 1 s after it has arrived (its page may still be loading). */
  const noticeOnDashboard = (n: TNotification) => {
    void Promise.resolve(navigate(dash)).then(() => notifications.showAfter(NOTICE_DELAY_MS, n));
  };
  // The saved assignment is in the cache by now (the save's hook puts it there).
  const advance = (saved: TAssignment) => goTo(nextStep(step, stepContext(saved)), saved);
  const back = prevStep(step, ctx);
  const onBack = () => back && goTo(back);

  const update = useUpdateAssignment(a.assignmentId, { onSuccess: advance });
  const scorecard = useSaveScorecard(a.assignmentId, { onSuccess: advance });
  const refresh = useReloadAssignment(a.assignmentId);
  const addLink = useAddLink(a.assignmentId);
  const addRecording = useAddRecording(a.assignmentId);
  const removeAttachment = useRemoveAttachment(a.assignmentId);
  const assign = useAssign(a.assignmentId, {
    onSuccess: (result, v) => {
      const names = result.assignments.map((x) => x.groupName);
      noticeOnDashboard({
        kind: 'success',
        title: 'Assignment assigned',
        text: `${a.name} is assigned to ${(names.length ? names : v.names).join(', ')}.`,
      });
    },
    onError: (e) => {
      // Any failure but Error 1 and Error 2 only ends the busy state.
      const message = assignErrorMessage(e);
      if (message) setAssignError(message);
    },
  });

  /** Shows the attachment at once (without an id) while it is saved; the saved list replaces it. */
  const withPending = async (shown: TShownAttachment, save: () => Promise<unknown>): Promise<boolean> => {
    setPending((p) => [...p, shown]);
    try {
      await save();
      await refresh();
      return true;
    } catch {
      return false;
    } finally {
      setPending((p) => p.filter((x) => x !== shown));
    }
  };

  const body = (() => {
    switch (step) {
      case 'description':
        return (
          <DescriptionStep
            initial={{ name: a.name, description: a.description, dueAt: a.dueAt }}
            vocab={viewer.vocab}
            timeZone={viewer.org.timeZone}
            saving={update.isPending}
            cancelHref={dash}
            dueError={update.error ? dueErrorMessage(update.error) : null}
            onSave={(v) => update.mutate(v)}
          />
        );
      case 'criteria':
        return (
          <CriteriaStep
            criteria={a.criteria}
            algorithms={viewer.org.algorithmConfig.algorithms.map((x) => x.name)}
            editable={a.abilities.canEditCriteria}
            vocab={viewer.vocab}
            saving={update.isPending}
            onBack={onBack}
            onSave={(criteria) => update.mutate({ criteria })}
            onContinue={() => goTo(nextStep(step, ctx))}
          />
        );
      case 'scorecard':
        return (
          <ScorecardStep
            scorecard={a.scorecard}
            editable={a.abilities.canEditCriteria}
            vocab={viewer.vocab}
            saving={scorecard.isPending}
            onBack={onBack}
            onSave={(sc) => scorecard.mutate(sc)}
            onContinue={() => goTo(nextStep(step, ctx))}
          />
        );
      case 'attachments':
        return (
          <AttachmentsStep
            attachments={[...a.attachments, ...pending]}
            userId={viewer.user.userId}
            vocab={viewer.vocab}
            adding={addLink.isPending}
            lastStep={nextStep(step, ctx) === null}
            onBack={onBack}
            onContinue={() => goTo(nextStep(step, ctx))}
            onAddLink={(name, url) =>
              withPending({ id: null, name, attachmentType: 'link', attachmentUrl: url, recordingId: null }, () =>
                addLink.mutateAsync({ name, url }),
              )
            }
            onAddRecording={(name, recordingId) =>
              void withPending({ id: null, name, attachmentType: 'recording', attachmentUrl: null, recordingId }, () =>
                addRecording.mutateAsync({ name, recordingId }),
              )
            }
            onDelete={async (attachmentId) => {
              try {
                await removeAttachment.mutateAsync(attachmentId);
                await refresh();
              } catch {
                // A failed delete only ends the busy state.
              }
            }}
          />
        );
      case 'prompt':
        return <PromptStep name={a.name} vocab={viewer.vocab} dashboardPath={dash} onAssign={() => goTo('assign')} />;
      case 'assign':
        return (
          <AssignStep
            vocab={viewer.vocab}
            preselectedGroupId={params.get('groupId')}
            saving={assign.isPending}
            error={assignError}
            onBack={back ? onBack : null}
            onAssign={(b, names) => {
              setAssignError(null);
              assign.mutate({ body: b, names });
            }}
          />
        );
      case 'wordspotting':
        return (
          <WordspottingStep
            words={a.wordspotting}
            editable={a.abilities.canEditCriteria}
            vocab={viewer.vocab}
            saving={update.isPending}
            onBack={onBack}
            onSave={(wordspotting) => update.mutate({ wordspotting })}
            onContinue={() => goTo(nextStep(step, ctx))}
          />
        );
    }
  })();

  return (
    <EditorFrame
      dashboardPath={dash}
      name={a.name}
      steps={visibleSteps(ctx)}
      current={step}
      stepHref={(s) => stepPath(a.assignmentId, s, search)}
    >
      {body}
    </EditorFrame>
  );
}
