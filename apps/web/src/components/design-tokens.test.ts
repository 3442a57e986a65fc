import { afterEach, describe, expect, it, vi } from 'vitest';

// Drawing code reads the design tokens through one cache, filled before the first render: a
// read after render made the browser style a long results page again.

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('design tokens', () => {
  it('reads every :root custom property in one style computation, then answers from the cache', async () => {
    const { designToken, readDesignTokens } = await import('./design-tokens');
    const style = document.createElement('style');
    style.textContent = ':root { --color-primary-600: #4a45c4; --radius-sm: 6px; } .x { --not-root: 1px; }';
    document.head.append(style);
    const computed = vi.spyOn(window, 'getComputedStyle');
    readDesignTokens();
    expect(computed).toHaveBeenCalledTimes(1);
    expect(designToken('--color-primary-600', '#000')).toBe('#4a45c4');
    expect(designToken('--radius-sm', '0')).toBe('6px');
    expect(computed).toHaveBeenCalledTimes(1);
  });

  it('falls back where no style sheet sets the token, and reads an unknown token once', async () => {
    const { designToken } = await import('./design-tokens');
    const computed = vi.spyOn(window, 'getComputedStyle');
    expect(designToken('--color-missing', '#123456')).toBe('#123456');
    expect(designToken('--color-missing', '#654321')).toBe('#654321');
    expect(computed).toHaveBeenCalledTimes(1);
  });
});
