import type { ReactNode } from 'react';
import './status-badge.css';

export function Badge({ tone, children }: { tone?: 'success' | 'danger' | 'warning' | 'info'; children: ReactNode }) {
  return <span className={['badge', tone && `badge--${tone}`].filter(Boolean).join(' ')}>{children}</span>;
}
