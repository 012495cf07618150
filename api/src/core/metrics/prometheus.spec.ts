import { Counter, escapeLabelValue, formatExposition, formatValue, gauge, Histogram } from './prometheus.js';

describe('the Prometheus text format', () => {
  it('should escape backslashes, double quotes and line feeds in label values, and nothing else', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(escapeLabelValue('api:/api/index 页面')).toBe('api:/api/index 页面');
    const counter = new Counter('t_total', 'Test', ['route']);
    counter.inc({ route: 'say "hi"\\\n' });
    expect(formatExposition([counter.family()])).toBe(
      '# HELP t_total Test\n# TYPE t_total counter\nt_total{route="say \\"hi\\"\\\\\\n"} 1\n',
    );
  });

  it('should escape the help text and write special values as Prometheus reads them', () => {
    const text = formatExposition([gauge('g', 'line\none \\ "q"', [{ value: NaN }, { value: Infinity }])]);
    expect(text).toBe('# HELP g line\\none \\\\ "q"\n# TYPE g gauge\ng NaN\ng +Inf\n');
    expect(formatValue(-Infinity)).toBe('-Inf');
    expect(formatValue(0.25)).toBe('0.25');
  });

  it('should keep one series per set of label values', () => {
    const counter = new Counter('requests_total', 'Requests', ['route', 'status']);
    counter.inc({ route: 'page', status: '200' });
    counter.inc({ route: 'page', status: '200' }, 2);
    // A series kept by a hot path counts into the same one.
    const missing = counter.child({ route: 'page', status: '404' });
    missing.inc();
    expect(formatExposition([counter.family()]).split('\n').slice(2)).toEqual([
      'requests_total{route="page",status="200"} 3',
      'requests_total{route="page",status="404"} 1',
      '',
    ]);
  });

  it('should write histogram buckets cumulative, ending with +Inf equal to _count, then _sum and _count', () => {
    const histogram = new Histogram('latency_seconds', 'Latency', ['route'], [0.5, 0.1, 1]);
    for (const value of [0.05, 0.1, 0.3]) histogram.observe({ route: 'cache' }, value);
    const kept = histogram.child({ route: 'cache' });
    for (const value of [0.7, 2, 5]) kept.observe(value);
    expect(formatExposition([histogram.family()])).toBe(
      [
        '# HELP latency_seconds Latency',
        '# TYPE latency_seconds histogram',
        'latency_seconds_bucket{route="cache",le="0.1"} 2',
        'latency_seconds_bucket{route="cache",le="0.5"} 3',
        'latency_seconds_bucket{route="cache",le="1"} 4',
        'latency_seconds_bucket{route="cache",le="+Inf"} 6',
        'latency_seconds_sum{route="cache"} 8.15',
        'latency_seconds_count{route="cache"} 6',
        '',
      ].join('\n'),
    );
  });

  it('should refuse names that are not Prometheus names rather than write a broken text', () => {
    expect(() => formatExposition([gauge('bad-name', 'x', [])])).toThrow(/bad metric name/);
    expect(() => formatExposition([gauge('ok', 'x', [{ labels: { 'bad-label': 'v' }, value: 1 }])])).toThrow(
      /bad label name/,
    );
    expect(() => new Histogram('h', 'x', ['le'], [1])).toThrow(/le/);
  });
});
