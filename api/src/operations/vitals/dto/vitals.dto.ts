import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, ValidateBy, type ValidationArguments } from 'class-validator';
import {
  VITALS_MAX,
  VITALS_METRICS,
  VITALS_NAVIGATIONS,
  VITALS_PAGES,
  type VitalsMetric,
  type VitalsNavigation,
  type VitalsPage,
  type VitalsReport,
} from '@site/shared-types';
import { NestedArrayField, OneOfTextField } from '../../../core/validation.js';

const LARGEST = Math.max(...Object.values(VITALS_MAX));

export class VitalsMetricDto {
  @OneOfTextField(VITALS_METRICS, { description: 'LCP, INP, CLS or FID (the first input delay)' })
  name: VitalsMetric;

  /** A finite number from 0 to the metric's own largest value (`VITALS_MAX`): ms, or CLS's score. */
  @ApiProperty({ type: 'number', minimum: 0, maximum: LARGEST, description: 'ms (CLS: the score)' })
  @ValidateBy({
    name: 'isVitalsValue',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const name = (args?.object as Partial<VitalsMetricDto> | undefined)?.name;
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false;
        return name === undefined || !Object.hasOwn(VITALS_MAX, name) || value <= VITALS_MAX[name];
      },
      defaultMessage: (args?: ValidationArguments) => {
        const name = (args?.object as Partial<VitalsMetricDto> | undefined)?.name;
        const max = name !== undefined && Object.hasOwn(VITALS_MAX, name) ? VITALS_MAX[name] : LARGEST;
        return `参数 value 必须是 0 到 ${max} 之间的数字`;
      },
    },
  })
  value: number;
}

/** One sampled page view's figures (docs/behaviour.md#visitor-experience); the device class is the server's. */
export class VitalsReportDto implements VitalsReport {
  @OneOfTextField(VITALS_PAGES, { description: "the page's route name, never its address" })
  page: VitalsPage;

  @OneOfTextField(VITALS_NAVIGATIONS)
  navigation: VitalsNavigation;

  @NestedArrayField(() => VitalsMetricDto, VITALS_METRICS.length)
  @ArrayMinSize(1, { message: '参数 metrics 至少 1 项' })
  @ValidateBy({
    name: 'distinctMetrics',
    validator: {
      validate: (value: unknown) =>
        !Array.isArray(value) ||
        new Set(value.map((entry: unknown) => (entry as { name?: unknown } | null)?.name)).size === value.length,
      defaultMessage: () => '参数 metrics 中的指标不能重复',
    },
  })
  metrics: VitalsMetricDto[];
}
