import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LEGAL_TITLES, type TLegalDocument, type TLegalText } from '@rostrum/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LEGAL_DEFAULTS } from './legal-defaults.js';

/** Larger operator files are not served (a mistake, such as a PDF saved under the name); the default shows. */
export const LEGAL_MAX_BYTES = 256 * 1024;

/** Where the operator's text lives: DATA_DIR/legal/{document}.md, the name from the fixed list only. */
export function legalFilePath(dataDir: string, document: TLegalDocument): string {
  return path.join(dataDir, 'legal', `${document}.md`);
}

/**
 * The operator's text, read on every request so an edit shows without a restart, else the bundled
 * default. The text is returned as markdown; the web renders it as text, never as HTML.
 */
export async function legalText(dataDir: string, document: TLegalDocument, log: Pick<FastifyBaseLogger, 'warn'>): Promise<TLegalText> {
  const base = { document, title: LEGAL_TITLES[document] };
  try {
    const bytes = await readFile(legalFilePath(dataDir, document));
    const text = bytes.toString('utf8').trim();
    if (bytes.length <= LEGAL_MAX_BYTES && text) return { ...base, markdown: text, isDefault: false };
    log.warn({ document, bytes: bytes.length }, 'legal text empty or too large; serving the default');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ err: e, document }, 'legal text unreadable; serving the default');
  }
  return { ...base, markdown: LEGAL_DEFAULTS[document], isDefault: true };
}
