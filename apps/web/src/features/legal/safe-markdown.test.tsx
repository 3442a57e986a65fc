import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SafeMarkdown, parseBlocks } from './safe-markdown';

describe('SafeMarkdown (issue 12 item 19)', () => {
  it('renders headings, paragraphs, lists and inline marks', () => {
    const { container } = render(
      <SafeMarkdown markdown={'# Title\n\nSome **bold** and *soft* text\nwrapped.\n\n- one\n- two\n\n1. first\n\n> note'} />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Title');
    expect(container.querySelector('p')?.textContent).toBe('Some bold and soft text wrapped.');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(1);
    expect(container.querySelector('blockquote')?.textContent).toBe('note');
  });

  it('starts the headings at h2 whether the text begins at # or ##, skipping no level', () => {
    const tags = (markdown: string) =>
      [...render(<SafeMarkdown markdown={markdown} />).container.querySelectorAll('h2, h3, h4')].map((h) => h.tagName);
    expect(tags('## One\n\n### Two\n\n## Three')).toEqual(['H2', 'H3', 'H2']);
    expect(tags('# One\n\n## Two\n\n### Three')).toEqual(['H2', 'H3', 'H4']);
  });

  it('never renders HTML from the file, and links only to http(s) and mailto', () => {
    const { container } = render(
      <SafeMarkdown
        markdown={
          '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[ok](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.com', 'mailto:a@b.c']);
    expect(container.textContent).toContain('bad');
  });

  it('splits blocks on blank lines', () => {
    expect(parseBlocks('a\nb\n\nc').map((b) => b.kind)).toEqual(['paragraph', 'paragraph']);
  });
});
