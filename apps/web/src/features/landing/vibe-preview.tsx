import './vibe-preview.css';

/** A static illustration of a results card for the landing page (decorative). */
export function VibePreview() {
  const metrics = [
    { label: 'Pace', value: 'Ideal', width: 62, tone: 'ok' },
    { label: 'Pausing', value: 'Ideal', width: 55, tone: 'ok' },
    { label: 'Upspeak', value: 'Some', width: 34, tone: 'warn' },
    { label: 'Pitch variety', value: 'Ideal', width: 71, tone: 'ok' },
  ];
  const r = 52;
  const c = 2 * Math.PI * r;
  const score = 8.4;
  return (
    <div className="vibe-preview" aria-hidden>
      <div className="vibe-preview__header">
        <div>
          <p className="vibe-preview__label">Quarterly update to the team</p>
          <p className="vibe-preview__meta">4:12 · analyzed just now</p>
        </div>
        <span className="badge badge--success">Ready</span>
      </div>
      <div className="vibe-preview__body">
        <div className="vibe-dial">
          <svg viewBox="0 0 120 120" width="132" height="132" aria-hidden="true">
            <circle cx="60" cy="60" r={r} fill="none" stroke="var(--color-primary-100)" strokeWidth="10" />
            <circle
              cx="60"
              cy="60"
              r={r}
              fill="none"
              stroke="url(#dial)"
              strokeWidth="10"
              strokeLinecap="round"
              strokeDasharray={`${(c * score) / 10} ${c}`}
              transform="rotate(-90 60 60)"
            />
            <defs>
              <linearGradient id="dial" x1="0" x2="1" y1="0" y2="1">
                <stop offset="0%" stopColor="var(--color-primary-500)" />
                <stop offset="100%" stopColor="var(--color-accent-500)" />
              </linearGradient>
            </defs>
          </svg>
          <div className="vibe-dial__value">
            <span className="vibe-dial__score">{score}</span>
            <span className="vibe-dial__caption">Vibe score</span>
          </div>
        </div>
        <div className="vibe-preview__metrics">
          {metrics.map((m) => (
            <div key={m.label} className="metric-row">
              <div className="metric-row__top">
                <span>{m.label}</span>
                <span className={`metric-row__value metric-row__value--${m.tone}`}>{m.value}</span>
              </div>
              <div className="metric-row__track">
                <div className={`metric-row__fill metric-row__fill--${m.tone}`} style={{ width: `${m.width}%` }} />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="vibe-preview__vibes">
        {['Confident', 'Clear', 'Personable'].map((v) => (
          <span key={v} className="vibe-chip">
            {v}
          </span>
        ))}
      </div>
    </div>
  );
}
