import { CheckCircle2 } from 'lucide-react';
import { ASSIGNMENT_MSG, type TVocabulary } from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import './assignment-editor.css';
import './prompt-step.css';

/** Step 6: "Assignment Saved to Templates", NOT NOW (the dashboard) or ASSIGN (the assign step). */
export function PromptStep({
  name,
  vocab,
  dashboardPath,
  onAssign,
}: {
  name: string;
  vocab: TVocabulary;
  dashboardPath: string;
  onAssign: () => void;
}) {
  return (
    <section className="card editor-panel editor-prompt" aria-labelledby="editor-step-title">
      <span className="editor-prompt__icon" aria-hidden>
        <CheckCircle2 size={32} />
      </span>
      <h2 className="editor-prompt__title" id="editor-step-title">
        {ASSIGNMENT_MSG.savedToTemplates}
      </h2>
      <p className="editor-prompt__text">
        <strong>{name}</strong> is in your templates. Assign it to a {vocab.word('group')} now, or later from the template.
      </p>
      <div className="editor-prompt__actions">
        <ButtonLink to={dashboardPath} variant="secondary" size="lg">
          NOT NOW
        </ButtonLink>
        <Button size="lg" onClick={onAssign} autoFocus>
          ASSIGN
        </Button>
      </div>
    </section>
  );
}
