import type { Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZResultsSchema } from '@rostrum/contract';
import { conversationResults, fullResults } from '../../test/results-fixtures.js';
import { CSV_HEADER, resultsCsvRows } from './results-csv.js';
import { exportFileName, renderExport } from './exports.service.js';

const about = {
  title: 'Quarterly review',
  createdAt: new Date('2026-11-20T10:30:00Z'),
  speaker: 'Sam Speaker',
  duration: 65,
  speakerNum: 1,
};

async function bytesOf(body: string | Buffer | Readable): Promise<Buffer> {
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** The text of a PDF's streams, inflated, with its objects (pdfkit compresses content streams). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = raw;
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out += inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // An uncompressed or binary stream: its raw bytes are in `out` already.
    }
  }
  return out;
}

/** The words drawn: each TJ array's hex strings (pdfkit splits them at kerning), decoded and joined. */
function drawnText(pdf: Buffer): string {
  const arrays = pdfText(pdf).match(/\[([^\]]*)\] TJ/g) ?? [];
  return arrays
    .map((a) => (a.match(/<([0-9a-f]*)>/g) ?? []).map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1')).join(''))
    .join('\n');
}

describe('file names', () => {
  it('names the file after the title, made safe', () => {
    expect(exportFileName('Q3: "plan" / draft', 'pdf')).toBe('Q3 plan draft report.pdf');
    expect(exportFileName('Talk', 'vtt')).toBe('Talk transcript.vtt');
    expect(exportFileName('Talk', 'csv')).toBe('Talk results.csv');
    expect(exportFileName('***', 'json')).toBe('Recording results.json');
  });

  it('sends an attachment with an ASCII name and the UTF-8 one', () => {
    const e = renderExport('txt', { ...about, title: 'Présentation' }, fullResults());
    expect(e.disposition).toBe(`attachment; filename="Pr_sentation transcript.txt"; filename*=UTF-8''Pr%C3%A9sentation%20transcript.txt`);
  });
});

describe('JSON', () => {
  it('is exactly the documented Results shape', async () => {
    const stored = { ...fullResults(), internalNote: 'not part of the shape' };
    const e = renderExport('json', about, stored);
    const parsed = JSON.parse((await bytesOf(e.body)).toString('utf8'));
    expect(ZResultsSchema.strict().safeParse(parsed).success).toBe(true);
    expect(parsed).not.toHaveProperty('internalNote');
    expect(parsed).toEqual(fullResults());
    expect(e.contentType).toBe('application/json; charset=utf-8');
  });
});

describe('CSV', () => {
  it('has one row per metric with score, value, unit and ideal band', () => {
    const rows = resultsCsvRows('Talk', fullResults());
    expect(rows[0]).toEqual([...CSV_HEADER]);
    const byMetric = new Map(rows.slice(1).map((r) => [r[2], r]));
    expect(byMetric.get('Vocal Delivery')).toEqual(['Talk', '', 'Vocal Delivery', '7.4', '7.4', 'out of 10', '7-10 out of 10', 'Ideal']);
    expect(byMetric.get('Pace')).toEqual(['Talk', '', 'Pace', '', '4.3', 'syllables per second', '3.5-5.2 syllables per second', 'Ideal']);
    expect(byMetric.get('Pausing')).toEqual(['Talk', '', 'Pausing', '', '31', '% pause to talk', '20-40% pause to talk', 'Ideal']);
    expect(byMetric.get('Word Spotting: uh/um')).toEqual(['Talk', '', 'Word Spotting: uh/um', '', '2', 'times', '', '']);
    expect(byMetric.get('Positive Vibes: confident')?.slice(3, 7)).toEqual(['4.5', '4.5', 'out of 10', '6-10 out of 10 each']);
    // 9 scalar metrics, 1 spotted phrase, 20 vibes.
    expect(rows).toHaveLength(1 + 9 + 1 + 20);
  });

  it('lists every speaker of a conversation', () => {
    const rows = resultsCsvRows('Call', conversationResults());
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['Speaker ONE', 'Speaker TWO']));
    expect(rows.find((r) => r[1] === 'Speaker ONE' && r[2] === 'Number of Questions')?.[4]).toBe('2');
  });

  it('quotes by RFC 4180, with a BOM and CRLF, and defuses formulas in titles', async () => {
    const e = renderExport('csv', { ...about, title: '=HYPERLINK("http://x","a, b")' }, fullResults());
    const text = (await bytesOf(e.body)).toString('utf8');
    expect(text.startsWith('\uFEFFRecording,Speaker,Metric,Score,Value,Unit,Ideal band,Verdict\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""a, b"")",,Vocal Delivery,7.4,7.4,out of 10,7-10 out of 10,Ideal\r\n`);
    for (const title of ['+1', '-1+2', '@SUM(A1)', '\tx']) expect(resultsCsvRows(title, fullResults())[1]![0]).toBe(`'${title}`);
  });
});

describe('PDF', () => {
  it('is a valid one-page A4 PDF with the title, speaker and metrics', async () => {
    const e = renderExport('pdf', about, fullResults());
    expect(e.contentType).toBe('application/pdf');
    const pdf = await bytesOf(e.body);
    const text = pdfText(pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toMatch(/\/Count 1\b/);
    expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
    const drawn = drawnText(pdf);
    for (const s of [
      'Quarterly review',
      'Sam Speaker',
      'Vocal Delivery: your Vibe score',
      'Variety of Pitch',
      '3.5-5.2 syllables per second',
      'Slow down',
    ])
      expect(drawn, s).toContain(s);
  });

  it('stays on one page with a long title, many long tips and a conversation', async () => {
    const long = 'A very long tip that goes on and on about breathing, pausing and pacing. '.repeat(8);
    const results = { ...conversationResults(), tips: { main: { workOn: [], tips: Array(12).fill(long) }, byMetric: {} } };
    const pdf = await bytesOf(renderExport('pdf', { ...about, title: 'T'.repeat(50), speakerNum: 2 }, results).body);
    expect(pdfText(pdf).match(/\/Type \/Page\b/g)).toHaveLength(1);
    // A conversation has no Vocal Delivery: it leads with Strength of Opening, and lists its own metrics.
    const drawn = drawnText(pdf);
    expect(drawn).not.toContain('your Vibe score');
    for (const s of ['Strength of Opening', 'Talking versus Listening', 'Meaningful Conversation Switches', 'Conversation, speaker 2 of 2'])
      expect(drawn, s).toContain(s);
  });
});
