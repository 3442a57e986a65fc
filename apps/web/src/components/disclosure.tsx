import { useState, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';

/** Which rows of a table are open: each toggles on its own. `initial` opens some at first. */
export function useOpenRows(initial: () => Iterable<string> = () => []) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initial()));
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return { open, toggle };
}

/** The button that opens a table row's details row (`controls` is its id); `srText` ends its name for screen readers. */
export function DisclosureButton({
  expanded,
  controls,
  onToggle,
  srText,
  children,
}: {
  expanded: boolean;
  controls: string;
  onToggle: () => void;
  srText: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className="disclosure" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      <ChevronRight className="disclosure__icon" size={18} aria-hidden />
      {children}
      <span className="visually-hidden">{srText}</span>
    </button>
  );
}
