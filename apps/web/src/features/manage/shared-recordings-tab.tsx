import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { PSEUDO_GROUP_ID, type TGroup, type TGroupSharedRecordings, type TSharedSpeaker, type TVocabulary } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Banner } from '../../components/banner';
import { Card } from '../../components/card';
import { DisclosureButton, useOpenRows } from '../../components/disclosure';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { SelectField } from '../../components/select-field';
import type { TViewer } from '../../app/viewer';
import { peerSharingText } from './manage-text';
import { DateCell, DurationCell, VocalDeliveryCell } from './recording-cells';
import { useGroupParam } from './use-group-param';
import { useGroupSharedRecordings } from './manage.queries';

const COLUMNS = ['Name', 'Shared Recordings'] as const;

/**
 * 'Shared Recordings' (002 section 2.8 on the manage page's speaker side): the recordings the
 * other speakers of a group shared with it, by speaker, each linking to its results page to
 * listen and comment. The server decides who is listed (peerListVisible) and what each may do.
 */
export function SharedRecordingsTab({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const speakerGroups = viewer.groups.filter((g) => g.groupId !== PSEUDO_GROUP_ID && g.abilities.canRecord);
  const [selected, select] = useGroupParam(speakerGroups);

  if (!selected) {
    return (
      <Card>
        <EmptyState icon={<Users size={24} aria-hidden />} title={`You are not ${vocab.word('speaker')} in any ${vocab.word('group')}`}>
          <p>
            Join a {vocab.word('group')} with its invite code on the <Link to="/subscription">Subscription</Link> page.
          </p>
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="stack stack--xl">
      {speakerGroups.length > 1 && (
        <div className="manage-toolbar">
          <div className="manage-picker">
            <SelectField
              label={vocab.Word('group')}
              value={selected.groupId}
              onValueChange={select}
              options={speakerGroups.map((g) => ({ value: g.groupId, label: g.name }))}
            />
          </div>
        </div>
      )}
      <GroupShared key={selected.groupId} group={selected} viewer={viewer} />
    </div>
  );
}

function GroupShared({ group, viewer }: { group: TGroup; viewer: TViewer }) {
  const { vocab } = viewer;
  const shared = useGroupSharedRecordings(group.groupId);

  let body: ReactNode;
  if (shared.isPending) body = <LoadingState text="Loading..." />;
  else if (shared.isError) {
    body = (
      <Banner kind="error" inline title="Could not load the shared recordings" text={errorMessage(shared.error, 'Please try again.')} />
    );
  } else body = <SharedSpeakers data={shared.data} vocab={vocab} label={`Shared recordings in ${group.name}`} />;

  return (
    <Card
      flush
      title={`Shared with ${group.name}`}
      titleId="shared-recordings-title"
      description={`Recordings the other ${vocab.word('speakers')} of this ${vocab.word('group')} shared with it. Open one to listen and give feedback.`}
    >
      {body}
    </Card>
  );
}

/**
 * The loaded list: the server's empty states (peer sharing off, no other speakers) in the
 * organisation's words, or the speakers with their shared counts, each opening to its recordings.
 * Also the assignment's Shared Recordings page (002 section 2.8), whose links return to it.
 */
export function SharedSpeakers({
  data,
  vocab,
  label,
  evaluateHref = (recordingId) => `/evaluate/${recordingId}`,
  noSpeakersText,
}: {
  data: TGroupSharedRecordings;
  vocab: TVocabulary;
  label: string;
  evaluateHref?: (recordingId: string) => string;
  /** The empty text when nobody else is listed (the manage tab's by default). */
  noSpeakersText?: string;
}) {
  const texts = peerSharingText(vocab);
  const { open, toggle } = useOpenRows();
  if (!data.peerSharing) return <EmptyState icon={<Users size={24} aria-hidden />} title={texts.disabled} />;
  if (data.speakers.length === 0) return <EmptyState icon={<Users size={24} aria-hidden />} title={noSpeakersText ?? texts.noSpeakers} />;
  return (
    <div className="table-wrap">
      <table className="table table--stack speakers-table" aria-label={label}>
        <thead>
          <tr>
            {COLUMNS.map((c, i) => (
              <th key={c} scope="col" className={i === 1 ? 'num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {data.speakers.map((s) => {
          const expanded = open.has(s.userId);
          const detailsId = `shared-recordings-${s.userId}`;
          return (
            <tbody key={s.userId} className={expanded ? 'speakers-table__group is-open' : 'speakers-table__group'}>
              <tr data-testid="shared-speaker">
                <td data-label="Name">
                  <DisclosureButton expanded={expanded} controls={detailsId} onToggle={() => toggle(s.userId)} srText=", shared recordings">
                    <span className="table-strong">{s.name}</span>
                  </DisclosureButton>
                </td>
                <td data-label="Shared Recordings" className="num">
                  {s.recordings.length}
                </td>
              </tr>
              <tr id={detailsId} className="speakers-table__details" hidden={!expanded}>
                <td colSpan={COLUMNS.length}>{expanded && <SharedBySpeaker speaker={s} evaluateHref={evaluateHref} />}</td>
              </tr>
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** One speaker's shared recordings: Title (to the results page), Submitted? (Yes/No), created date (002 section 2.8). */
function SharedBySpeaker({ speaker, evaluateHref }: { speaker: TSharedSpeaker; evaluateHref: (recordingId: string) => string }) {
  if (speaker.recordings.length === 0) return <p className="speaker-recordings__empty">No recordings shared yet.</p>;
  return (
    <table className="table table--stack speaker-recordings" aria-label={`Recordings ${speaker.name} shared`}>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Submitted?</th>
          <th scope="col">Date</th>
          <th scope="col" className="num">
            Duration
          </th>
          <th scope="col" className="num">
            Vocal Delivery
          </th>
        </tr>
      </thead>
      <tbody>
        {speaker.recordings.map((r) => (
          <tr key={r.recordingId}>
            <td data-label="Title">
              {r.canHear ? (
                <Link to={evaluateHref(r.recordingId)} className="table-strong">
                  {r.title}
                </Link>
              ) : (
                <span className="table-strong">{r.title}</span>
              )}
            </td>
            <td data-label="Submitted?">{r.submitted ? 'Yes' : 'No'}</td>
            <DateCell date={r.createdDate} />
            <DurationCell seconds={r.duration} />
            <VocalDeliveryCell recording={r} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
