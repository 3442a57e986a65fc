import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import './banner.css';

export type BannerKind = 'success' | 'error' | 'info' | 'warning';

const ICONS = { success: CheckCircle2, error: XCircle, info: Info, warning: AlertTriangle } as const;

export interface BannerProps {
  kind: BannerKind;
  title: ReactNode;
  text?: ReactNode;
  onDismiss?: () => void;
  /** A button beside the message (Undo). */
  action?: { label: string; onAction: () => void; disabled?: boolean };
  inline?: boolean;
}

/** A notification message: errors are announced assertively, others politely. */
export function Banner({ kind, title, text, onDismiss, action, inline }: BannerProps) {
  const Icon = ICONS[kind];
  return (
    <div
      className={['banner', `banner--${kind}`, inline && 'banner--inline'].filter(Boolean).join(' ')}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid="notification"
    >
      <Icon className="banner__icon" size={18} aria-hidden />
      <div className="banner__content">
        <span className="banner__title">{title}</span>
        {text && <span className="banner__text">{text}</span>}
      </div>
      {action && (
        <button type="button" className="banner__action" onClick={action.onAction} disabled={action.disabled}>
          {action.label}
        </button>
      )}
      {onDismiss && (
        <button type="button" className="banner__close" onClick={onDismiss} aria-label="Dismiss notification">
          <X size={16} aria-hidden />
        </button>
      )}
    </div>
  );
}
