import { ArrowRight, BarChart3, Gauge, Mic, Sparkles, Upload, MessageSquareText } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { VibePreview } from './vibe-preview';
import './landing-page.css';

const FEATURES = [
  {
    icon: Gauge,
    title: 'Your Vibe score',
    text: 'See how your delivery comes across: confident, clear, captivating, or nervous and rushed. One score, backed by the details.',
  },
  {
    icon: Sparkles,
    title: 'Better speaking habits',
    text: 'Pace, pauses, upspeak and vocal variety measured against ideal ranges, with tips that point at the exact moment to work on.',
  },
  {
    icon: BarChart3,
    title: 'Progress tracking',
    text: 'Every recording is kept with its results, so you and your coach can watch the habits change from one speech to the next.',
  },
] as const;

const STEPS = [
  { icon: Mic, title: 'Record or upload', text: 'Record in the browser or upload audio or video of a talk you have given.' },
  { icon: Upload, title: 'Get it analyzed', text: 'Rostrum transcribes your speech and scores the delivery within minutes.' },
  {
    icon: MessageSquareText,
    title: 'Practise with feedback',
    text: 'Share with your coach or class for comments and scores, then try again.',
  },
] as const;

/** The public landing page (000 section 1). */
export function LandingPage() {
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="hero__kicker">Speech and voice coaching</p>
            <h1 className="hero__title">Want to give the best speech possible?</h1>
            <p className="hero__lead">Upload your speech and have it analyzed.</p>
            <p className="hero__text">
              Rostrum listens the way an audience does and tells you what to keep and what to change, so each talk is better than the last.
            </p>
            <div className="row hero__actions">
              <ButtonLink to="/sign-up" variant="accent" size="lg">
                Get Started Now <ArrowRight size={18} aria-hidden />
              </ButtonLink>
              <ButtonLink to="/sign-in" variant="ghost" size="lg" className="hero__signin">
                Sign in
              </ButtonLink>
            </div>
          </div>
          <VibePreview />
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <div className="landing-section__inner">
          <h2 id="features-title" className="landing-section__title">
            Everything you need to speak with confidence
          </h2>
          <div className="grid-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <article key={title} className="feature-card">
                <div className="icon-tile feature-card__icon">
                  <Icon size={22} aria-hidden />
                </div>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="landing-section landing-section--alt" aria-labelledby="steps-title">
        <div className="landing-section__inner">
          <h2 id="steps-title" className="landing-section__title">
            How it works
          </h2>
          <ol className="steps">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="steps__item">
                <span className="steps__number" aria-hidden>
                  {i + 1}
                </span>
                <div>
                  <h3 className="row" style={{ gap: 'var(--space-2)' }}>
                    <Icon size={18} aria-hidden /> {title}
                  </h3>
                  <p className="muted">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="cta-band">
        <div className="cta-band__inner">
          <div>
            <h2>Your next speech starts here.</h2>
            <p>Have an invite code from your coach, instructor or organization? Create your account in a minute.</p>
          </div>
          <ButtonLink to="/sign-up" variant="accent" size="lg">
            Get Started Now
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
