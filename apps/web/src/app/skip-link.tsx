export const MAIN_CONTENT_ID = 'main-content';

/** The first tab stop on every page (000 section 2.2). */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
