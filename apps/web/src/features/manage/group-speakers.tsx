import type { TGroup } from '@rostrum/contract';
import { Badge } from '../../components/status-badge';
import { Card } from '../../components/card';
import { DisclosureButton, useOpenRows } from '../../components/disclosure';
import { LoadingState } from '../../components/spinner';
import { formatDate } from '../../components/date-format';
import { formatDuration } from '../../components/duration-format';
import type { TViewer } from '../../app/viewer';
import { coachPrivacyCaption } from './manage-text';
import { SpeakerRecordings } from './speaker-recordings';
import { useGroupMembers } from './manage.queries';

const COLUMNS = ['Name', 'Recordings', 'Total Duration', 'Last Upload', 'Status'] as const;

/**
 * The group's speakers with recording count, total duration and last upload (002 section 2.5).
 * Each row is a disclosure: its button opens the speaker's recordings in this group beneath it.
 */
export function GroupSpeakers({ group, viewer }: { group: TGroup; viewer: TViewer }) {
  const { vocab } = viewer;
  const members = useGroupMembers(group.groupId);
  const { open, toggle } = useOpenRows();
  const speakers = (members.data ?? [])
    .filter((m) => m.abilities.canReview)
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  const label = `${vocab.Word('speakers')} in ${group.name}`;

  return (
    <Card flush title={vocab.Word('speakers')} titleId="speakers-title" description={coachPrivacyCaption(group.managerPrivacyLevel, vocab)}>
      {members.isPending ? (
        <LoadingState />
      ) : (
        <div className="table-wrap">
          <table className="table table--stack speakers-table" aria-label={label}>
            <thead>
              <tr>
                {COLUMNS.map((c, i) => (
                  <th key={c} scope="col" className={i === 1 || i === 2 ? 'num' : undefined}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            {speakers.length === 0 ? (
              <tbody>
                <tr>
                  <td className="table__empty" colSpan={COLUMNS.length}>
                    No {vocab.word('speakers')} have joined this {vocab.word('group')} yet.
                  </td>
                </tr>
              </tbody>
            ) : (
              speakers.map((m) => {
                const expanded = open.has(m.userId);
                const detailsId = `speaker-recordings-${m.userId}`;
                return (
                  <tbody key={m.userId} className={expanded ? 'speakers-table__group is-open' : 'speakers-table__group'}>
                    <tr>
                      <td data-label="Name">
                        <DisclosureButton expanded={expanded} controls={detailsId} onToggle={() => toggle(m.userId)} srText=", recordings">
                          <span className="person-cell">
                            <span className="table-strong">{m.name}</span>
                            <span className="subtle">{m.email}</span>
                          </span>
                        </DisclosureButton>
                      </td>
                      <td data-label="Recordings" className="num">
                        {m.recordings}
                      </td>
                      <td data-label="Total Duration" className="num">
                        {formatDuration(m.totalDuration)}
                      </td>
                      <td data-label="Last Upload" className="nowrap">
                        {formatDate(m.lastRecordingDate)}
                      </td>
                      <td data-label="Status">
                        <Badge tone={m.membershipStatus === 'active' ? 'success' : 'danger'}>
                          {m.membershipStatus === 'active' ? 'Active' : 'Inactive'}
                        </Badge>
                      </td>
                    </tr>
                    <tr id={detailsId} className="speakers-table__details" hidden={!expanded}>
                      <td colSpan={COLUMNS.length}>{expanded && <SpeakerRecordings group={group} member={m} viewer={viewer} />}</td>
                    </tr>
                  </tbody>
                );
              })
            )}
          </table>
        </div>
      )}
    </Card>
  );
}
