import dns2, { type DnsServer as Dns2Server, type Packet as DnsPacket } from 'dns2';
import type { AddressInfo } from 'node:net';
// Relative, not `@/…`: Playwright's e2e helper (e2e/support/dns-server.ts) loads this file too.
import { txtRecordName } from '../../shared/widgets/domain-verification';

// A small authoritative DNS server over UDP for tests: the widget-domain check asks it through
// WIDGET_DNS_SERVERS instead of the internet's resolvers. Names answer what `set` gave them;
// unknown names answer NXDOMAIN; a name can be made to fail (SERVFAIL) or to stay silent (a timeout).

const { Packet } = dns2;
/** RFC 1035 §4.1.1 response codes; dns2 has them at run time but not in its types. */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 } as const;
const TTL = 60;

export type DnsZoneRecords = { cname?: string[]; txt?: string[]; a?: string[] };
export type DnsFailure = 'servfail' | 'silent';

function normalize(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

/** A TXT value travels as strings of at most 255 bytes (RFC 1035 §3.3.14). */
function txtStrings(value: string): string[] {
  const strings: string[] = [];
  for (let start = 0; start < value.length; start += 255) strings.push(value.slice(start, start + 255));
  return strings.length > 0 ? strings : [''];
}

export class DnsTestServer {
  private readonly zone = new Map<string, DnsZoneRecords>();
  private readonly failures = new Map<string, DnsFailure>();
  /** Every question asked, as `TYPE name`, oldest first. */
  readonly queries: string[] = [];

  private constructor(
    private readonly server: Dns2Server,
    readonly host: string,
    readonly port: number,
  ) {}

  /** Listens on `host` (127.0.0.1) and `port` (0: a free one). */
  static async start(options: { host?: string; port?: number } = {}): Promise<DnsTestServer> {
    const host = options.host ?? '127.0.0.1';
    let instance: DnsTestServer | null = null;
    const server = dns2.createServer({
      udp: { type: 'udp4' },
      handle: (request, send) => instance?.answer(request, send),
    });
    const addresses = await server.listen({ udp: { port: options.port ?? 0, address: host } });
    const udp: AddressInfo | undefined = addresses.udp;
    if (!udp) throw new Error('The DNS test server did not start on UDP.');
    instance = new DnsTestServer(server, host, udp.port);
    return instance;
  }

  /** `host:port`, as WIDGET_DNS_SERVERS takes it. */
  get address(): string {
    return `${this.host}:${this.port}`;
  }

  /** Replaces the records of `name`. */
  set(name: string, records: DnsZoneRecords): void {
    this.zone.set(normalize(name), records);
    this.failures.delete(normalize(name));
  }

  remove(name: string): void {
    this.zone.delete(normalize(name));
  }

  fail(name: string, failure: DnsFailure): void {
    this.failures.set(normalize(name), failure);
  }

  /**
   * The records a widget's domain needs (a CNAME to `cnameTarget`, the TXT holding `token`), less
   * those named in `omit`, replacing what the domain had.
   */
  publishWidgetDomain(domain: string, records: { token: string; cnameTarget: string; omit?: readonly ('cname' | 'txt')[] }): void {
    const omit = new Set(records.omit ?? []);
    this.remove(domain);
    this.remove(txtRecordName(domain));
    if (!omit.has('cname')) this.set(domain, { cname: [records.cnameTarget] });
    if (!omit.has('txt')) this.set(txtRecordName(domain), { txt: [records.token] });
  }

  clear(): void {
    this.zone.clear();
    this.failures.clear();
    this.queries.length = 0;
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  private answer(request: DnsPacket, send: (response: DnsPacket | Buffer) => Promise<Buffer>): void {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    for (const question of request.questions) {
      const name = normalize(question.name);
      this.queries.push(`${typeName(question.type)} ${name}`);
      const failure = this.failures.get(name);
      if (failure === 'silent') return;
      if (failure === 'servfail') {
        response.header.rcode = RCODE.SERVFAIL;
        continue;
      }
      const records = this.zone.get(name);
      if (!records) {
        // A name with names under it exists, without records of its own (RFC 8020): no data, not NXDOMAIN.
        const hasDescendants = [...this.zone.keys()].some((known) => known.endsWith(`.${name}`));
        if (!hasDescendants) response.header.rcode = RCODE.NXDOMAIN;
        continue;
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: TTL };
      if (question.type === Packet.TYPE.CNAME) {
        for (const domain of records.cname ?? []) response.answers.push(new Packet.Resource({ ...base, type: Packet.TYPE.CNAME, domain }));
      } else if (question.type === Packet.TYPE.TXT) {
        for (const value of records.txt ?? []) response.answers.push(new Packet.Resource({ ...base, type: Packet.TYPE.TXT, data: txtStrings(value) }));
      } else if (question.type === Packet.TYPE.A) {
        for (const address of records.a ?? []) response.answers.push(new Packet.Resource({ ...base, type: Packet.TYPE.A, address }));
      }
    }
    void send(response);
  }
}

function typeName(type: number): string {
  const entry = Object.entries(Packet.TYPE).find(([, value]) => value === type);
  return entry?.[0] ?? String(type);
}
