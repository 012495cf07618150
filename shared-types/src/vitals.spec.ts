import { vitalsDeviceOf, vitalsRating, VITALS_PAGES } from './vitals.js';

describe('vitalsRating', () => {
  it('should rate by Google’s thresholds, each bound still in the better class', () => {
    expect(vitalsRating('LCP', 2500)).toBe('good');
    expect(vitalsRating('LCP', 2501)).toBe('needs-improvement');
    expect(vitalsRating('LCP', 4000)).toBe('needs-improvement');
    expect(vitalsRating('LCP', 4001)).toBe('poor');
    expect(vitalsRating('INP', 200)).toBe('good');
    expect(vitalsRating('INP', 501)).toBe('poor');
    expect(vitalsRating('CLS', 0.1)).toBe('good');
    expect(vitalsRating('CLS', 0.2)).toBe('needs-improvement');
    expect(vitalsRating('CLS', 0.26)).toBe('poor');
    expect(vitalsRating('FID', 100)).toBe('good');
    expect(vitalsRating('FID', 300)).toBe('needs-improvement');
    expect(vitalsRating('FID', 301)).toBe('poor');
  });
});

describe('vitalsDeviceOf', () => {
  it('should tell WeChat, phones and computers apart', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect(vitalsDeviceOf(`${iphone} MicroMessenger/8.0.50(0x18003231) NetType/WIFI`)).toBe('wechat');
    expect(vitalsDeviceOf(iphone)).toBe('phone');
    expect(vitalsDeviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36')).toBe('computer');
    expect(vitalsDeviceOf(undefined)).toBe('computer');
  });
});

describe('VITALS_PAGES', () => {
  it('should name every public route once, and no back-office one', () => {
    expect(new Set(VITALS_PAGES).size).toBe(VITALS_PAGES.length);
    expect(VITALS_PAGES).toEqual(expect.arrayContaining(['index', 'details', 'meindex', 'medetails']));
    expect(VITALS_PAGES).not.toContain('login');
  });
});
