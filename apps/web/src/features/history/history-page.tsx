import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Users } from 'lucide-react';
import { PSEUDO_GROUP_ID, withArticle, type TGroupMember } from '@rostrum/contract';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { useViewer, type TViewer } from '../../app/viewer';
import { HistoryBoard } from './history-board';
import './history.css';
import { useMembersOfGroups } from './history.queries';

/**
 * /history (001 section 2): one score across recordings. Speakers see their own; coaches pick
 * a speaker of the groups they manage (001 section 6).
 */
export function HistoryPage() {
  const viewer = useViewer();
  const coachView = viewer.manager && viewer.mode === 'manager';
  return coachView ? <CoachHistory viewer={viewer} /> : <SpeakerHistory viewer={viewer} />;
}

/** ?recording= opens the history at that recording (the manage page's History link). */
function useFocusRecording(): string | null {
  const [params] = useSearchParams();
  return params.get('recording');
}

function SpeakerHistory({ viewer }: { viewer: TViewer }) {
  const focusId = useFocusRecording();
  return (
    <div className="page history-page">
      <PageHeader title="History" lead="See how a score changes from one recording to the next." />
      <HistoryBoard userId={null} canRecord={viewer.speaker} focusId={focusId} />
    </div>
  );
}

/** The speakers of the groups the coach manages, each once, by last name. */
function useManagedSpeakers(viewer: TViewer): { speakers: TGroupMember[]; pending: boolean; groupCount: number } {
  const managed = viewer.groups.filter((g) => g.groupId !== PSEUDO_GROUP_ID && g.abilities.canCoach);
  const results = useMembersOfGroups(managed.map((g) => g.groupId));
  const byId = new Map<string, TGroupMember>();
  for (const r of results) {
    for (const m of r.data ?? []) {
      if (m.abilities.canReview && m.userId !== viewer.user.userId && !byId.has(m.userId)) byId.set(m.userId, m);
    }
  }
  const speakers = [...byId.values()].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  return { speakers, pending: results.some((r) => r.isPending), groupCount: managed.length };
}

function CoachHistory({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const [params, setParams] = useSearchParams();
  const { speakers, pending, groupCount } = useManagedSpeakers(viewer);
  const chosen = params.get('userId') ?? '';
  const known = speakers.some((s) => s.userId === chosen);
  // Names alone may repeat across groups; the email tells them apart.
  const names = new Map<string, number>();
  for (const s of speakers) names.set(s.name, (names.get(s.name) ?? 0) + 1);

  const picker = (
    <SelectField
      className="history-picker"
      label={vocab.Word('speaker')}
      value={known ? chosen : ''}
      disabled={pending || speakers.length === 0}
      placeholder={pending ? 'Loading...' : `Choose ${withArticle(vocab.word('speaker'))}`}
      options={speakers.map((s) => ({ value: s.userId, label: (names.get(s.name) ?? 0) > 1 ? `${s.name} (${s.email})` : s.name }))}
      onValueChange={(v) => {
        // Another speaker: the view (?view=) stays, the recording the history was opened at goes.
        const next = new URLSearchParams();
        if (v) next.set('userId', v);
        const view = params.get('view');
        if (view) next.set('view', view);
        setParams(next, { replace: true });
      }}
    />
  );

  let body: ReactNode;
  if (groupCount === 0) {
    body = (
      <Card>
        <EmptyState icon={<Users size={24} aria-hidden />} title={`You do not manage any ${vocab.word('groups')} yet`}>
          <p>
            When you coach a {vocab.word('group')}, the history of each of its {vocab.word('speakers')} shows here.
          </p>
        </EmptyState>
      </Card>
    );
  } else if (known) {
    body = <HistoryBoard key={chosen} userId={chosen} canRecord={false} focusId={params.get('recording')} />;
  } else {
    body = (
      <Card>
        <EmptyState icon={<Users size={24} aria-hidden />} title={`Choose ${withArticle(vocab.word('speaker'))}`}>
          <p>
            {pending
              ? `Loading your ${vocab.word('speakers')}...`
              : speakers.length === 0
                ? `No ${vocab.word('speakers')} have joined your ${vocab.word('groups')} yet.`
                : `Pick ${withArticle(vocab.word('speaker'))} from your ${vocab.word('groups')} to see their recordings plotted over time.`}
          </p>
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className="page history-page">
      <PageHeader
        title="History"
        lead={`See how ${withArticle(vocab.word('speaker'))}'s scores change from one recording to the next.`}
        actions={groupCount > 0 ? picker : undefined}
      />
      {body}
    </div>
  );
}
