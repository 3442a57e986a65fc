import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { EDITOR_STEPS, type TEditorStep } from '@rostrum/contract';
import { Button } from '../../components/button';
import { STEP_LABELS } from './editor-steps';
import './assignment-editor.css';

export interface EditorFrameProps {
  dashboardPath: string;
  /** The assignment's name; "Add Assignment" while it is new. */
  name: string;
  steps: readonly TEditorStep[];
  current: TEditorStep | null;
  /** The address of a step the user may jump back to; null while the assignment is not saved yet. */
  stepHref: ((step: TEditorStep) => string) | null;
  children: ReactNode;
}

/** The editor's page: "Dashboard | {name} | Edit", the step indicator and the current step (002 section 2.7). */
export function EditorFrame({ dashboardPath, name, steps, current, stepHref, children }: EditorFrameProps) {
  return (
    <div className="page page--medium editor">
      <header className="editor-header">
        <h1 className="editor-header__title">
          <Link to={dashboardPath} className="editor-header__dashboard">
            Dashboard
          </Link>
          <span className="editor-header__sep">{' | '}</span>
          <span className="editor-header__name">{name}</span>
          <span className="editor-header__sep">{' | '}</span>
          <span className="editor-header__edit">Edit</span>
        </h1>
      </header>
      {current && steps.length > 1 && <StepIndicator steps={steps} current={current} stepHref={stepHref} />}
      {children}
    </div>
  );
}

function StepIndicator({
  steps,
  current,
  stepHref,
}: {
  steps: readonly TEditorStep[];
  current: TEditorStep;
  stepHref: ((step: TEditorStep) => string) | null;
}) {
  const at = steps.indexOf(current);
  return (
    <nav aria-label="Assignment steps" className="wizard">
      <ol className="wizard__list">
        {steps.map((s, i) => {
          const state = i < at ? 'done' : i === at ? 'current' : 'todo';
          const body = (
            <>
              <span className="wizard__dot" aria-hidden>
                {state === 'done' ? <Check size={14} strokeWidth={3} /> : i + 1}
              </span>
              <span className="wizard__label">{STEP_LABELS[s]}</span>
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </>
          );
          return (
            <li key={s} className={`wizard__item wizard__item--${state}`} data-step={EDITOR_STEPS[s]}>
              {state === 'current' ? (
                <span className="wizard__step" aria-current="step">
                  {body}
                </span>
              ) : stepHref && state === 'done' ? (
                <Link className="wizard__step" to={stepHref(s)}>
                  {body}
                </Link>
              ) : (
                <span className="wizard__step">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A step's panel: its title and lead, the content and the actions row. */
export function StepPanel({
  title,
  lead,
  children,
  actions,
  onSubmit,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  onSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
}) {
  const content = (
    <>
      <div className="editor-panel__head">
        <h2 className="editor-panel__title" id="editor-step-title">
          {title}
        </h2>
        {lead && <p className="editor-panel__lead">{lead}</p>}
      </div>
      <div className="editor-panel__body">{children}</div>
      <div className="editor-panel__actions">{actions}</div>
    </>
  );
  return onSubmit ? (
    <form className="card editor-panel" onSubmit={onSubmit} noValidate aria-labelledby="editor-step-title">
      {content}
    </form>
  ) : (
    <section className="card editor-panel" aria-labelledby="editor-step-title">
      {content}
    </section>
  );
}

/** The actions of a step between the first and the last: Back, and Save and Continue (Continue when read-only). */
export function BackAndSave({ onBack, editable, saving }: { onBack: () => void; editable: boolean; saving: boolean }) {
  return (
    <>
      <Button variant="secondary" onClick={onBack}>
        Back
      </Button>
      <Button type="submit" busy={saving}>
        {editable ? 'Save and Continue' : 'Continue'}
      </Button>
    </>
  );
}
