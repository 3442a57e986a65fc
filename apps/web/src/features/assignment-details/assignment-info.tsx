import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Circle, ExternalLink, FileAudio, Link2 } from 'lucide-react';
import type { TAssignment, TCompletionCriterion, TVocabulary } from '@rostrum/contract';
import { assignmentTypeText, evaluatePath, recordingTypeLabel } from './details-model';

// The assignment's content on the details and preview pages (002 section 2.6): description,
// criteria with the current user's ticks, the custom wordspotting list and scorecard (coach only), supporting
// materials, the template's public/private choice and the assignment type.

export type TCriteriaMet = Partial<Record<TCompletionCriterion, boolean>>;

interface TCriterionLine {
  key: TCompletionCriterion;
  text: string;
}

/** The enabled completion criteria, in words (002 section 3). */
export function criteriaLines(criteria: TAssignment['criteria'], vocab: TVocabulary): TCriterionLine[] {
  const out: TCriterionLine[] = [];
  if (criteria.minRecordings) {
    const n = criteria.minRecordingsCount ?? 1;
    out.push({ key: 'minRecordings', text: `Upload at least ${n} recording${n === 1 ? '' : 's'}` });
  }
  if (criteria.minRating)
    out.push({ key: 'minRating', text: `Receive an average overall rating of at least ${criteria.minRatingNum ?? 4}` });
  if (criteria.minScore) out.push({ key: 'minScore', text: `Reach a Vocal Delivery score of at least ${criteria.minScoreNum ?? 4}` });
  if (criteria.managerReview) out.push({ key: 'managerReview', text: `Flag a recording for ${vocab.word('coach')} review` });
  if (criteria.shareRecording) out.push({ key: 'shareRecording', text: `Share a recording with the ${vocab.word('group')}` });
  if (criteria.selfCommentary) out.push({ key: 'selfCommentary', text: 'Comment on your own recording' });
  return out;
}

