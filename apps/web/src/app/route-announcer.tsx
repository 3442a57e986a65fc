import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Says the new page's name after a navigation inside the app (WCAG 4.1.3 and 2.4.2): a screen
 * reader hears nothing when only the content changes, unlike a full page load. The first page is
 * not announced: the browser reads its title. Polite, and no status role: a page's own status
 * messages keep theirs.
 */
export function RouteAnnouncer({ name }: { name: string | undefined }) {
  const { pathname } = useLocation();
  const [said, setSaid] = useState('');
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced per path; the name alone would miss one results page to the next.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The same words again are not read out again: a trailing no-break space makes them new.
    if (name) setSaid((previous) => (previous === name ? `${name}\u00a0` : name));
  }, [pathname]);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {said}
    </p>
  );
}
