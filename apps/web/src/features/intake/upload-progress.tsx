import { RotateCcw } from 'lucide-react';
import { useReportedError } from '../../app/reported-error';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import type { TUploadProgress } from './recording-upload';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** The upload's progress bar: percent and bytes, from tus's onProgress. */
export function UploadProgress({ progress, label }: { progress: TUploadProgress; label: string }) {
  const pct = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;
  return (
    <div className="upload-progress">
      <div className="upload-progress__top">
        <span className="upload-progress__label">{label}</span>
        <span className="upload-progress__numbers" data-testid="upload-bytes">
          {pct}% · {formatBytes(progress.sent)} of {formatBytes(progress.total)}
        </span>
      </div>
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}%, ${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`}
      >
        <div className="upload-progress__fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * Between Save and the results of a recorded take (issue 41): most of the take went up while it
 * was recorded, so the wait is the last bytes, then the server's check of the file, then the
 * results page. Each step says what is happening; the current one is announced.
 */
export function SaveSteps({ progress, label }: { progress: TUploadProgress; label: string }) {
  const sent = progress.total > 0 && progress.sent >= progress.total;
  const steps = [
    { key: 'send', text: 'Sending the last seconds of your take', done: sent },
    { key: 'save', text: 'Saving it on the server and starting the analysis', done: false },
    { key: 'open', text: 'Opening your results', done: false },
  ] as const;
  const current = sent ? 'save' : 'send';
  return (
    <div className="save-steps" data-testid="save-steps">
      <UploadProgress progress={progress} label={label} />
      <ol className="save-steps__list">
        {steps.map((s) => (
          <li
            key={s.key}
            className={s.done ? 'is-done' : s.key === current ? 'is-current' : undefined}
            aria-current={s.key === current ? 'step' : undefined}
          >
            {s.text}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {steps.find((s) => s.key === current)?.text}
      </p>
    </div>
  );
}

/** A failed upload: the spec's error, what to do next (`note`), and Retry Upload when the same upload can continue. */
export function UploadFailure({ title, message, note, onRetry }: { title: string; message: string; note?: string; onRetry?: () => void }) {
  useReportedError(title, message);
  return (
    <div className="stack">
      <Banner inline kind="error" title={title} text={message} />
      {note && <p className="muted upload-failure__note">{note}</p>}
      {onRetry && (
        <div>
          <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden />} onClick={onRetry}>
            Retry Upload
          </Button>
        </div>
      )}
    </div>
  );
}
