import PDFDocument from 'pdfkit';
import {
  CONVERSATIONAL_SUMMARY,
  idealText,
  METRIC_TITLES,
  NEGATIVE_VIBES,
  oneDecimalText,
  ownerScores,
  POSITIVE_VIBES,
  SINGLE_SPEAKER_SUMMARY,
  speakerScores,
  summaryValue,
  tipsDescribe,
  type TResults,
  type TSpeakerScores,
  VIBE_SCORE_CAPTION,
} from '@rostrum/contract';
import { durationText } from '../assignments/index.js';

// The one-page PDF report (issue 20), drawn with pdfkit (MIT): no browser needed on the server.
// A4 portrait: title, date, speaker and duration; Vocal Delivery (the Vibe score); every summary
// metric with its ideal band; the vibes as a bar chart in vector graphics; the main tips. Every
// block has a fixed height and text is clipped with an ellipsis, so the report never runs onto a
// second page.

export interface TPdfFacts {
  title: string;
  createdAt: Date;
  speaker: string;
  duration: number | null;
  results: TResults;
  /** The speaker of a conversation the report is about (the owner's claim, else the first). */
  speakerNum: number | null;
}

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#4f46e5';
const BAND = '#d1fae5';
const LINE = '#e5e7eb';
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const WIDTH = PAGE.width - 2 * PAGE.margin;

function scoresOf(results: TResults, speakerNum: number | null): TSpeakerScores {
  return ownerScores(results, speakerNum) ?? speakerScores(results, results.scores.perSpeaker?.[0]?.speaker ?? 1) ?? results.scores;
}

const dateText = (d: Date) =>
  d.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }) +
  ' UTC';

/** One line of text at (x, y), clipped to `width` with an ellipsis. */
function line(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: { size: number; bold?: boolean; color?: string },
) {
  doc
    .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(opts.size)
    .fillColor(opts.color ?? INK)
    .text(text, x, y, { width, height: opts.size * 1.3, ellipsis: true, lineBreak: false });
}

/** Horizontal bars of the vibes, 0 to 10, with the ideal band shaded behind them. */
function vibeBars(
  doc: PDFKit.PDFDocument,
  s: TSpeakerScores,
  results: TResults,
  kind: 'positiveVibes' | 'negativeVibes',
  x: number,
  y: number,
  width: number,
) {
  const names = kind === 'positiveVibes' ? POSITIVE_VIBES : NEGATIVE_VIBES;
  const labelW = 88;
  const barW = width - labelW - 28;
  const rowH = 13;
  line(doc, METRIC_TITLES[kind], x, y, width, { size: 10, bold: true });
  const top = y + 16;
  const ideal = results.ideals[kind];
  const at = (v: number) => x + labelW + (Math.min(Math.max(v, 0), 10) / 10) * barW;
  if (ideal) doc.rect(at(ideal.idealMin), top - 2, at(ideal.idealMax) - at(ideal.idealMin), names.length * rowH + 2).fill(BAND);
  names.forEach((name, i) => {
    const score = s.vibes[name] ?? 0;
    const rowY = top + i * rowH;
    line(doc, name, x, rowY + 1, labelW - 6, { size: 8, color: MUTED });
    doc.rect(x + labelW, rowY + 2, barW, 7).fill(LINE);
    doc.rect(x + labelW, rowY + 2, Math.max(0.5, at(score) - x - labelW), 7).fill(kind === 'positiveVibes' ? ACCENT : '#f59e0b');
    line(doc, score.toFixed(1), x + labelW + barW + 4, rowY + 1, 26, { size: 8 });
  });
  return top + names.length * rowH;
}

