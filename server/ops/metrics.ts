/**
 * A small Prometheus text-format (0.0.4) registry: counters, histograms and gauges read at scrape time.
 * Written here rather than taking prom-client: the product needs four metric kinds' worth of it, and
 * this keeps one dependency (and its global default registry) out of a server that tests build many
 * times in one process.
 */

type Labels = Record<string, string>;

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function labelText(labels: Labels): string {
  const keys = Object.keys(labels);
  if (!keys.length) return '';
  return `{${keys.map((k) => `${k}="${escapeLabel(labels[k]!)}"`).join(',')}}`;
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels));

function formatNumber(n: number): string {
  if (n === Number.POSITIVE_INFINITY) return '+Inf';
  if (n === Number.NEGATIVE_INFINITY) return '-Inf';
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1e9) / 1e9);
}

interface Metric {
  name: string;
  render(): string[];
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const k = keyOf(labels);
    const v = this.values.get(k);
    if (v) v.value += by;
    else this.values.set(k, { labels, value: by });
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${formatNumber(value)}`);
    return lines;
  }
}

/** Seconds buckets from 5 ms to 10 s: a call, a hub delivery. */
export const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export class Histogram implements Metric {
  private readonly values = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[] = SECONDS_BUCKETS,
  ) {}

  observe(labels: Labels, value: number): void {
    const k = keyOf(labels);
    let v = this.values.get(k);
    if (!v) {
      v = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.values.set(k, v);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) v.counts[i]!++;
    v.sum += value;
    v.count++;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.values.values()) {
      for (let i = 0; i < this.buckets.length; i++) {
        const le = formatNumber(this.buckets[i]!);
        lines.push(`${this.name}_bucket${labelText({ ...labels, le })} ${counts[i]}`);
      }
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${formatNumber(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

/** A gauge whose samples are read when scraped (connections, pool, draining). */
export class Gauge implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => Array<{ labels?: Labels; value: number }>,
  ) {}

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const { labels, value } of this.read())
      lines.push(`${this.name}${labelText(labels ?? {})} ${formatNumber(value)}`);
    return lines;
  }
}

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  add<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  /** The exposition text: every metric, HELP and TYPE first, a newline at the end. */
  render(): string {
    return `${this.metrics.flatMap((m) => m.render()).join('\n')}\n`;
  }
}

/**
 * Process-wide instruments fed from inside other modules with a single line each (the post queue in
 * server/rpc/rpc.plugin.ts, the backplane's delivery lag in server/feed/backplane.ts). Per process,
 * not per app: a test process that builds several apps shares them; production runs one app.
 */
export const processMetrics = {
  postQueueBatches: new Counter(
    'steelworks_post_queue_batches_total',
    'web/PostQueueBatch requests whose batch was decoded, by this process.',
  ),
  postQueuePosts: new Counter(
    'steelworks_post_queue_posts_total',
    'Queued posts received inside web/PostQueueBatch batches, by this process.',
  ),
  backplaneLag: new Histogram(
    'steelworks_changelog_delivery_lag_seconds',
    "Seconds from a change's commit on the writing process to its arrival here over the backplane (other processes' writes; includes clock skew between hosts).",
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  ),
};

/** Called by the backplane for a message another process sent at `sentAtMs` (its wall clock). */
export function observeBackplaneLag(sentAtMs: number | undefined): void {
  if (sentAtMs === undefined) return;
  processMetrics.backplaneLag.observe({}, Math.max(0, Date.now() - sentAtMs) / 1000);
}
