import type { ReactNode } from 'react';

// A small markdown subset for the operator's legal texts, built as React elements: any HTML in the
// file shows as text, links only to http(s) and mailto. Headings (#, ##, ###), paragraphs,
// bullet and numbered lists, block quotes, **bold**, *italic*, `code` and [links](https://...).

type TBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

export function parseBlocks(markdown: string): TBlock[] {
  const blocks: TBlock[] = [];
  let para: string[] = [];
  let quote: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push({ kind: 'paragraph', text: para.join(' ') });
    if (quote.length) blocks.push({ kind: 'quote', text: quote.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    para = [];
    quote = [];
    list = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = !!numbered;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push((bullet ?? numbered)![1]!);
    } else if (line.startsWith('>')) {
      if (para.length || list) flush();
      quote.push(line.replace(/^>\s?/, ''));
    } else if (list) list.items[list.items.length - 1] += ` ${line}`;
    else para.push(line);
  }
  flush();
  return blocks;
}

/** Inline marks: `code`, **bold**, *italic* and [text](href); everything else is text. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m: RegExpExecArray | null = re.exec(text);
  while (m) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = out.length;
    if (m[1] !== undefined) out.push(<code key={key}>{m[1]}</code>);
    else if (m[2] !== undefined) out.push(<strong key={key}>{renderInline(m[2])}</strong>);
    else if (m[3] !== undefined) out.push(<em key={key}>{renderInline(m[3])}</em>);
    else if (SAFE_HREF.test(m[5]!))
      out.push(
        <a key={key} href={m[5]} rel="noopener noreferrer">
          {m[4]}
        </a>,
      );
    else out.push(m[4]);
    last = m.index + m[0].length;
    m = re.exec(text);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const HEADING_TAGS = ['h2', 'h3', 'h4'] as const;

/**
 * The text as headings, paragraphs and lists. The page's own h1 is the title, so the text's top
 * heading level becomes h2 whether the author wrote # or ## (no level is skipped, WCAG 1.3.1).
 */
export function SafeMarkdown({ markdown }: { markdown: string }) {
  const blocks = parseBlocks(markdown);
  const top = Math.min(3, ...blocks.flatMap((b) => (b.kind === 'heading' ? [b.level] : [])));
  return (
    <>
      {blocks.map((b, i) => {
        const key = `${b.kind}-${i}`;
        if (b.kind === 'heading') {
          const Tag = HEADING_TAGS[b.level - top]!;
          return <Tag key={key}>{renderInline(b.text)}</Tag>;
        }
        if (b.kind === 'quote') return <blockquote key={key}>{renderInline(b.text)}</blockquote>;
        if (b.kind === 'paragraph') return <p key={key}>{renderInline(b.text)}</p>;
        const List = b.ordered ? 'ol' : 'ul';
        return (
          <List key={key}>
            {b.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of a static text never reorder.
              <li key={j}>{renderInline(item)}</li>
            ))}
          </List>
        );
      })}
    </>
  );
}
