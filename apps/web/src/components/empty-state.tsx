import type { ReactNode } from 'react';
import './empty-state.css';

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon && <div className="icon-tile empty-state__icon">{icon}</div>}
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}
