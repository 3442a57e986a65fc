import { useState } from 'react';
import { ClipboardList, Users } from 'lucide-react';
import { ASSIGNMENT_MSG, isConversationalAlgorithm, speakerTypeMatches, type TAssignment, type TRecording } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { ConfirmDialog } from '../../components/dialog';
import { SearchPicker } from '../../components/search-picker';
import { notifications } from '../../app/notification-store';
import { isSpeakerTypeMismatch, useAssignedAssignments, useMoveToAssignment } from './results-assignment.queries';

/**
 * Move to Assignment (001 sections 2, 4 and 8): the owner picks one of their open assignments
 * (name and group); the speaker type must match; a confirmation warns that it cannot be undone.
 * Shown only with Assignments on and while the recording has no assignment.
 */
export function MoveToAssignment({ recording: r }: { recording: TRecording }) {
  const assigned = useAssignedAssignments();
  const [chosen, setChosen] = useState<TAssignment | null>(null);
  const unable = () => notifications.show({ kind: 'error', title: ASSIGNMENT_MSG.unableTitle, text: ASSIGNMENT_MSG.unableText });

  const move = useMoveToAssignment(r.recordingId, {
    onSuccess: (a) => {
      setChosen(null);
      notifications.show({ kind: 'success', title: 'Moved to Assignment', text: `This recording is now part of "${a.name}".` });
    },
    onError: (e) => {
      setChosen(null);
      if (isSpeakerTypeMismatch(e)) unable();
      else notifications.show({ kind: 'error', title: 'Could not move the recording', text: errorMessage(e, 'Please try again.') });
    },
  });

  const choose = (a: TAssignment) => {
    // The server checks it too; asking first spares a confirmation that cannot succeed.
    if (!speakerTypeMatches(r.algorithm, a.criteria.algorithm)) unable();
    else setChosen(a);
  };

  return (
    <>
      <SearchPicker
        buttonLabel="Move to Assignment"
        buttonIcon={<ClipboardList size={14} aria-hidden />}
        searchLabel="Search assignments"
        listLabel="Assignments"
        items={assigned.data ?? []}
        itemKey={(a) => a.assignmentId}
        matches={(a, q) => a.name.toLowerCase().includes(q) || (a.groupName ?? '').toLowerCase().includes(q)}
        loading={assigned.isPending}
        emptyText="No assignments found"
        onChoose={choose}
        renderOption={(a) => (
          <>
            <span className="picker__title">{a.name}</span>
            <span className="picker__meta">
              <Users size={12} aria-hidden /> {a.groupName}
              {isConversationalAlgorithm(a.criteria.algorithm) ? ' · Multi-Speaker' : ' · Single Speaker'}
            </span>
          </>
        )}
      />
      <ConfirmDialog
        open={!!chosen}
        title="Move to Assignment"
        confirmLabel="Move"
        busy={move.isPending}
        onCancel={() => setChosen(null)}
        onConfirm={() => chosen && move.mutate(chosen)}
      >
        <p>{chosen ? ASSIGNMENT_MSG.confirmMove(chosen.name) : ''}</p>
      </ConfirmDialog>
    </>
  );
}
