import 'server-only';
import { type Attributes, type HrTime, ValueType } from '@opentelemetry/api';
import { millisToHrTime } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationTemporality, type CollectionResult, DataPointType, type MetricProducer } from '@opentelemetry/sdk-metrics';

// `http.server.request.duration` (docs/telemetry.md#metrics), counted on every request the server
// answers. Not through a histogram instrument: its `record` hashes the attributes (a sorted
// JSON.stringify) and reads the clock on every call, a quarter of what telemetry cost a cached
// page. A request is counted here into one cell per method and status (a Map lookup and a few
// additions), and the metric reader collects the cells as an explicit-bucket histogram through
// OpenTelemetry's MetricProducer extension point, with the SDK's own metrics, once per export.

export const REQUEST_DURATION = {
  name: 'http.server.request.duration',
  unit: 's',
  description: 'Duration of the HTTP requests the server answered (every page, action and route handler)',
} as const;

/** OpenTelemetry's recommended boundaries for HTTP server durations, in seconds. */
export const REQUEST_DURATION_BOUNDARIES = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Cell = { attributes: Attributes; counts: number[]; count: number; sum: number; min: number; max: number };

/** The process's request durations since it started (cumulative), one cell per method and status. */
export class RequestDurations implements MetricProducer {
  readonly #cells = new Map<string, Cell>();
  readonly #startTime: HrTime;

  constructor(
    private readonly scopeName: string,
    now = Date.now(),
  ) {
    this.#startTime = millisToHrTime(now);
  }

  record(seconds: number, method: string, status: number): void {
    const key = `${method} ${status}`;
    let cell = this.#cells.get(key);
    if (!cell) {
      cell = { attributes: { 'http.request.method': method, 'http.response.status_code': status }, counts: new Array<number>(REQUEST_DURATION_BOUNDARIES.length + 1).fill(0), count: 0, sum: 0, min: Infinity, max: -Infinity };
      this.#cells.set(key, cell);
    }
    let bucket = 0;
    while (bucket < REQUEST_DURATION_BOUNDARIES.length && seconds > REQUEST_DURATION_BOUNDARIES[bucket]!) bucket += 1;
    cell.counts[bucket]! += 1;
    cell.count += 1;
    cell.sum += seconds;
    if (seconds < cell.min) cell.min = seconds;
    if (seconds > cell.max) cell.max = seconds;
  }

  async collect(): Promise<CollectionResult> {
    const endTime = millisToHrTime(Date.now());
    const dataPoints = [...this.#cells.values()].map((cell) => ({
      startTime: this.#startTime,
      endTime,
      attributes: cell.attributes,
      value: { buckets: { boundaries: [...REQUEST_DURATION_BOUNDARIES], counts: [...cell.counts] }, count: cell.count, sum: cell.sum, min: cell.min, max: cell.max },
    }));
    return {
      // The reader keeps the SDK's resource and takes only the scope metrics from here.
      resourceMetrics: {
        resource: resourceFromAttributes({}),
        scopeMetrics:
          dataPoints.length === 0
            ? []
            : [
                {
                  scope: { name: this.scopeName },
                  metrics: [
                    {
                      descriptor: { ...REQUEST_DURATION, valueType: ValueType.DOUBLE },
                      aggregationTemporality: AggregationTemporality.CUMULATIVE,
                      dataPointType: DataPointType.HISTOGRAM,
                      dataPoints,
                    },
                  ],
                },
              ],
      },
      errors: [],
    };
  }
}
