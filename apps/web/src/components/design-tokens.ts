// The design tokens (custom properties on :root, styles/tokens.css) for code that draws outside
// CSS: the waveform, the voice lanes, Stripe's card form. They never change while a page is open
// (there is no theme switch), so each is read once. Reading the root's computed style makes the
// browser style every element it has not styled yet: on a long talk's results page, read after
// the first render, that cost 90 to 180 ms each time. main.tsx reads them all before the first
// render, while the page is one empty element.

const cache = new Map<string, string>();

/** A token's value, or `fallback` where no style sheet defines it (as in unit tests). */
export function designToken(name: string, fallback: string): string {
  let value = cache.get(name);
  if (value === undefined) {
    value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    cache.set(name, value);
  }
  return value || fallback;
}

/** Reads every custom property the loaded style sheets set on :root, in one style computation. */
export function readDesignTokens(): void {
  const names = new Set<string>();
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ':root') continue;
      for (const prop of Array.from(rule.style)) if (prop.startsWith('--')) names.add(prop);
    }
  }
  if (!names.size) return;
  const root = getComputedStyle(document.documentElement);
  for (const n of names) cache.set(n, root.getPropertyValue(n).trim());
}
