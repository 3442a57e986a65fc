import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEdgeOnWindows, isInternetExplorer, isIos } from './browser-support';

// The browsers the error texts of 001 section 8 single out: iOS (the silence text), Edge on
// Windows (the microphone hint) and Internet Explorer (the Display Error).
const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
};

function as(ua: string, platform = '', maxTouchPoints = 0) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue(platform);
  // jsdom has no maxTouchPoints to spy on.
  Object.defineProperty(navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true });
}

afterEach(() => vi.restoreAllMocks());

describe('browser kinds', () => {
  it('iOS: iPhone, and an iPad that calls itself a Mac', () => {
    as(UA.iphone, 'iPhone', 5);
    expect(isIos()).toBe(true);
    as(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'MacIntel',
      5,
    );
    expect(isIos()).toBe(true);
    as(UA.edgeMac, 'MacIntel', 0);
    expect(isIos()).toBe(false);
  });

  it('Edge on Windows only', () => {
    as(UA.edgeWindows, 'Win32');
    expect(isEdgeOnWindows()).toBe(true);
    as(UA.edgeMac, 'MacIntel');
    expect(isEdgeOnWindows()).toBe(false);
    as(UA.chromeWindows, 'Win32');
    expect(isEdgeOnWindows()).toBe(false);
  });

  it('Internet Explorer 10 and 11', () => {
    as(UA.ie11, 'Win32');
    expect(isInternetExplorer()).toBe(true);
    as(UA.ie10, 'Win32');
    expect(isInternetExplorer()).toBe(true);
    as(UA.edgeWindows, 'Win32');
    expect(isInternetExplorer()).toBe(false);
  });
});
