import { isMobileUserAgent } from './device.js';
import { DESKTOP_ROUTES, MOBILE_ROUTES, type DesktopRouteName, type MobileRouteName } from './site-routes.js';

/**
 * What real visitors' browsers measure and report (docs/behaviour.md#visitor-experience): LCP, INP, CLS and the
 * first input's delay, for a share of page views, without anything that names the visitor.
 */

/** The metrics a report may carry. `FID`: the delay of the page's first input, from its `first-input` entry. */
export const VITALS_METRICS = ['LCP', 'INP', 'CLS', 'FID'] as const;
export type VitalsMetric = (typeof VITALS_METRICS)[number];

/** What the metric measures and its unit: ms, except CLS (a score). */
export const VITALS_LABELS: Record<VitalsMetric, { name: string; unit: 'ms' | '' }> = {
  LCP: { name: '最大内容绘制（LCP）', unit: 'ms' },
  INP: { name: '交互响应（INP）', unit: 'ms' },
  CLS: { name: '布局偏移（CLS）', unit: '' },
  FID: { name: '首次输入延迟（FID）', unit: 'ms' },
};

/**
 * Google's thresholds (https://web.dev/articles/vitals): up to `good` is good, up to `poor` needs improvement,
 * above it is poor.
 */
export const VITALS_THRESHOLDS: Record<VitalsMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FID: { good: 100, poor: 300 },
};

/** The largest value taken: anything above is not a real measurement (LCP and delays in ms; CLS a score). */
export const VITALS_MAX: Record<VitalsMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 10, FID: 60_000 };

export type VitalsRating = 'good' | 'needs-improvement' | 'poor';

export function vitalsRating(metric: VitalsMetric, value: number): VitalsRating {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** How the page was reached, as the Navigation Timing entry (and web-vitals) names it. */
export const VITALS_NAVIGATIONS = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
] as const;
export type VitalsNavigation = (typeof VITALS_NAVIGATIONS)[number];

/** A page is reported by its route's name (`details`, `medetails`), never by its address. */
export type VitalsPage = DesktopRouteName | MobileRouteName;
export const VITALS_PAGES: readonly VitalsPage[] = [
  ...new Set([...DESKTOP_ROUTES, ...MOBILE_ROUTES].map((route) => route.name)),
];

/** The device class, worked out by the server from the user agent (which is not kept). */
export const VITALS_DEVICES = ['computer', 'phone', 'wechat'] as const;
export type VitalsDevice = (typeof VITALS_DEVICES)[number];
export const VITALS_DEVICE_LABELS: Record<VitalsDevice, string> = { computer: '电脑', phone: '手机', wechat: '微信' };

export function vitalsDeviceOf(userAgent: string | null | undefined): VitalsDevice {
  if (typeof userAgent === 'string' && /MicroMessenger/i.test(userAgent)) return 'wechat';
  return isMobileUserAgent(userAgent) ? 'phone' : 'computer';
}

/** The share of page views that report, unless `VITALS_SAMPLE_PERCENT` says otherwise. */
export const VITALS_DEFAULT_SAMPLE_PERCENT = 10;
/** The summary's window; older reports are kept until `VITALS_RETENTION_DAYS`, then deleted. */
export const VITALS_WINDOW_DAYS = 7;
export const VITALS_RETENTION_DAYS = 30;

/** `POST /api/frontend/vitals`: one report per sampled page view, sent when the page is hidden. */
export interface VitalsReport {
  page: VitalsPage;
  navigation: VitalsNavigation;
  /** Each metric at most once; a metric the page never produced (no input: no INP, no FID) is left out. */
  metrics: Array<{ name: VitalsMetric; value: number }>;
}

/** One line of the summary: the 75th percentile of a metric on a page and device over the window. */
export interface VitalsSummaryRow {
  page: VitalsPage;
  device: VitalsDevice;
  metric: VitalsMetric;
  p75: number;
  /** Reports the percentile is taken from. */
  count: number;
}

/** `POST /api/vitals` (back office). */
export interface VitalsSummary {
  days: number;
  samplePercent: number;
  rows: VitalsSummaryRow[];
}
