import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { AlertTriangle, GripVertical, Save } from 'lucide-react';
import { ASSIGNMENT_MSG, cardName, coachAssignmentStatus, compareAssignments, dashboardPath, type TAssignment } from '@rostrum/contract';
import { isApiError } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { useViewer } from '../../app/viewer';
import { useReorderList, useSaveOrder } from './assignment-reorder.queries';
import './reorder.css';

// /assignments/{groupId}/reorder (002 section 2.3): a coach drags the group's assignments into
// order (or moves them with the keyboard: Space picks a card up, the arrows move it, Space drops
// it); Save stores the positions as sortOrder, which every list honours. The server decides who
// may: the page shows its refusal.

/** Where Cancel and Save lead: the coach dashboard, on this group. */
function backPath(mode: Parameters<typeof dashboardPath>[0], groupId: string): string {
  const base = dashboardPath(mode);
  return `${base}${base.includes('?') ? '&' : '?'}group=${encodeURIComponent(groupId)}`;
}

export function ReorderPage() {
  const viewer = useViewer();
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const list = useReorderList(groupId);
  const initial = useMemo(() => [...(list.data ?? [])].sort(compareAssignments), [list.data]);
  const [order, setOrder] = useState<string[] | null>(null);
  const ids = order ?? initial.map((a) => a.assignmentId);
  const byId = new Map(initial.map((a) => [a.assignmentId, a]));
  const back = backPath(viewer.mode, groupId);

  const save = useSaveOrder(groupId, {
    onSuccess: () => void navigate(back, { state: { notice: ASSIGNMENT_MSG.assignmentsSaved } }),
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? 'Assignment';
  const posOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${posOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} moved to position ${posOf(over.id)} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${posOf(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  if (list.isPending) return <LoadingState />;
  if (list.isError) {
    const status = isApiError(list.error) ? list.error.status : 0;
    return (
      <div className="page page--narrow">
        <EmptyState
          icon={<AlertTriangle aria-hidden />}
          title={
            status === 403
              ? 'You cannot reorder these assignments'
              : status === 404 || status === 400
                ? 'Group not found'
                : 'The assignments could not be loaded'
          }
        >
          <p className="muted" data-testid="reorder-refused">
            {status === 403
              ? `Only the ${viewer.vocab.word('group')}'s ${viewer.vocab.word('coaches')} reorder its assignments.`
              : status === 404 || status === 400
                ? `This ${viewer.vocab.word('group')} does not exist, or you are not one of its ${viewer.vocab.word('coaches')}.`
                : 'Please reload the page.'}
          </p>
          <ButtonLink to={dashboardPath(viewer.mode)} variant="secondary">
            Back to Assignments
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page page--medium">
      <PageHeader
        eyebrow={initial[0]?.groupName ?? undefined}
        title="Reorder Assignments"
        lead="Drag the assignments into the order your speakers should see them. With the keyboard: focus a handle, press Space to pick it up, the arrow keys to move it and Space to drop it."
      />
      {ids.length === 0 ? (
        <EmptyState title={ASSIGNMENT_MSG.noAssignments} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="reorder-list" data-testid="reorder-list">
              {ids.map((id, i) => {
                const a = byId.get(id);
                return a ? <SortableCard key={id} a={a} position={i + 1} /> : null;
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {save.isError && <Banner inline kind="error" title="The order could not be saved" text="Please try again." />}
      <div className="row row--end reorder-actions">
        <ButtonLink to={back} variant="secondary">
          Cancel
        </ButtonLink>
        <Button icon={<Save size={16} aria-hidden />} busy={save.isPending} disabled={ids.length === 0} onClick={() => save.mutate(ids)}>
          Save
        </Button>
      </div>
    </div>
  );
}

function SortableCard({ a, position }: { a: TAssignment; position: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: a.assignmentId });
  return (
    <li
      ref={setNodeRef}
      className={`reorder-card card${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="reorder-card"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="reorder-card__handle"
        aria-label={`Move ${a.name}, position ${position}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical size={18} aria-hidden />
      </button>
      <span className="reorder-card__position" aria-hidden>
        {position}
      </span>
      <div className="reorder-card__body">
        <p className="reorder-card__name" title={a.name}>
          {cardName(a.name)}
        </p>
        <p className="reorder-card__status">{coachAssignmentStatus(a)}</p>
        {a.description && <p className="reorder-card__description">{a.description}</p>}
      </div>
    </li>
  );
}
