import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
// Before the spinner's CSS, as in the cascade so far (its size wins over .btn__spinner's).
import './button.css';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';
type Size = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

function classes({ variant = 'primary', size = 'md', block }: StyleProps, extra?: string): string {
  return ['btn', variant !== 'primary' && `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  icon?: ReactNode;
}

export function Button({ variant, size, block, busy, icon, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={classes({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner className="btn__spinner" label="" /> : icon}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {
  icon?: ReactNode;
}

export function ButtonLink({ variant, size, block, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={classes({ variant, size, block }, className)} {...rest}>
      {icon}
      {children}
    </Link>
  );
}
