// Envelopes as the Application Insights JavaScript SDK posts them (its serializer's field names
// and formats: TimeSpan strings for durations, `ai.*` context tags), for the collector's tests.

export const SESSION = 'Qx3bT0aR9mWk2LzPq8VnYc';
export const USER = 'u7Hk2LmNp3QrStUvWxYz0a';

type Tags = Record<string, string>;

export function envelope(baseType: string, baseData: Record<string, unknown>, options: { time?: string; tags?: Tags } = {}) {
  return {
    name: `Microsoft.ApplicationInsights.00000000000000000000000000000000.${baseType.replace(/Data$/, '')}`,
    time: options.time ?? new Date().toISOString(),
    iKey: '00000000-0000-0000-0000-000000000000',
    ver: 1,
    sampleRate: 100,
    tags: {
      'ai.session.id': SESSION,
      'ai.user.id': USER,
      'ai.operation.name': '/en/tour/burj-khalifa',
      'ai.device.id': 'browser',
      'ai.internal.sdkVersion': 'javascript:3.3.4',
      ...options.tags,
    },
    data: { baseType, baseData: { ver: 2, ...baseData } },
  };
}

export const pageView = (properties: Record<string, unknown> = { locale: 'en' }, tags?: Tags) =>
  envelope('PageviewData', { name: 'Burj Khalifa', url: 'http://localhost:3000/en/tour/burj-khalifa?from=search#top', duration: '00:00:01.250', id: 'pv1', properties }, { tags });

export const pagePerformance = (perfTotal = '00:00:02.500') =>
  envelope('PageviewPerformanceData', {
    name: 'Burj Khalifa',
    url: 'http://localhost:3000/en/tour/burj-khalifa',
    perfTotal,
    networkConnect: '00:00:00.100',
    sentRequest: '00:00:00.200',
    receivedResponse: '00:00:00.300',
    domProcessing: '00:00:01.900',
    duration: perfTotal,
    properties: { locale: 'en' },
  });

export const customEvent = (name: string, properties: Record<string, unknown> = {}, tags?: Tags) => envelope('EventData', { name, properties: { locale: 'en', ...properties } }, { tags });

export const exception = (message = 'Cannot read properties of undefined (reading "price")', tags?: Tags) =>
  envelope(
    'ExceptionData',
    {
      exceptions: [{ typeName: 'TypeError', message, hasFullStack: true, stack: `TypeError: ${message}\n    at PriceTable (app.js:1:2)`, parsedStack: [] }],
      severityLevel: 3,
      properties: { locale: 'en', digest: '123' },
    },
    { tags: { 'ai.user.authUserId': 'senior@desertrose.test', ...tags } },
  );

export const metric = (name: string, value: number, path = '/en/tour/burj-khalifa') =>
  envelope('MetricData', { metrics: [{ name, kind: 0, value, count: 1 }], properties: { locale: 'en', path, rating: 'good' } });

export const dependency = () =>
  envelope('RemoteDependencyData', {
    id: '|abc.1',
    name: 'POST /api/v1/b2b/bookings',
    resultCode: 503,
    duration: '00:00:00.420',
    success: false,
    data: 'http://localhost:3000/api/v1/b2b/bookings',
    target: 'localhost:3000',
    type: 'Fetch',
    properties: { locale: 'en' },
  });

export const trace = (message = 'CLIENT_SESSION_ERROR: session check answered 503', severityLevel = 3) => envelope('MessageData', { message, severityLevel, properties: { locale: 'ru' } });
