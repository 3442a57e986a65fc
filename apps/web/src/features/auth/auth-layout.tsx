import type { ReactNode } from 'react';
import { BarChart3, Gauge, Sparkles } from 'lucide-react';
import './auth-layout.css';

/** The two-column frame of the account pages: the form, and a short reminder of what Rostrum does. */
export function AuthLayout({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-layout">
      <section className="auth-layout__form" aria-labelledby="auth-title">
        <div className="auth-card card card--elevated">
          <div className="card__body stack stack--lg">
            <div className="stack" style={{ gap: 'var(--space-2)' }}>
              <h1 id="auth-title">{title}</h1>
              {lead && <p className="muted">{lead}</p>}
            </div>
            {children}
          </div>
        </div>
      </section>
      <aside className="auth-layout__aside" aria-label="About Rostrum">
        <p className="auth-aside__kicker">Speech and voice coaching</p>
        <p className="auth-aside__title">Every speech is practice for the next one.</p>
        <ul className="auth-aside__list">
          <li>
            <Gauge size={20} aria-hidden />
            <span>A Vibe score for how your delivery comes across</span>
          </li>
          <li>
            <Sparkles size={20} aria-hidden />
            <span>Clear tips on pace, pauses, upspeak and vocal variety</span>
          </li>
          <li>
            <BarChart3 size={20} aria-hidden />
            <span>Progress you can see from one recording to the next</span>
          </li>
        </ul>
      </aside>
    </div>
  );
}
