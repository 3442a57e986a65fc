import './spinner.css';

export function Spinner({ className, label = 'Loading', size }: { className?: string; label?: string; size?: 'lg' }) {
  const cls = ['spinner', size === 'lg' && 'spinner--lg', className].filter(Boolean).join(' ');
  // A labelled spinner is a status; an unlabelled one (text beside it) is hidden from assistive technology.
  return label ? <span className={cls} role="status" aria-label={label} /> : <span className={cls} aria-hidden />;
}

/** Full-width loading placeholder; the text defaults to the spec's 'Loading...'. */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading-state">
      <Spinner size="lg" label="" />
      <p>{text}</p>
    </div>
  );
}
