import { useId, useState } from 'react';
import { Clock, Mic } from 'lucide-react';
import {
  PRACTICE_PROMPT_CATEGORIES,
  PRACTICE_PROMPT_CATEGORY_LABELS,
  suggestedLengthText,
  type TPracticePrompt,
  type TPracticePromptCategory,
} from '@rostrum/contract';
import { Button, ButtonLink } from '../../components/button';
import { practiceRecordPath } from './practice-paths';
import './practice.css';

type TFilter = 'all' | TPracticePromptCategory;

/** One prompt of each category, in the categories' order: a first choice that is not a wall of cards. */
export function starterPrompts(prompts: readonly TPracticePrompt[]): TPracticePrompt[] {
  return PRACTICE_PROMPT_CATEGORIES.flatMap((c) => prompts.find((p) => p.category === c) ?? []);
}

/**
 * The practice prompts by category, each with its instructions, suggested length and a link that
 * records it. A category filter above (radios: the arrow keys move between them). With `starter`,
 * All shows one prompt of each kind until the speaker asks for every one.
 */
export function PromptLibrary({
  prompts,
  headingLevel = 3,
  starter = false,
}: {
  prompts: readonly TPracticePrompt[];
  headingLevel?: 2 | 3;
  starter?: boolean;
}) {
  const [filter, setFilter] = useState<TFilter>('all');
  const [showAll, setShowAll] = useState(!starter);
  const name = useId();
  const present = PRACTICE_PROMPT_CATEGORIES.filter((c) => prompts.some((p) => p.category === c));
  const all = filter === 'all';
  const shown = !all ? prompts.filter((p) => p.category === filter) : showAll ? prompts : starterPrompts(prompts);
  const Heading = `h${headingLevel}` as const;
  if (prompts.length === 0) return <p className="muted">Your organization offers no practice prompts at the moment.</p>;
  return (
    <div className="prompt-library">
      <fieldset className="prompt-filter">
        <legend className="visually-hidden">Show prompts of one kind</legend>
        {(['all', ...present] as TFilter[]).map((c) => (
          <label key={c} className="prompt-filter__option">
            <input type="radio" name={name} value={c} checked={filter === c} onChange={() => setFilter(c)} />
            <span>{c === 'all' ? 'All' : PRACTICE_PROMPT_CATEGORY_LABELS[c]}</span>
          </label>
        ))}
      </fieldset>
      <ul className="prompt-grid" aria-label="Practice prompts">
        {shown.map((p) => (
          <li key={p.promptId} className="prompt-tile">
            <p className="eyebrow eyebrow--accent">{PRACTICE_PROMPT_CATEGORY_LABELS[p.category]}</p>
            <Heading className="prompt-tile__title">{p.title}</Heading>
            <p className="prompt-tile__text">{p.instructions}</p>
            <div className="prompt-tile__footer">
              <span className="prompt-tile__length">
                <Clock size={14} aria-hidden /> About {suggestedLengthText(p.suggestedSeconds)}
              </span>
              <ButtonLink
                to={practiceRecordPath(p.promptId)}
                size="sm"
                variant="secondary"
                icon={<Mic size={14} aria-hidden />}
                aria-label={`Practise this: ${p.title}`}
              >
                Practise this
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
      {all && !showAll && shown.length < prompts.length && (
        <div>
          <Button variant="secondary" onClick={() => setShowAll(true)}>
            Show all {prompts.length} prompts
          </Button>
        </div>
      )}
    </div>
  );
}
