import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, NORTHWIND_CODE, openAllScores, shot, signInByApi, test, uniqueEmail, SHOTS } from './helpers';
import { apiSignIn, signUpSpeaker } from './history-helpers';
import { algorithmNamed, api, uploadRecording, waitForResults } from './results-helpers';

// One source for every number (issue 39 item 6): one recording's figures, as the results page,
// My Recordings, the history, the compare page, the PDF and the CSV show them, are the same.
// The recording is a two-voice conversation the owner claims speaker TWO of after the analysis:
// the case where each view used to pick its own speaker (the lists and the history the first
// one, the PDF the claimed one) and show a Vibe score the results page has none of, and where
// the Focus box spoke of speaker ONE's filler words above speaker TWO's "Not heard: uh/um".

const MEDIA = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '.tmp', 'media');
const PASSWORD = 'numbers-pass-1';
const suffix = Date.now().toString(36).slice(-5);
const FIRST = `Numbers talk ${suffix}`;
const SECOND = `Numbers talk ${suffix} (2)`;

// Speaker ONE hesitates ("um", "uh"); speaker TWO answers fluently.
const LINES: [string, string][] = [
  [
    'Um, hi Sam. Uh, thanks for, um, making time today. How did the customer visit go?',
    'It went well. They liked the demo and asked about pricing.',
  ],
  [
    'Uh, right. Um, what did you, uh, tell them about the annual plan?',
    'I explained the discount, and they want a written offer by Friday.',
  ],
  ['Um, great. Uh, can you, um, send that offer tomorrow?', 'Yes, I will send it tomorrow morning and copy you on the email.'],
];

/** The conversation, mono 16 kHz: a male voice (ONE) and a female voice (TWO), turn by turn. */
function conversation(): string {
  fs.mkdirSync(MEDIA, { recursive: true });
  const out = path.join(MEDIA, 'numbers-conversation.wav');
  if (fs.existsSync(out)) return out;
  const silence = path.join(MEDIA, 'numbers-silence.wav');
  execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', silence, 'trim', '0', '0.6']);
  const parts: string[] = [];
  LINES.flat().forEach((line, i) => {
    const raw = path.join(MEDIA, `numbers-raw-${i}.wav`);
    const norm = path.join(MEDIA, `numbers-part-${i}.wav`);
    execFileSync('espeak-ng', [...(i % 2 === 0 ? ['-v', 'en-us', '-s', '150'] : ['-v', 'en-us+f3', '-p', '70']), '-w', raw, line]);
    execFileSync('sox', [raw, '-r', '22050', '-c', '1', '-b', '16', norm]);
    fs.rmSync(raw, { force: true });
    if (i > 0) parts.push(silence);
    parts.push(norm);
  });
  const joined = path.join(MEDIA, 'numbers-joined.wav');
  execFileSync('sox', [...parts, joined]);
  execFileSync('sox', [joined, '-r', '16000', '-c', '1', '-b', '16', out, 'pad', '0.3', '0.5']);
  for (const p of new Set([...parts, joined, silence])) fs.rmSync(p, { force: true });
  return out;
}

/** The text a pdfkit PDF draws: its content streams inflated, each TJ array's hex strings decoded. */
function pdfDrawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let streams = '';
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    try {
      streams += inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      // Not a compressed stream (fonts, images): no text drawn there.
    }
  }
  return (streams.match(/\[([^\]]*)\] TJ/g) ?? [])
    .map((a) => (a.match(/<([0-9a-f]*)>/g) ?? []).map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1')).join(''))
    .join('\n');
}

/** CSV cells (RFC 4180: quoted cells may hold commas and doubled quotes), the BOM dropped. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

let token = '';
let email = '';
const ids: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(300_000);
  email = uniqueEmail('numbers');
  await signUpSpeaker(baseURL!, email, PASSWORD, NORTHWIND_CODE);
  ({ token } = await apiSignIn(baseURL!, email, PASSWORD));
  const algorithm = await algorithmNamed(baseURL!, token, 'conversational');
  for (const title of [FIRST, SECOND]) ids.push(await uploadRecording(baseURL!, token, conversation(), { title, algorithm }));
  for (const id of ids) await waitForResults(baseURL!, token, id, 240_000);
  // The owner says which voice is theirs after the analysis: speaker TWO, the fluent one.
  for (const id of ids) await api(baseURL!, token, 'PUT', `/recordings/${id}/speaker`, { speakerNum: 2 });
});

/** The accessible name of the chart image whose name starts with `title`. */
async function chart(page: Page, title: string): Promise<string | null> {
  const img = page.getByRole('img', { name: new RegExp(`^${title}: `) }).first();
  return (await img.count()) ? img.getAttribute('aria-label') : null;
}
const number = (text: string | null | undefined, re: RegExp): string | null => text?.match(re)?.[1] ?? null;

interface TFigures {
  opening: string | null;
  clarity: string | null;
  pace: string | null;
  talking: string | null;
  fillers: string | null;
}

