// A widget domain's DNS verification (spec §4 "Domain"): the records an agency creates and the
// rule that reads what a resolver found. Pure and client-safe: the server decides with it, and the
// editor's domain panel names the same records and marks the ones the last check found right.

/**
 * What a single lookup answered. `nxdomain` and `noRecords` are answers (the records are not
 * there); the others mean the resolver could not tell.
 */
export const DNS_LOOKUP_ERRORS = ['nxdomain', 'noRecords', 'timeout', 'servfail', 'refused', 'unreachable', 'resolverError'] as const;
export type DnsLookupError = (typeof DNS_LOOKUP_ERRORS)[number];

/** Why a check did not verify: a lookup's trouble, or which record is wrong. Kept in `WidgetDomainCheck.error`. */
export const DOMAIN_CHECK_ERRORS = [...DNS_LOOKUP_ERRORS, 'txtMissing', 'cnameMismatch'] as const;
export type DomainCheckError = (typeof DOMAIN_CHECK_ERRORS)[number];

export type DnsLookup = { records: string[]; error: DnsLookupError | null };

/** What the resolver found: the domain's CNAME, the TXT at `txtRecordName(domain)`, and its A records when they count. */
export type DnsFindings = { cname: DnsLookup; txt: DnsLookup; a: DnsLookup | null };

export type DomainExpectation = {
  /** The widget's `domainToken`. */
  token: string;
  /** The portal's widget host the domain's CNAME must name. */
  cnameTarget: string;
  /** The portal's addresses an apex domain (which cannot have a CNAME) may point at instead; empty when not offered. */
  aRecords: readonly string[];
};

/** The shape stored in `widgets.domain_check`. */
export type DomainCheckFindings = { cname: string[]; txt: string[]; error: DomainCheckError | null };

export type DomainVerdict = {
  status: 'verified' | 'failed';
  /** False when the resolver could not tell (timeout, SERVFAIL…): the records may well be right. */
  conclusive: boolean;
  check: DomainCheckFindings;
};

/**
 * The TXT record lives on a name of its own: a CNAME allows no other record beside it on the
 * same name (RFC 1034 §3.6.2), so the token cannot sit on the domain itself.
 */
export function txtRecordName(domain: string): string {
  return `_traveldesk.${domain}`;
}

/** Resolvers and DNS panels write names with or without the root's trailing dot, in mixed case. */
export function normalizeHostName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

export function pointsAtTarget(cnames: readonly string[], target: string): boolean {
  const wanted = normalizeHostName(target);
  return cnames.some((name) => normalizeHostName(name) === wanted);
}

export function holdsToken(txt: readonly string[], token: string): boolean {
  return txt.some((value) => value.trim() === token);
}

function isTrouble(error: DnsLookupError | null): error is Exclude<DnsLookupError, 'nxdomain' | 'noRecords'> {
  return error !== null && error !== 'nxdomain' && error !== 'noRecords';
}

/**
 * Verified when the TXT record holds the token and the domain points at the portal: by CNAME, or
 * by an A record on one of `aRecords` (apex domains). Failed otherwise, with the reason an agency
 * can act on. A lookup the resolver could not answer fails the check only as inconclusive, unless
 * another record is known to be wrong, which fails it whatever that lookup would have said.
 */
export function evaluateDomainCheck(found: DnsFindings, expected: DomainExpectation): DomainVerdict {
  const cname = found.cname.records.map(normalizeHostName);
  const txt = found.txt.records;
  const addresses = found.a?.records ?? [];
  const verdict = (error: DomainCheckError | null, conclusive = true): DomainVerdict => ({
    status: error === null ? 'verified' : 'failed',
    conclusive,
    check: { cname, txt, error },
  });
  const txtOk = holdsToken(txt, expected.token);
  const pointsOk = pointsAtTarget(cname, expected.cnameTarget) || addresses.some((address) => expected.aRecords.includes(address));
  if (txtOk && pointsOk) return verdict(null);

  const txtTrouble = isTrouble(found.txt.error) ? found.txt.error : null;
  const pointingTrouble = [found.cname.error, found.a?.error ?? null].find(isTrouble) ?? null;
  const txtKnownMissing = !txtOk && txtTrouble === null;
  const pointingKnownWrong = !pointsOk && pointingTrouble === null;
  if (!txtKnownMissing && !pointingKnownWrong) return verdict(txtTrouble ?? pointingTrouble ?? 'resolverError', false);

  const domainMissing = found.cname.error === 'nxdomain' && (found.a === null || found.a.error === 'nxdomain');
  if (domainMissing) return verdict('nxdomain');
  const nothingFound = cname.length === 0 && txt.length === 0 && addresses.length === 0;
  if (nothingFound && txtTrouble === null && pointingTrouble === null) return verdict('noRecords');
  return verdict(txtKnownMissing ? 'txtMissing' : 'cnameMismatch');
}
