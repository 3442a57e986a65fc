import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import './button.css';
import './action-menu.css';

export interface ActionMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

/**
 * A menu button (WAI-ARIA menu button pattern) for a row's actions. The menu is a popover in the
 * top layer, so a scrolling table never clips it; it opens under the button (above it when
 * there is no room), closes on Escape, a click outside, Tab, scrolling or a choice, and gives
 * focus back to the button.
 */
export function ActionMenu({
  label,
  items,
  buttonText = 'Actions',
  icon,
}: {
  label: string;
  items: ReadonlyArray<ActionMenuItem>;
  buttonText?: string;
  /** Shown before the text; where a small screen folds the text away (`.btn__text`), the icon stays. */
  icon?: ReactNode;
}) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [open, setOpen] = useState(false);

  // Which item takes focus when the menu opens (ArrowUp on the button opens at the last one).
  const focusOnOpen = useRef(0);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    // Hidden until placed, so the popover never shows a frame at its default position.
    const onBeforeToggle = (e: Event) => {
      if ((e as ToggleEvent).newState === 'open') delete menu.dataset.placed;
    };
    const onToggle = (e: Event) => {
      const opened = (e as ToggleEvent).newState === 'open';
      setOpen(opened);
      if (opened) {
        place(menu);
        focusItem(focusOnOpen.current);
        focusOnOpen.current = 0;
      } else if (menu.contains(document.activeElement) || document.activeElement === document.body) {
        // Escape or a click outside: focus returns to the button unless it moved elsewhere.
        buttonRef.current?.focus();
      }
    };
    menu.addEventListener('beforetoggle', onBeforeToggle);
    menu.addEventListener('toggle', onToggle);
    return () => {
      menu.removeEventListener('beforetoggle', onBeforeToggle);
      menu.removeEventListener('toggle', onToggle);
    };
  });

  useEffect(() => {
    if (!open) return;
    const close = () => menuRef.current?.hidePopover();
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  const focusItem = (index: number) => {
    const n = items.length;
    itemRefs.current[((index % n) + n) % n]?.focus();
  };

  const place = (menu: HTMLDivElement) => {
    const button = buttonRef.current;
    if (!button) return;
    const b = button.getBoundingClientRect();
    const m = menu.getBoundingClientRect();
    const below = b.bottom + 4 + m.height <= window.innerHeight;
    menu.style.top = `${Math.max(4, below ? b.bottom + 4 : b.top - 4 - m.height)}px`;
    menu.style.left = `${Math.max(4, Math.min(b.right - m.width, window.innerWidth - m.width - 4))}px`;
    menu.dataset.placed = '';
  };

  const hide = () => {
    menuRef.current?.hidePopover();
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusOnOpen.current = e.key === 'ArrowDown' ? 0 : items.length - 1;
      menuRef.current?.showPopover();
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      focusItem(moves[e.key]!);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      hide();
    }
  };

  return (
    <div className="action-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--secondary btn--sm action-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={label}
        popoverTarget={menuId}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
        <span className="btn__text">{buttonText}</span>
        <ChevronDown size={14} aria-hidden />
      </button>
      <div ref={menuRef} id={menuId} popover="auto" role="menu" aria-label={label} className="action-menu__list">
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              itemRefs.current[i] = el;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={['action-menu__item', item.danger && 'action-menu__item--danger'].filter(Boolean).join(' ')}
            onClick={() => {
              hide();
              item.onSelect();
            }}
            onKeyDown={(e) => onMenuKeyDown(e, i)}
          >
            {item.icon}
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}