test('one recording shows the same figures on its page, My Recordings, the history, the compare page, the PDF and the CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, email, PASSWORD, `/evaluate/${ids[0]}`);
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible({ timeout: 20_000 });

  // The results page, on the owner's speaker.
  const choice = page.getByRole('group', { name: 'Show results for speaker' });
  await expect(choice.getByRole('radio', { name: 'TWO (you)' })).toBeChecked();
  const speakers = await choice.getByRole('radio').count();
  await openAllScores(page);
  await expect(page.getByRole('img', { name: /^Strength of Opening: / }).first()).toBeVisible();
  const shown: TFigures = {
    opening: number(await chart(page, 'Strength of Opening'), /: (\d+\.\d) out of 10/),
    clarity: number(await chart(page, 'Clarity'), /: (\d+\.\d) out of 10/),
    pace: number(await chart(page, 'Pace'), /: (\d+\.\d) syllables\/s/),
    talking: number(await chart(page, 'Talking versus Listening'), /: (\d+)%/),
    fillers: number(await chart(page, 'Word Spotting'), /uh\/um (\d+)/),
  };
  expect(
    Object.values(shown).every((v) => v !== null),
    JSON.stringify(shown),
  ).toBe(true);
  // A conversation has no Vocal Delivery: no Vibe score on its page.
  expect(await chart(page, 'Vocal Delivery')).toBeNull();
  // What the Focus box and the chart tips say of the speaker is what the charts say.
  const said = [
    (await page.getByTestId('focus-on').allTextContents()).join(' '),
    ...(await page.locator('.chart-tip__line').allTextContents()),
  ].join(' ');
  for (const m of said.matchAll(/about (\d+\.\d) filler words/g))
    expect.soft(Number(m[1]) > 0, `"${m[0]}" beside uh/um ${shown.fillers}`).toBe(Number(shown.fillers) > 0);
  for (const m of said.matchAll(/(\d+\.\d) syllables per second/g)) expect.soft(m[1], said).toBe(shown.pace);
  for (const m of said.matchAll(/You talked (\d+)% of the time/g)) expect.soft(m[1], said).toBe(shown.talking);
  await shot(page, { path: path.join(SHOTS, 'numbers-claimed-speaker-1440.png'), fullPage: true });

  // My Recordings: the Vibe score the page shows (none).
  await page.goto('/manage?tab=recordings');
  const row = page
    .getByRole('table', { name: 'My Recordings' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: FIRST, exact: true }) });
  await expect(row).toBeVisible();
  await expect.soft(row.locator('td[data-label="Vocal Delivery"]')).toHaveText('—');

  // The history: no Vocal Delivery point, and the owner's Strength of Opening and Pace.
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect.soft(page.getByText('None of the selected recordings has a value for this score.')).toBeVisible();
  const historyValue = async (dial: string) => {
    await page.getByRole('tab', { name: 'Plot Dials' }).click();
    await page.getByRole('radio', { name: dial, exact: true }).check();
    // The takes in date order: the first row is the first take.
    const cell = page.getByTestId('line-chart-table').locator('tbody tr').first().locator('td').first();
    await expect(page.getByTestId('line-chart-table').locator('tbody tr').first().locator('th')).toContainText(FIRST);
    return (await cell.textContent())?.trim() ?? null;
  };
  expect.soft(await historyValue('Strength of Opening')).toBe(shown.opening);
  expect.soft(await historyValue('Clarity')).toBe(shown.clarity);
  expect.soft(await historyValue('Pace (syllables per second)')).toBe(shown.pace);

  // The compare page: the owner's figures of each take, no Vocal Delivery.
  await page.goto(`/compare?ids=${ids[0]},${ids[1]}`);
  const take = (key: string) => page.getByTestId(`compare-row-${key}`).locator('.compare-table__value').first();
  await expect.soft(take('overall')).toHaveText('—');
  await expect.soft(take('strengthOfOpening')).toHaveText(shown.opening!);
  await expect.soft(take('clarity')).toHaveText(shown.clarity!);
  await expect.soft(take('pace')).toHaveText(shown.pace!);

  // The PDF: led by Strength of Opening (no Vibe score), the owner's speaker and figures.
  const pdf = await fetch(`${baseURL}/api/v1/recordings/${ids[0]}/export/pdf`, { headers: { Authorization: `Bearer ${token}` } });
  expect(pdf.status).toBe(200);
  const drawn = pdfDrawnText(Buffer.from(await pdf.arrayBuffer()));
  expect.soft(drawn).not.toContain('Vocal Delivery');
  expect.soft(drawn).toContain(`Conversation, speaker 2 of ${speakers}`);
  expect(drawn.split('\n').slice(0, 8)).toContain(shown.opening);
  expect.soft(drawn).toContain(`${shown.pace} syllables per second`);
  expect.soft(drawn).toContain(`${shown.clarity} out of 10`);
  expect.soft(drawn).toContain(`uh/um: ${shown.fillers} ${shown.fillers === '1' ? 'time' : 'times'}`);

  // The CSV: the owner's speaker's rows say the same; one block of rows per speaker found.
  const csv = await fetch(`${baseURL}/api/v1/recordings/${ids[0]}/export/csv`, { headers: { Authorization: `Bearer ${token}` } });
  expect(csv.status).toBe(200);
  const rows = csvRows(await csv.text());
  expect(rows[0]).toEqual(['Recording', 'Speaker', 'Metric', 'Score', 'Value', 'Unit', 'Ideal band', 'Verdict']);
  expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(speakers);
  const cell = (metric: string, column: 'Score' | 'Value') =>
    rows.find((r) => r[1] === 'Speaker TWO' && r[2] === metric)?.[column === 'Score' ? 3 : 4] ?? null;
  expect.soft(rows.some((r) => r[2] === 'Vocal Delivery')).toBe(false);
  expect.soft(cell('Strength of Opening', 'Score')).toBe(shown.opening);
  expect.soft(cell('Clarity', 'Score')).toBe(shown.clarity);
  expect.soft(cell('Pace', 'Value')).toBe(shown.pace);
  expect.soft(cell('Talking versus Listening', 'Value')).toBe(shown.talking);
  expect.soft(cell('Word Spotting: uh/um', 'Value')).toBe(shown.fillers);
});
