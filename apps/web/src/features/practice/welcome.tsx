import { Link } from 'react-router';
import { ClipboardList, Mic } from 'lucide-react';
import { ROUTES, type TAssignment } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import type { TViewer } from '../../app/viewer';
import { useAssignedAssignments } from '../intake/intake.queries';
import { PromptLibrary } from './prompt-library';
import { usePracticePrompts } from './practice.queries';
import './practice.css';

/** Assignments a speaker still has to record: open for them and not completed. */
export function pendingAssignments(assignments: readonly TAssignment[]): TAssignment[] {
  return assignments.filter((a) => a.abilities.canSubmit && a.completionStatus !== 'completed');
}

/**
 * The first session (issue 41): a speaker with nothing recorded is welcomed and offered a choice,
 * a pending assignment with its instructions or a practice prompt, before the record page.
 */
export function Welcome({ viewer }: { viewer: TViewer }) {
  const assigned = useAssignedAssignments(viewer.assignmentsOn);
  const prompts = usePracticePrompts();
  if ((viewer.assignmentsOn && assigned.isPending) || prompts.isPending) return <LoadingState />;
  const pending = pendingAssignments(assigned.data ?? []);
  const { Word } = viewer.vocab;
  return (
    <div className="stack stack--xl welcome" data-testid="welcome">
      <section className="card welcome__intro" aria-labelledby="welcome-title">
        <div className="card__body">
          <h2 id="welcome-title" className="welcome__title">
            Welcome, {viewer.user.firstName}!
          </h2>
          <p className="welcome__lead">
            Your first take is a minute away. Choose what to talk about, record it here in your browser, and see your Vibe score with the
            three things to work on next.
          </p>
          <ol className="welcome__steps">
            <li>
              <span className="welcome__step-number" aria-hidden>
                1
              </span>
              Choose {pending.length > 0 ? 'an assignment or ' : ''}a prompt
            </li>
            <li>
              <span className="welcome__step-number" aria-hidden>
                2
              </span>
              Record at least 5 seconds
            </li>
            <li>
              <span className="welcome__step-number" aria-hidden>
                3
              </span>
              See your results, then record another take
            </li>
          </ol>
        </div>
      </section>

      {pending.length > 0 && (
        <section aria-labelledby="welcome-assignments" className="stack">
          <h2 id="welcome-assignments" className="welcome__section-title">
            Your assignments
          </h2>
          <ul className="prompt-grid">
            {pending.map((a) => (
              <li key={a.assignmentId} className="prompt-tile prompt-tile--assignment">
                <p className="eyebrow eyebrow--accent">
                  <ClipboardList size={12} aria-hidden /> {a.groupName ?? Word('group')}
                </p>
                <h3 className="prompt-tile__title">{a.name}</h3>
                <p className="prompt-tile__text">{a.description || 'No instructions were given for this assignment.'}</p>
                <div className="prompt-tile__footer">
                  <Link className="prompt-tile__more" to={`/assignment/details/${a.assignmentId}`}>
                    Details
                  </Link>
                  <ButtonLink
                    to={`${ROUTES.record.path}?assignmentId=${encodeURIComponent(a.assignmentId)}`}
                    size="sm"
                    icon={<Mic size={14} aria-hidden />}
                    aria-label={`Record for this assignment: ${a.name}`}
                  >
                    Record for this assignment
                  </ButtonLink>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="welcome-prompts" className="stack">
        <div>
          <h2 id="welcome-prompts" className="welcome__section-title">
            {pending.length > 0 ? 'Or practise with a prompt' : 'Practise with a prompt'}
          </h2>
          <p className="muted">Each prompt says what to cover and how long to aim for. Your take is named after it.</p>
        </div>
        <PromptLibrary prompts={prompts.data?.prompts ?? []} starter />
      </section>

      <p className="welcome__own">
        Have something of your own to say?{' '}
        <Link to={ROUTES.record.path} data-testid="record-without-prompt">
          Record without a prompt
        </Link>
      </p>
    </div>
  );
}
