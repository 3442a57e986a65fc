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

/** A failed upload: the spec's error, and Retry Upload when the same upload can continue. */
export function UploadFailure({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  useReportedError(title, message);
  return (
    <div className="stack">
      <Banner inline kind="error" title={title} text={message} />
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