export function AssignmentInfo({
  assignment: a,
  vocab,
  coach,
  met,
  onShareChange,
  sharePending,
  readOnly,
}: {
  assignment: TAssignment;
  vocab: TVocabulary;
  /** The coach variant: the scorecard summary and the template section show. */
  coach: boolean;
  /** The current user's met criteria (ticks); null when the assignment is not for them. */
  met: TCriteriaMet | null;
  /** A template owner picked Public or Private (the page confirms, then saves). */
  onShareChange?: (isShared: boolean) => void;
  sharePending?: boolean;
  readOnly?: boolean;
}) {
  const lines = criteriaLines(a.criteria, vocab);
  return (
    <div className="assignment-info">
      <InfoSection title="Instructions">
        <p className="assignment-info__description">{a.description}</p>
      </InfoSection>

      <InfoSection title="Criteria">
        <p className="assignment-info__meta">
          Recording type: <strong>{recordingTypeLabel(a.criteria.algorithm)}</strong>
        </p>
        {lines.length === 0 ? (
          <p className="subtle">No completion criteria: any recording completes it.</p>
        ) : (
          <ul className="criteria-list" aria-label="Completion criteria">
            {lines.map((l) => {
              const done = met?.[l.key] === true;
              return (
                <li key={l.key} className={done ? 'criteria-list__item is-met' : 'criteria-list__item'}>
                  {met ? (
                    done ? (
                      <CheckCircle2 size={18} className="criteria-list__icon" aria-label="Met" />
                    ) : (
                      <Circle size={18} className="criteria-list__icon" aria-label="Not met yet" />
                    )
                  ) : (
                    <Circle size={8} className="criteria-list__bullet" aria-hidden />
                  )}
                  <span>{l.text}</span>
                </li>
              );
            })}
          </ul>
        )}
      </InfoSection>

      {coach && a.criteria.wordspotting && (
        <InfoSection title="Custom Wordspotting List">
          {a.wordspotting.length === 0 ? (
            <p className="subtle">No phrases yet: recordings count the {vocab.word('group')}'s list.</p>
          ) : (
            <ul className="chips ws-summary" aria-label="Wordspotting phrases">
              {a.wordspotting.map((w) => (
                <li key={w} className="chip">
                  {w}
                </li>
              ))}
            </ul>
          )}
          {a.abilities.canEditCriteria && !readOnly && (
            <Link className="assignment-info__link" to={`/assignments/edit/${a.assignmentId}/3`}>
              Edit the wordspotting list
            </Link>
          )}
        </InfoSection>
      )}

      {coach && a.criteria.scorecard && a.scorecard && (
        <InfoSection title="Custom Scorecard">
          <p className="assignment-info__meta">
            {a.scorecard.coachOnlyScorecard
              ? `Only ${vocab.word('coaches')} rate with it.`
              : `${vocab.Word('coaches')} and peers rate with it.`}
          </p>
          <ul className="scorecard-summary">
            {a.scorecard.questions
              .filter((q) => !q.hidden || q.id === 'scoreOverall')
              .sort((x, y) => x.order - y.order)
              .map((q) => (
                <li key={q.id}>
                  <span className="scorecard-summary__label">{q.label}</span>
                  {q.description && <span className="subtle"> {q.description}</span>}
                </li>
              ))}
          </ul>
          {a.abilities.canEditCriteria && !readOnly && (
            <Link className="assignment-info__link" to={`/assignments/edit/${a.assignmentId}/4`}>
              Edit the scorecard
            </Link>
          )}
        </InfoSection>
      )}

      <InfoSection title="Supporting Materials">
        {a.attachments.length === 0 ? (
          <p className="subtle">No supporting materials.</p>
        ) : (
          <ul className="materials-list">
            {a.attachments.map((m) => (
              <li key={m.id}>
                {m.attachmentType === 'link' && m.attachmentUrl ? (
                  <a href={m.attachmentUrl} target="_blank" rel="noopener noreferrer" className="materials-list__link">
                    <Link2 size={16} aria-hidden />
                    {m.name}
                    <ExternalLink size={13} aria-hidden className="materials-list__external" />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : m.recordingId ? (
                  <Link to={evaluatePath(m.recordingId, a.assignmentId)} className="materials-list__link">
                    <FileAudio size={16} aria-hidden />
                    {m.name}
                  </Link>
                ) : (
                  <span className="materials-list__link">{m.name}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </InfoSection>

      {coach && a.isTemplate && (
        <TemplateSharing assignment={a} vocab={vocab} onChange={onShareChange} pending={sharePending} readOnly={readOnly} />
      )}

      <InfoSection title="Assignment Type">
        <p>{assignmentTypeText(a)}</p>
        {a.groupName && (
          <p className="assignment-info__meta">
            {vocab.Word('group')}: <strong>{a.groupName}</strong>
          </p>
        )}
      </InfoSection>
    </div>
  );
}

function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="assignment-info__section" aria-labelledby={id}>
      <h3 id={id} className="assignment-info__heading">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Public or private (002 section 6: the radios are disabled for everyone but the template's owner). */
function TemplateSharing({
  assignment: a,
  vocab,
  onChange,
  pending,
  readOnly,
}: {
  assignment: TAssignment;
  vocab: TVocabulary;
  onChange?: (isShared: boolean) => void;
  pending?: boolean;
  readOnly?: boolean;
}) {
  const name = useId();
  const disabled = !a.abilities.canToggleShared || !!pending || !!readOnly || a.isGlobal;
  const options = [
    { value: true, label: 'Public', hint: `Every ${vocab.word('coach')} in your organization can use it.` },
    { value: false, label: 'Private', hint: 'Only you can use it.' },
  ];
  return (
    <section className="assignment-info__section">
      <fieldset className="template-sharing" disabled={disabled}>
        <legend className="assignment-info__heading">Template</legend>
        {a.isGlobal ? (
          <p>A global template: every {vocab.word('coach')} can assign it; nobody can change it.</p>
        ) : (
          <div className="template-sharing__options">
            {options.map((o) => (
              <label key={o.label} className="template-sharing__option">
                <input
                  type="radio"
                  className="radio-dot"
                  name={name}
                  checked={a.isShared === o.value}
                  onChange={() => onChange?.(o.value)}
                />
                <span>
                  <span className="template-sharing__label">{o.label}</span>
                  <span className="subtle">{o.hint}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        {!a.isGlobal && !a.abilities.canToggleShared && a.ownerName && (
          <p className="assignment-info__meta">Only its owner, {a.ownerName}, can change this.</p>
        )}
      </fieldset>
    </section>
  );
}
