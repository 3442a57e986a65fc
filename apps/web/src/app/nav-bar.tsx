import { NoticeBell } from './notice-bell';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogOut, Menu, Mic, X } from 'lucide-react';
import { navigationItems, reviewQueueOffered, ROUTES } from '@rostrum/contract';
import { BrandLogo } from './brand-logo';
import { ModeSwitcher } from './mode-switcher';
import { NAV_LABELS, NAV_PATHS, navPath } from './route-paths';
import type { TViewer } from './viewer';
import '../components/button.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** The signed-in navigation bar (000 section 2.2), built from the contract's navigationItems. */
export function NavBar({ viewer }: { viewer: TViewer }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger: the menu closes on every navigation.
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const items: { item: string; to: string; label: string }[] = navigationItems(viewer.facts, viewer.mode, viewer.assignmentsOn).map(
    (item) => ({ item, to: navPath(item, viewer.mode), label: NAV_LABELS[item] }),
  );
  // The review queue (issue 41 item 7) sits beside the dashboard in coach mode (first without one).
  const queueOffered = reviewQueueOffered(viewer.facts, viewer.mode);
  if (queueOffered) {
    const queue = { item: 'review-queue', to: ROUTES.reviewQueue.path, label: ROUTES.reviewQueue.announcer };
    items.splice(items.findIndex((i) => i.item === 'dashboard') + 1, 0, queue);
  }
  // Small screens: a Record button for speakers, when not on the record page.
  const recordPath = NAV_PATHS.record;
  const showRecordButton = viewer.speaker && viewer.mode !== 'manager' && !location.pathname.startsWith(recordPath);

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <BrandLogo whiteLabelLogo={viewer.org.whiteLabelLogo} orgName={viewer.org.name} />
        {showRecordButton && (
          <Link to={recordPath} className="btn btn--accent btn--sm nav-record-button">
            <Mic size={16} aria-hidden /> Record
          </Link>
        )}
        <NoticeBell reviewQueue={queueOffered} />
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="primary-navigation"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <div className={['nav', open && 'nav--open'].filter(Boolean).join(' ')} id="primary-navigation">
          <nav aria-label="Main">
            <ul className="nav__links">
              {items.map(({ item, to, label }) => (
                <li key={item}>
                  <NavLink to={to} className="nav__link" data-nav-item={item}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="nav__account">
            {viewer.canSwitch && <ModeSwitcher viewer={viewer} onSwitched={() => setOpen(false)} />}
            <Link to="/profile" className="nav__user">
              <span className="nav__avatar" aria-hidden>
                {initials(viewer.user.name)}
              </span>
              <span className="nav__user-text">
                Logged in as <strong data-testid="header-name">{viewer.user.name}</strong>
              </span>
            </Link>
            <Link to="/sign-out" className="nav__link nav__signout">
              <LogOut size={16} aria-hidden />
              Sign out
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
