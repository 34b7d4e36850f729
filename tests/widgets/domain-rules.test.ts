import { domainResolverConfig, widgetApexAddresses, widgetCnameTarget } from '@/server/widgets/domains/domain-resolver';
import { type DnsFindings, type DnsLookup, evaluateDomainCheck, txtRecordName } from '@/shared/widgets/domain-verification';

// The verification rule without DNS: what was found in, verified or failed with the reason out.

const expected = { token: 'traveldesk-verify=abc', cnameTarget: 'widgets.localhost', aRecords: [] as string[] };
const found = (records: string[]): DnsLookup => ({ records, error: null });
const missing = (error: DnsLookup['error']): DnsLookup => ({ records: [], error });

function findings(overrides: Partial<DnsFindings> = {}): DnsFindings {
  return { cname: found(['widgets.localhost']), txt: found(['traveldesk-verify=abc']), a: null, ...overrides };
}

describe('evaluateDomainCheck', () => {
  it('verifies a CNAME to the widget host and the TXT holding the token, whatever the letter case and with the root dot', () => {
    expect(evaluateDomainCheck(findings({ cname: found(['Widgets.Localhost.']) }), expected)).toEqual({
      status: 'verified',
      conclusive: true,
      check: { cname: ['widgets.localhost'], txt: ['traveldesk-verify=abc'], error: null },
    });
  });

  it('fails a missing TXT record, keeping the CNAME it found', () => {
    expect(evaluateDomainCheck(findings({ txt: missing('nxdomain') }), expected)).toEqual({
      status: 'failed',
      conclusive: true,
      check: { cname: ['widgets.localhost'], txt: [], error: 'txtMissing' },
    });
  });

  it('fails a TXT record holding another value, and says what it holds', () => {
    const verdict = evaluateDomainCheck(findings({ txt: found(['v=spf1 -all', 'traveldesk-verify=old']) }), expected);
    expect(verdict.check).toEqual({ cname: ['widgets.localhost'], txt: ['v=spf1 -all', 'traveldesk-verify=old'], error: 'txtMissing' });
  });

  it('fails a CNAME to another host', () => {
    expect(evaluateDomainCheck(findings({ cname: found(['shop.example.net']) }), expected).check.error).toBe('cnameMismatch');
  });

  it('fails a domain that does not exist, and one without records', () => {
    expect(evaluateDomainCheck({ cname: missing('nxdomain'), txt: missing('nxdomain'), a: null }, expected).check.error).toBe('nxdomain');
    expect(evaluateDomainCheck({ cname: missing('noRecords'), txt: missing('nxdomain'), a: null }, expected).check.error).toBe('noRecords');
  });

  it('calls a resolver failure inconclusive, unless another record is known to be wrong', () => {
    expect(evaluateDomainCheck(findings({ txt: missing('timeout') }), expected)).toMatchObject({ status: 'failed', conclusive: false, check: { error: 'timeout' } });
    expect(evaluateDomainCheck(findings({ cname: missing('servfail') }), expected)).toMatchObject({ conclusive: false, check: { error: 'servfail' } });
    expect(evaluateDomainCheck(findings({ cname: missing('timeout'), txt: missing('noRecords') }), expected)).toMatchObject({ conclusive: true, check: { error: 'txtMissing' } });
  });

  it('accepts an apex domain’s A record on one of the portal’s addresses, only when the portal offers them', () => {
    const apex = findings({ cname: missing('noRecords'), a: found(['203.0.113.7']) });
    expect(evaluateDomainCheck(apex, { ...expected, aRecords: ['203.0.113.7', '203.0.113.8'] }).status).toBe('verified');
    expect(evaluateDomainCheck(apex, expected).check.error).toBe('cnameMismatch');
    expect(evaluateDomainCheck({ ...apex, a: found(['198.51.100.1']) }, { ...expected, aRecords: ['203.0.113.7'] }).check.error).toBe('cnameMismatch');
  });

  it('puts the TXT record on a name of its own, beside the CNAME', () => {
    expect(txtRecordName('tours.example.com')).toBe('_traveldesk.tours.example.com');
  });
});

describe('the resolver’s configuration', () => {
  it('names widgets. and the first main host of HOSTS as the CNAME target, unless WIDGET_CNAME_TARGET says otherwise', () => {
    expect(widgetCnameTarget({})).toBe('widgets.localhost');
    expect(widgetCnameTarget({ HOSTS: JSON.stringify({ 'partner.example.com': 'second', 'b2b.example.com': 'main', 'b2b.example.ru': 'russian' }) })).toBe('widgets.b2b.example.com');
    expect(widgetCnameTarget({ WIDGET_CNAME_TARGET: ' Sites.Traveldesk.Example. ' })).toBe('sites.traveldesk.example');
  });

  it('reads the DNS servers, the timeout and the apex addresses from the environment', () => {
    expect(domainResolverConfig({})).toEqual({ servers: null, timeoutMs: 3000, tries: 2 });
    expect(domainResolverConfig({ WIDGET_DNS_SERVERS: '127.0.0.1:5353, [::1]:53', WIDGET_DNS_TIMEOUT_MS: '500' })).toEqual({
      servers: ['127.0.0.1:5353', '[::1]:53'],
      timeoutMs: 500,
      tries: 2,
    });
    expect(domainResolverConfig({ WIDGET_DNS_TIMEOUT_MS: 'soon' }).timeoutMs).toBe(3000);
    expect(widgetApexAddresses({ WIDGET_A_RECORDS: '203.0.113.7,203.0.113.8' })).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(widgetApexAddresses({})).toEqual([]);
  });
});
