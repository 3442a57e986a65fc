import { describe, expect, it } from 'vitest';
import { maskPrepaidCode, newPrepaidCode, normalisePrepaidCode, prepaidCodeHash, PREPAID_CODE_LENGTH } from './prepaid-codes.js';

describe('prepaid codes', () => {
  it('are 20 Crockford base32 characters (100 random bits) in groups of five', () => {
    const codes = Array.from({ length: 2000 }, newPrepaidCode);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(PREPAID_CODE_LENGTH * Math.log2(32)).toBeGreaterThanOrEqual(80);
    // Every symbol turns up at every position over enough codes: no position is fixed or biased away.
    const seen = new Set(codes.map((c) => c[0]));
    expect(seen.size).toBe(32);
  });
  it('normalise trimmed, in any case, with or without dashes, reading I/L as 1 and O as 0', () => {
    const c = newPrepaidCode();
    const n = normalisePrepaidCode(c)!;
    expect(normalisePrepaidCode(`  ${c.toLowerCase()} `)).toBe(n);
    expect(normalisePrepaidCode(c.replace(/-/g, ''))).toBe(n);
    expect(normalisePrepaidCode(c.replace(/-/g, ' '))).toBe(n);
    expect(normalisePrepaidCode('0000-11111-00000-11111')).toBe(null);
    expect(normalisePrepaidCode('OOOOO-IIIII-LLLLL-ooooo')).toBe('00000111111111100000');
    expect(normalisePrepaidCode('UUUUU-00000-00000-00000')).toBeNull();
    expect(normalisePrepaidCode('')).toBeNull();
  });
  it('are stored as a hash of the normalised form and shown masked but for the last four', () => {
    const n = normalisePrepaidCode('ABCDE-FGHJK-MNPQR-STVWX')!;
    expect(prepaidCodeHash(n)).toMatch(/^[0-9a-f]{64}$/);
    expect(prepaidCodeHash(n)).toBe(prepaidCodeHash(normalisePrepaidCode('abcdefghjkmnpqrstvwx')!));
    expect(maskPrepaidCode('TVWX')).toBe('*****-*****-*****-*TVWX');
  });
});
