import { inviteesFromCsvRows, type TBulkInvitee } from '@rostrum/contract';

// The CSV file of a bulk invite, read in the browser: csv-parse (loaded only when a file is
// chosen) turns the text into rows, the contract's inviteesFromCsvRows finds the columns. The
// server checks every row again.

/** Far above 200 rows of addresses and names: a larger file is not the list. */
const MAX_FILE_BYTES = 1024 * 1024;

export const CSV_TOO_LARGE = 'This file is larger than 1 MB, far more than a list of invites. Please choose the CSV file of the list.';
export const CSV_UNREADABLE =
  'This file could not be read as CSV. Save the list from your spreadsheet as "CSV (comma separated)" and choose it again.';

/** The header line's separator: spreadsheets in some languages save CSV with semicolons (or tabs). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** The file's text (UTF-8, as spreadsheets save CSV). FileReader: the test DOM has no Blob.text(). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** The invitees of a CSV file with a header row (email, first name, last name), or why it cannot be used. */
export async function readInviteeFile(file: File): Promise<{ invitees: TBulkInvitee[] } | { error: string }> {
  if (file.size > MAX_FILE_BYTES) return { error: CSV_TOO_LARGE };
  const { parse } = await import('csv-parse/browser/esm/sync');
  let rows: string[][];
  try {
    const text = await textOf(file);
    rows = parse(text, { bom: true, delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  } catch {
    return { error: CSV_UNREADABLE };
  }
  return inviteesFromCsvRows(rows);
}