/** The report as a PDF stream, ended: send or pipe the returned document. */
export function resultsPdf(f: TPdfFacts): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin: the footer sits inside the page's 40 pt frame, and text near it never starts a new page.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 12 },
    info: { Title: f.title, Subject: 'Results report', Creator: 'Rostrum' },
  });
  const s = scoresOf(f.results, f.speakerNum);
  const x = PAGE.margin;
  let y = PAGE.margin;

  line(doc, 'Results report', x, y, WIDTH, { size: 9, color: MUTED });
  y += 14;
  line(doc, f.title, x, y, WIDTH, { size: 20, bold: true });
  y += 28;
  const meta = [dateText(f.createdAt), f.speaker, f.duration !== null ? `Duration ${durationText(f.duration)}` : null];
  if (f.results.isConversational && f.speakerNum) meta.push(`Conversation, speaker ${f.speakerNum} of ${f.results.numSpeakers}`);
  line(doc, meta.filter(Boolean).join('  ·  '), x, y, WIDTH, { size: 10, color: MUTED });
  y += 24;

  // The Vibe score (Vocal Delivery), as the results page's first dial; a conversation, which has
  // none, leads with its first summary metric (Strength of Opening) instead.
  const lead = s.overall === null && f.results.isConversational ? 'strengthOfOpening' : 'overall';
  const leadValue = s[lead];
  doc.roundedRect(x, y, WIDTH, 56, 6).fill('#eef2ff');
  line(doc, leadValue === null ? 'n/a' : oneDecimalText(leadValue), x + 14, y + 12, 80, { size: 28, bold: true, color: ACCENT });
  line(doc, lead === 'overall' ? `${METRIC_TITLES.overall}: ${VIBE_SCORE_CAPTION}` : METRIC_TITLES[lead], x + 96, y + 14, WIDTH - 110, {
    size: 12,
    bold: true,
  });
  const leadIdeal = idealText(lead, f.results.ideals[lead]);
  line(doc, `Out of 10${leadIdeal ? ` · ideal ${leadIdeal}` : ''}`, x + 96, y + 32, WIDTH - 110, { size: 9, color: MUTED });
  y += 72;

  // Every metric of the summary, with its ideal band; a long result wraps onto a second line.
  const keys = (f.results.isConversational ? CONVERSATIONAL_SUMMARY : SINGLE_SPEAKER_SUMMARY).filter(
    (k) => k !== lead && k !== 'positiveVibes' && k !== 'negativeVibes',
  );
  const col = { metric: 165, result: 200, ideal: WIDTH - 165 - 200 - 10 };
  const resultX = x + col.metric;
  const idealX = resultX + col.result + 10;
  line(doc, 'Metric', x, y, col.metric, { size: 9, bold: true, color: MUTED });
  line(doc, 'Result', resultX, y, col.result, { size: 9, bold: true, color: MUTED });
  line(doc, 'Ideal', idealX, y, col.ideal, { size: 9, bold: true, color: MUTED });
  y += 14;
  for (const key of keys) {
    const result = summaryValue(key, s, f.results.ideals[key]);
    const ideal = idealText(key, f.results.ideals[key]) || '–';
    doc.font('Helvetica').fontSize(9);
    const height = Math.min(
      24,
      Math.max(11, doc.heightOfString(result, { width: col.result }), doc.heightOfString(ideal, { width: col.ideal })),
    );
    doc
      .moveTo(x, y - 3)
      .lineTo(x + WIDTH, y - 3)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    line(doc, METRIC_TITLES[key], x, y, col.metric - 6, { size: 9, bold: true });
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(result, resultX, y, { width: col.result, height, ellipsis: true });
    doc.fillColor(MUTED).text(ideal, idealX, y, { width: col.ideal, height, ellipsis: true });
    y += height + 6;
  }
  y += 12;

  // The vibes, side by side.
  const half = (WIDTH - 24) / 2;
  const chartEnd = Math.max(
    vibeBars(doc, s, f.results, 'positiveVibes', x, y, half),
    vibeBars(doc, s, f.results, 'negativeVibes', x + half + 24, y, half),
  );
  y = chartEnd + 6;
  line(doc, 'Shaded: the ideal band of each vibe.', x, y, WIDTH, { size: 8, color: MUTED });
  y += 22;

  // The main tips, clipped to the room left above the footer.
  line(doc, 'Tips', x, y, WIDTH, { size: 12, bold: true });
  y += 18;
  const bottom = PAGE.height - PAGE.margin - 24;
  // The tips describe the speaker the results were analysed for: none for another speaker claimed since.
  const tips = tipsDescribe(f.results, f.speakerNum ?? 1) ? f.results.tips.main.tips : [];
  for (const tip of tips.slice(0, 6)) {
    if (y > bottom - 24) break;
    const height = Math.min(36, bottom - y);
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    const used = Math.min(height, doc.heightOfString(tip, { width: WIDTH - 14 }));
    doc.circle(x + 3, y + 5, 1.8).fill(ACCENT);
    doc.fillColor(INK).text(tip, x + 14, y, { width: WIDTH - 14, height, ellipsis: true });
    y += used + 8;
  }
  if (!tips.length) line(doc, 'No tips for this recording.', x, y, WIDTH, { size: 9.5, color: MUTED });

  line(doc, 'Rostrum speech coaching', x, PAGE.height - PAGE.margin - 10, WIDTH, { size: 8, color: MUTED });
  doc.end();
  return doc;
}
