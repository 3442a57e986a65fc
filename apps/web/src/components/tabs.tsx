import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  items: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  idPrefix: string;
}

/** Tablist with arrow-key navigation; panels use id `${idPrefix}-panel-${key}`. */
export function Tabs<K extends string>({ items, selected, onSelect, label, idPrefix }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + items.length) % items.length;
    const item = items[next];
    if (item) {
      onSelect(item.key);
      refs.current[next]?.focus();
    }
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.key}`}
          className="tabs__tab"
          aria-selected={item.key === selected}
          aria-controls={`${idPrefix}-panel-${item.key}`}
          tabIndex={item.key === selected ? 0 : -1}
          onClick={() => onSelect(item.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
