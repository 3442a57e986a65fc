export function Spinner({ className, label = 'Loading', size }: { className?: string; label?: string; size?: 'lg' }) {
  return (
    <span
      className={['spinner', size === 'lg' && 'spinner--lg', className].filter(Boolean).join(' ')}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
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
