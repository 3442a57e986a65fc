import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Archive, ArchiveRestore, Copy, Globe2, Link2, Lock, Pencil, Repeat, Send, Trash2, type LucideIcon } from 'lucide-react';
import { dashboardPath, type TAssignment, type TMode } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { CopyField } from '../../components/copy-field';
import { notifications } from '../../app/notification-store';
import { useAssignmentActionCall } from './assignment-details.queries';
import { ACTION_NOTICE, coachActions, confirmation, detailsUrl, type TConfirmAction, type TDetailsAction } from './details-model';

const ICONS: Record<TDetailsAction, LucideIcon> = {
  edit: Pencil,
  delete: Trash2,
  archive: Archive,
  restore: ArchiveRestore,
  copy: Copy,
  showLink: Link2,
  assign: Send,
  turnOffContinuous: Repeat,
  convertToContinuous: Repeat,
  makePublic: Globe2,
  makePrivate: Lock,
};

/** Runs a confirmed coach action: the call, then the dashboard with its success notice (002 section 4). */
export function useAssignmentAction(assignment: TAssignment, mode: TMode) {
  const navigate = useNavigate();
  return useAssignmentActionCall(assignment.assignmentId, {
    onSuccess: (action) => {
      notifications.showAfterNavigation({ kind: 'success', title: ACTION_NOTICE[action] });
      navigate(dashboardPath(mode));
    },
    onError: (e) => notifications.error('Error', errorMessage(e, 'The assignment could not be changed. Please try again.')),
  });
}

/**
 * The coach's action links (002 section 2.6), each offered by the server's abilities. Actions that
 * change the assignment ask first; Edit and Assign This open the editor; Show Assignment Link
 * reveals the page's address with a copy button. `report` is the Download Report control.
 */
export function AssignmentActions({
  assignment: a,
  mode,
  confirmRequest,
  onConfirmRequest,
  report,
}: {
  assignment: TAssignment;
  mode: TMode;
  /** An action asked for elsewhere (the template's Public/Private radios). */
  confirmRequest: TConfirmAction | null;
  onConfirmRequest: (action: TConfirmAction | null) => void;
  report?: ReactNode;
}) {
  const [showLink, setShowLink] = useState(false);
  const run = useAssignmentAction(a, mode);
  const actions = coachActions(a);
  const pending = confirmRequest ? confirmation(confirmRequest, a.name) : null;

  if (actions.length === 0 && !report) return null;
  return (
    <div className="assignment-actions">
      <ul className="assignment-actions__list" aria-label="Assignment actions">
        {actions.map((act) => {
          const Icon = ICONS[act.key];
          const icon = <Icon size={16} aria-hidden />;
          if (act.key === 'edit' || act.key === 'assign') {
            return (
              <li key={act.key}>
                <ButtonLink
                  to={`/assignments/edit/${a.assignmentId}/${act.key === 'edit' ? 1 : 7}`}
                  variant={act.key === 'assign' ? 'primary' : 'secondary'}
                  size="sm"
                  block
                  icon={icon}
                >
                  {act.label}
                </ButtonLink>
              </li>
            );
          }
          if (act.key === 'showLink') {
            return (
              <li key={act.key}>
                <Button variant="secondary" size="sm" block icon={icon} aria-expanded={showLink} onClick={() => setShowLink((s) => !s)}>
                  {act.label}
                </Button>
              </li>
            );
          }
          const key = act.key as TConfirmAction;
          return (
            <li key={act.key}>
              <Button variant={key === 'delete' ? 'danger' : 'secondary'} size="sm" block icon={icon} onClick={() => onConfirmRequest(key)}>
                {act.label}
              </Button>
            </li>
          );
        })}
        {report && <li>{report}</li>}
      </ul>
      {showLink && (
        <div className="assignment-actions__link">
          <CopyField label="Assignment link" id="assignment-link" value={detailsUrl(window.location.origin, a.assignmentId)} />
        </div>
      )}
      <ConfirmDialog
        open={!!pending}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel}
        destructive={pending?.destructive}
        busy={run.isPending}
        onCancel={() => onConfirmRequest(null)}
        onConfirm={() => confirmRequest && run.mutate(confirmRequest)}
      >
        <p>{pending?.text}</p>
      </ConfirmDialog>
    </div>
  );
}
