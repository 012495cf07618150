import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Segmented, Space, Typography } from 'antd';
import {
  VITALS_DEVICE_LABELS,
  VITALS_LABELS,
  VITALS_METRICS,
  VITALS_THRESHOLDS,
  type VitalsMetric,
  type VitalsSummary,
} from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { chartOf, formatVital, PAGE_LABELS, RATING_COLORS, RATING_LABELS } from './vitals-chart';
import { LoadState } from '../../common/load-state';
import styles from './vitals.module.css';

const TITLE = '真实访客体验（近 7 天，P75）';
const LABEL_WIDTH = 150;
const BAR_HEIGHT = 16;
const BAR_GAP = 4;
const GROUP_GAP = 14;
const CHART_WIDTH = 720;
const VALUE_ROOM = 150;

/**
 * One metric's 75th percentiles as horizontal bars in plain SVG: a group per page, a bar per device, coloured by
 * Google's rating, with the two thresholds drawn across. Each bar is named for assistive technology (its `<title>`).
 */
function MetricChart({ summary, metric }: { summary: VitalsSummary; metric: VitalsMetric }) {
  const { groups, max } = chartOf(summary.rows, metric);
  if (groups.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近 7 天还没有这一指标的访客数据" />;
  }
  const plot = CHART_WIDTH - LABEL_WIDTH - VALUE_ROOM;
  const x = (value: number) => LABEL_WIDTH + (Math.min(value, max) / max) * plot;
  let y = 24;
  const placed = groups.map((group) => {
    const top = y;
    y += group.bars.length * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP;
    return { ...group, top };
  });
  const height = y;
  const { good, poor } = VITALS_THRESHOLDS[metric];
  const name = VITALS_LABELS[metric].name;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      role="img"
      aria-label={`${name}：各页面与设备近 7 天的第 75 百分位`}
    >
      {[
        { value: good, text: `良好 ≤ ${formatVital(metric, good)}` },
        { value: poor, text: `较差 > ${formatVital(metric, poor)}` },
      ].map((line) => (
        <g key={line.value}>
          <line x1={x(line.value)} x2={x(line.value)} y1={16} y2={height - 4} className={styles.threshold} />
          <text x={x(line.value)} y={12} textAnchor="middle" className={styles.axis}>
            {line.text}
          </text>
        </g>
      ))}
      {placed.map((group) => (
        <g key={group.page} data-page={group.page}>
          <text x={0} y={group.top + BAR_HEIGHT - 3} className={styles.page}>
            {PAGE_LABELS[group.page]}
          </text>
          {group.bars.map((bar, index) => {
            const top = group.top + index * (BAR_HEIGHT + BAR_GAP);
            const device = VITALS_DEVICE_LABELS[bar.device];
            const value = formatVital(metric, bar.p75);
            return (
              <g key={bar.device} data-device={bar.device} data-rating={bar.rating}>
                <title>{`${PAGE_LABELS[group.page]} · ${device}：${value}（${RATING_LABELS[bar.rating]}，${bar.count} 次）`}</title>
                <rect
                  x={LABEL_WIDTH}
                  y={top}
                  width={Math.max(2, x(bar.p75) - LABEL_WIDTH)}
                  height={BAR_HEIGHT}
                  rx={2}
                  fill={RATING_COLORS[bar.rating]}
                />
                <text x={x(bar.p75) + 6} y={top + BAR_HEIGHT - 3} className={styles.value}>
                  {`${device} ${value}（${bar.count} 次）`}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

/**
 * `vitals`: 访问体验 (docs/behaviour.md#visitor-experience). What a sample of real visitors met over the last 7
 * days: the 75th percentile of LCP, INP, CLS and the first input delay per page and device, one metric at a time,
 * coloured by Google's thresholds.
 */
export function VitalsScreen() {
  usePageTitle('访问体验');
  const [metric, setMetric] = useState<VitalsMetric>('LCP');
  const { data, isError, isFetching, refetch } = adminApi.useVitalsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  if (!data) {
    return (
      <Card title={TITLE}>
        <LoadState failed={isError} failedText="访客体验数据加载失败" onReload={() => void refetch()} />
      </Card>
    );
  }

  return (
    <section aria-label={TITLE}>
      <Card
        title={TITLE}
        extra={
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
            刷新
          </Button>
        }
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {data.samplePercent > 0
              ? `约 ${data.samplePercent}% 的页面访问会在访客离开页面时上报这些数据；`
              : '抽样比例为 0，目前不收集新的数据；'}
            不记录访客的地址、IP 或浏览器标识，数据保留 30 天。颜色按 Google 的标准：
            <span style={{ color: RATING_COLORS.good }}>良好</span>、
            <span style={{ color: RATING_COLORS['needs-improvement'] }}>待改进</span>、
            <span style={{ color: RATING_COLORS.poor }}>较差</span>。
          </Typography.Paragraph>
          <Flex wrap gap="small" align="center">
            <Segmented<VitalsMetric>
              value={metric}
              onChange={setMetric}
              options={VITALS_METRICS.map((value) => ({ value, label: VITALS_LABELS[value].name }))}
            />
          </Flex>
          <div className={styles.scroll}>
            <MetricChart summary={data} metric={metric} />
          </div>
        </Space>
      </Card>
    </section>
  );
}
