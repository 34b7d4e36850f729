import { AggregationTemporality, DataPointType, type HistogramMetricData, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { REQUEST_DURATION, REQUEST_DURATION_BOUNDARIES, RequestDurations } from '@/server/telemetry/request-durations';

// The request histogram (docs/telemetry.md#metrics) is counted per request outside the metrics
// SDK's instruments and collected by the metric reader with the SDK's own metrics: one series per
// method and status, cumulative, in OpenTelemetry's explicit buckets.

function histogramOf(metrics: Awaited<ReturnType<RequestDurations['collect']>>): HistogramMetricData {
  const metric = metrics.resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((candidate) => candidate.descriptor.name === REQUEST_DURATION.name);
  if (!metric || metric.dataPointType !== DataPointType.HISTOGRAM) throw new Error('no request histogram');
  return metric;
}

describe('request durations', () => {
  it('counts each request into the bucket its duration falls in, per method and status', async () => {
    const durations = new RequestDurations('traveldesk-b2b');
    durations.record(0.004, 'GET', 200);
    durations.record(0.005, 'GET', 200); // a boundary belongs to the bucket it closes
    durations.record(0.3, 'GET', 200);
    durations.record(12, 'GET', 200); // past the last boundary
    durations.record(0.02, 'POST', 303);

    const histogram = histogramOf(await durations.collect());
    expect(histogram.aggregationTemporality).toBe(AggregationTemporality.CUMULATIVE);
    expect(histogram.descriptor).toMatchObject({ name: 'http.server.request.duration', unit: 's' });
    const get = histogram.dataPoints.find((point) => point.attributes['http.request.method'] === 'GET')!;
    expect(get.attributes).toEqual({ 'http.request.method': 'GET', 'http.response.status_code': 200 });
    expect(get.value.buckets.boundaries).toEqual([...REQUEST_DURATION_BOUNDARIES]);
    const expected = new Array(REQUEST_DURATION_BOUNDARIES.length + 1).fill(0);
    expected[0] = 2; // ≤ 5 ms
    expected[REQUEST_DURATION_BOUNDARIES.indexOf(0.5)] = 1; // (0.25, 0.5]
    expected[REQUEST_DURATION_BOUNDARIES.length] = 1; // > 10 s
    expect(get.value.buckets.counts).toEqual(expected);
    expect(get.value).toMatchObject({ count: 4, min: 0.004, max: 12 });
    expect(get.value.sum).toBeCloseTo(12.309, 6);
    const post = histogram.dataPoints.find((point) => point.attributes['http.request.method'] === 'POST')!;
    expect(post.attributes['http.response.status_code']).toBe(303);
    expect(post.value.count).toBe(1);
  });

  it('stays cumulative across collections, and a collection is a copy the next request does not change', async () => {
    const durations = new RequestDurations('traveldesk-b2b');
    durations.record(0.01, 'GET', 200);
    const first = histogramOf(await durations.collect()).dataPoints[0]!;
    durations.record(0.01, 'GET', 200);
    const second = histogramOf(await durations.collect()).dataPoints[0]!;
    expect(first.value.count).toBe(1);
    expect(first.value.buckets.counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(second.value.count).toBe(2);
    expect(second.startTime).toEqual(first.startTime);
  });

  it('has nothing to report before the first request', async () => {
    expect((await new RequestDurations('traveldesk-b2b').collect()).resourceMetrics.scopeMetrics).toEqual([]);
  });

  it('is exported by the metric reader beside the instruments of the meter provider', async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const durations = new RequestDurations('traveldesk-b2b');
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000, metricProducers: [durations] });
    const provider = new MeterProvider({ readers: [reader] });
    provider.getMeter('traveldesk-b2b').createCounter('traveldesk.bookings').add(1, { channel: 'agent', status: 'completed' });
    durations.record(0.02, 'GET', 200);
    await reader.forceFlush();
    const names = exporter.getMetrics().flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics.map((metric) => metric.descriptor.name)));
    expect(names).toEqual(expect.arrayContaining(['traveldesk.bookings', 'http.server.request.duration']));
    await provider.shutdown();
  });
});
