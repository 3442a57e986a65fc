import { describe, expect, it } from 'vitest';
import {
  averageCell,
  bandText,
  contentDisposition,
  durationText,
  readingText,
  reportFileName,
  safeText,
  upspeakText,
  varietyText,
} from './report-format.js';

const ideal = { min: 0, max: 60, idealMin: 3, idealMax: 15 };

describe('the CSV report cells (002 section 9)', () => {
  it('averages ratings to 2 decimals and writes - without any', () => {
    expect(averageCell([7, 8])).toBe('7.50');
    expect(averageCell([7, 8, 8])).toBe('7.67');
    expect(averageCell([9])).toBe('9.00');
    expect(averageCell([])).toBe('-');
  });

  it('writes durations as mm:ss, or hh:mm:ss from an hour', () => {
    expect(durationText(0)).toBe('00:00');
    expect(durationText(95.4)).toBe('01:35');
    expect(durationText(3599.6)).toBe('01:00:00');
    expect(durationText(3725)).toBe('01:02:05');
    expect(durationText(null)).toBe('-');
  });

  it("says Yes to 'reading' from 50", () => {
    expect(readingText(49.9)).toBe('No');
    expect(readingText(50)).toBe('Yes');
    expect(readingText(null)).toBe('-');
  });

  it('words variety by the largest of below, in and above the band', () => {
    expect(varietyText({ inBand: 40, belowBand: 50, aboveBand: 10, value: 1 })).toBe('Too little');
    expect(varietyText({ inBand: 40, belowBand: 10, aboveBand: 50, value: 1 })).toBe('Too much');
    expect(varietyText({ inBand: 40, belowBand: 40, aboveBand: 20, value: 1 })).toBe('Ideal');
    expect(varietyText(null)).toBe('-');
  });

  it('words pace, pause and upspeak against the ideal range', () => {
    expect(bandText('pace', 2, ideal)).toBe('Too slow');
    expect(bandText('pace', 16, ideal)).toBe('Too fast');
    expect(bandText('pauseToTalk', 2, ideal)).toBe('Too little');
    expect(bandText('pauseToTalk', 10, ideal)).toBe('Ideal');
    expect(bandText('pauseToTalk', 16, ideal)).toBe('Too much');
    expect(bandText('pace', 4, undefined)).toBe('-');
    expect(upspeakText(0, ideal)).toBe('None');
    expect(upspeakText(15, ideal)).toBe('Some');
    expect(upspeakText(15.1, ideal)).toBe('Too much');
  });

  it('keeps spreadsheet formulas out: = + - @ tab and CR get an apostrophe, the - mark stays', () => {
    for (const v of ['=1+1', '+44 20', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(safeText(v)).toBe(`'${v}`);
    expect(safeText('-')).toBe('-');
    expect(safeText('Great pitch')).toBe('Great pitch');
  });

  it('names the file after the name and the date, safe in the header', () => {
    const at = new Date('2026-11-23T18:00:00Z');
    expect(reportFileName('Elevator Pitch', at)).toBe('Elevator Pitch 2026-11-23.csv');
    expect(reportFileName('a/b:"c"\r\n', at)).toBe('a b c 2026-11-23.csv');
    expect(reportFileName('   ', at)).toBe('Report 2026-11-23.csv');
    expect(contentDisposition('Présentation (1) 2026-11-23.csv')).toBe(
      `attachment; filename="Pr_sentation (1) 2026-11-23.csv"; filename*=UTF-8''Pr%C3%A9sentation%20%281%29%202026-11-23.csv`,
    );
  });
});
