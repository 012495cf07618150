import type { VitalsSummaryRow } from '@site/shared-types';
import { chartOf, formatVital } from './vitals-chart.js';

describe('the visitor-experience chart', () => {
  const rows: VitalsSummaryRow[] = [
    { page: 'meindex', device: 'wechat', metric: 'LCP', p75: 4200, count: 3 },
    { page: 'index', device: 'phone', metric: 'LCP', p75: 3000, count: 5 },
    { page: 'index', device: 'computer', metric: 'LCP', p75: 1200, count: 9 },
    { page: 'index', device: 'computer', metric: 'CLS', p75: 0.3, count: 9 },
  ];

  it('should group one metric by page in route order, devices in a fixed order, each bar rated', () => {
    const { groups, max } = chartOf(rows, 'LCP');
    expect(groups.map((group) => group.page)).toEqual(['index', 'meindex']);
    expect(groups[0]!.bars.map((bar) => [bar.device, bar.rating])).toEqual([
      ['computer', 'good'],
      ['phone', 'needs-improvement'],
    ]);
    expect(groups[1]!.bars[0]!.rating).toBe('poor');
    expect(max).toBe(5000);
    expect(chartOf(rows, 'CLS').groups[0]!.bars[0]!.rating).toBe('poor');
    expect(chartOf(rows, 'INP').groups).toEqual([]);
  });

  it('should write ms below a second, seconds above, and CLS as its score', () => {
    expect(formatVital('INP', 180.4)).toBe('180 ms');
    expect(formatVital('LCP', 2512)).toBe('2.51 s');
    expect(formatVital('CLS', 0.1)).toBe('0.1');
    expect(formatVital('CLS', 0)).toBe('0');
  });
});
