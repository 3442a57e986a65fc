import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  flush?: boolean;
  elevated?: boolean;
  className?: string;
  as?: 'section' | 'div' | 'article';
  titleId?: string;
}

export function Card({ title, description, actions, footer, children, flush, elevated, className, as = 'section', titleId }: CardProps) {
  const Tag = as;
  return (
    <Tag
      className={['card', flush && 'card--flush', elevated && 'card--elevated', className].filter(Boolean).join(' ')}
      aria-labelledby={title && titleId ? titleId : undefined}
    >
      {(title || actions) && (
        <div className="card__header">
          <div>
            {title && (
              <h2 className="card__title" id={titleId}>
                {title}
              </h2>
            )}
            {description && <p className="card__description">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children !== undefined && <div className="card__body">{children}</div>}
      {footer && <div className="card__footer">{footer}</div>}
    </Tag>
  );
}
