/**
 * The Prometheus text exposition format, version 0.0.4, written by hand: counters, gauges and histograms with
 * label values escaped, histogram buckets cumulative up to `+Inf`, with `_sum` and `_count`.
 * https://prometheus.io/docs/instrumenting/exposition_formats/
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  /** Appended to the family's name: `_bucket`, `_sum`, `_count`. */
  suffix?: string;
  labels?: Labels;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A label value inside its double quotes: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** A HELP text: backslash and line feed escaped (double quotes stay). */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A sample value as Prometheus reads it: `+Inf`, `-Inf`, `NaN` or a Go-parsable float. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  for (const [name] of entries) if (!LABEL_NAME.test(name)) throw new Error(`bad label name ${name}`);
  return `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
}

/** The exposition text of the families, in the order given, ending with a line feed. */
export function formatExposition(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    if (!METRIC_NAME.test(family.name)) throw new Error(`bad metric name ${family.name}`);
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      lines.push(`${family.name}${sample.suffix ?? ''}${formatLabels(sample.labels)} ${formatValue(sample.value)}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** One series per distinct set of label values; the labels are named once, in the metric. */
abstract class Labelled<S> {
  protected readonly series = new Map<string, { labels: Labels; state: S }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  protected stateOf(values: Labels): S {
    const key = this.labelNames.map((name) => values[name] ?? '').join('\u0000');
    let found = this.series.get(key);
    if (!found) {
      const labels = Object.fromEntries(this.labelNames.map((name) => [name, values[name] ?? '']));
      found = { labels, state: this.initial() };
      this.series.set(key, found);
    }
    return found.state;
  }

  protected abstract initial(): S;
}

export class Counter extends Labelled<{ value: number }> {
  inc(labels: Labels = {}, by = 1): void {
    this.stateOf(labels).value += by;
  }

  /** The series of these labels, to count without looking it up again (a hot path keeps it). */
  child(labels: Labels): { inc(by?: number): void } {
    const state = this.stateOf(labels);
    return { inc: (by = 1) => void (state.value += by) };
  }

  protected initial() {
    return { value: 0 };
  }

  family(): MetricFamily {
    return {
      name: this.name,
      help: this.help,
      type: 'counter',
      samples: [...this.series.values()].map(({ labels, state }) => ({ labels, value: state.value })),
    };
  }
}

export class Histogram extends Labelled<{ buckets: number[]; sum: number; count: number }> {
  readonly buckets: readonly number[];

  /** `buckets`: the upper bounds, ascending; `+Inf` is added. */
  constructor(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]) {
    super(name, help, labelNames);
    if (labelNames.includes('le')) throw new Error('`le` is the bucket label');
    this.buckets = [...buckets].sort((a, b) => a - b).filter((bound) => Number.isFinite(bound));
  }

  observe(labels: Labels, value: number): void {
    this.record(this.stateOf(labels), value);
  }

  /** The series of these labels, to observe without looking it up again (a hot path keeps it). */
  child(labels: Labels): { observe(value: number): void } {
    const state = this.stateOf(labels);
    return { observe: (value) => this.record(state, value) };
  }

  private record(state: { buckets: number[]; sum: number; count: number }, value: number): void {
    // Each observation falls in its first bucket only; the buckets are summed when written (cumulative).
    const { buckets } = this;
    for (let index = 0; index < buckets.length; index++) {
      if (value <= buckets[index]!) {
        state.buckets[index]!++;
        break;
      }
    }
    state.sum += value;
    state.count++;
  }

  protected initial() {
    return { buckets: this.buckets.map(() => 0), sum: 0, count: 0 };
  }

  family(): MetricFamily {
    const samples: Sample[] = [];
    for (const { labels, state } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, index) => {
        cumulative += state.buckets[index]!;
        samples.push({ suffix: '_bucket', labels: { ...labels, le: formatValue(bound) }, value: cumulative });
      });
      samples.push({ suffix: '_bucket', labels: { ...labels, le: '+Inf' }, value: state.count });
      samples.push({ suffix: '_sum', labels, value: state.sum });
      samples.push({ suffix: '_count', labels, value: state.count });
    }
    return { name: this.name, help: this.help, type: 'histogram', samples };
  }
}

/** A gauge family read at scrape time. */
export function gauge(name: string, help: string, samples: Sample[]): MetricFamily {
  return { name, help, type: 'gauge', samples };
}

/** A counter family whose totals are kept elsewhere (read at scrape time). */
export function counter(name: string, help: string, samples: Sample[]): MetricFamily {
  return { name, help, type: 'counter', samples };
}
