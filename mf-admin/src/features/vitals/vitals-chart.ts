import {
  VITALS_DEVICES,
  VITALS_THRESHOLDS,
  vitalsRating,
  type VitalsDevice,
  type VitalsMetric,
  type VitalsPage,
  type VitalsRating,
  type VitalsSummaryRow,
} from '@site/shared-types';

/** The pages' names as the back office shows them (the route name beside, to tell the two sites apart). */
export const PAGE_LABELS: Record<VitalsPage, string> = {
  index: '首页',
  about: '关于我们',
  items: '服务项目',
  search: '搜索结果',
  itemnews: '新闻资讯',
  details: '案例详情',
  news: '文章详情',
  webcase: '客户案例',
  meindex: '手机首页',
  fwxm: '手机服务项目',
  mecase: '手机客户案例',
  mezhy: '手机关于我们',
  meabout: '手机在线留言',
  meus: '手机联系我们',
  menews: '手机文章详情',
  medetails: '手机案例详情',
  meitems: '手机服务案例',
};

export const RATING_LABELS: Record<VitalsRating, string> = {
  good: '良好',
  'needs-improvement': '待改进',
  poor: '较差',
};
/** The three ratings' colours (Google's green, orange and red, darkened to read on white: WCAG AA). */
export const RATING_COLORS: Record<VitalsRating, string> = {
  good: '#0a8043',
  'needs-improvement': '#995c00',
  poor: '#d93025',
};

/** A metric's value as read: seconds above one second, else ms; CLS as its score. */
export function formatVital(metric: VitalsMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(value < 1 ? 3 : 2).replace(/\.?0+$/, '') || '0';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export interface ChartBar {
  device: VitalsDevice;
  p75: number;
  count: number;
  rating: VitalsRating;
}

export interface ChartGroup {
  page: VitalsPage;
  bars: ChartBar[];
}

/**
 * One metric's rows as the chart draws them: a group per page (in the order of the route tables), its devices in
 * a fixed order, and the scale's end, which always shows the "poor" threshold with room to spare.
 */
export function chartOf(
  rows: readonly VitalsSummaryRow[],
  metric: VitalsMetric,
): { groups: ChartGroup[]; max: number } {
  const groups = new Map<VitalsPage, ChartBar[]>();
  for (const row of rows) {
    if (row.metric !== metric) continue;
    const bars = groups.get(row.page) ?? [];
    bars.push({ device: row.device, p75: row.p75, count: row.count, rating: vitalsRating(metric, row.p75) });
    groups.set(row.page, bars);
  }
  const order = Object.keys(PAGE_LABELS);
  const sorted = [...groups]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([page, bars]) => ({
      page,
      bars: bars.sort((a, b) => VITALS_DEVICES.indexOf(a.device) - VITALS_DEVICES.indexOf(b.device)),
    }));
  const largest = Math.max(0, ...sorted.flatMap((group) => group.bars.map((bar) => bar.p75)));
  return { groups: sorted, max: Math.max(largest, VITALS_THRESHOLDS[metric].poor * 1.25) };
}
