import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { PRACTICE_PROMPT_CATEGORY_LABELS, ROUTES, suggestedLengthText, type TPracticePrompt } from '@rostrum/contract';
import './practice.css';

/** The chosen practice prompt above the record page's tabs: what to talk about, and for how long. */
export function PromptCard({ prompt }: { prompt: TPracticePrompt }) {
  return (
    <section className="prompt-card" aria-labelledby="prompt-card-title" data-testid="prompt-card">
      <div className="prompt-card__head">
        <p className="eyebrow eyebrow--accent">Your prompt · {PRACTICE_PROMPT_CATEGORY_LABELS[prompt.category]}</p>
        <Link to={ROUTES.practice.path} className="prompt-card__change">
          Choose another prompt
        </Link>
      </div>
      <h2 id="prompt-card-title" className="prompt-card__title">
        {prompt.title}
      </h2>
      <p className="prompt-card__text">{prompt.instructions}</p>
      <p className="prompt-tile__length">
        <Clock size={14} aria-hidden /> Aim for about {suggestedLengthText(prompt.suggestedSeconds)}
      </p>
    </section>
  );
}
