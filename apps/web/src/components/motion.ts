/**
 * How to scroll something into view: at once for people who asked their system for reduced
 * motion (WCAG 2.3.3), smoothly for everyone else.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
