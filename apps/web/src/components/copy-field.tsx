import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from './button';
import './field.css';
import './copy-field.css';

/** A read-only value with a copy button (invite codes and links). */
export function CopyField({ label, value, id }: { label: string; value: string; id: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const el = document.getElementById(id) as HTMLInputElement | null;
      el?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field">
        <input id={id} className="input input--mono" value={value} readOnly onFocus={(e) => e.target.select()} />
        <Button variant="secondary" onClick={copy} icon={copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}>
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
          <span className="visually-hidden"> {label}</span>
        </Button>
      </div>
    </div>
  );
}
