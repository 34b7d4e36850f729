import { CircleCheck, CircleX } from '@/components/icons/icons';
import { formatDay } from '@/components/balance/format';
import type { Locale } from '@/i18n/locales';
import { dubaiWallClock } from '@/shared/availability/rules';
import { type DomainCheckError, holdsToken, pointsAtTarget, txtRecordName } from '@/shared/widgets/domain-verification';
import type { WidgetDomainState, WidgetDomainStatus } from '@/server/widgets/widget-queries';
import { CopyTextButton } from './copy-text-button';
import { DomainCheckButton } from './domain-check-button';
import { DomainStatusBadge } from './domain-status-badge';

// The editor's "Domain" section under the domain field (spec §4): the saved domain's status, the
// two DNS records to create, what the last check found and when, and the "Check" button. Rendered
// by the server from props only (the editor takes it as a slot), with two small islands.

/** Built by `domainPanelLabels()` (./domain-panel-labels.ts). Texts with a `{placeholder}` are raw. */
export type DomainPanelLabels = {
  locale: Locale;
  status: string;
  statuses: Record<WidgetDomainStatus, string>;
  noDomain: string;
  lead: string;
  /** For a verified domain, in place of the set-up instructions: `lead` with `{domain}`, and the records' fold. */
  verified: { lead: string; records: string };
  records: { caption: string; type: string; name: string; value: string };
  /** `name` and `value` with `{type}`. */
  copy: { name: string; value: string; copied: string; failed: string };
  /** With `{addresses}`. */
  apex: string;
  /** `when` with `{when}`. */
  lastCheck: { title: string; when: string; never: string; cname: string; txt: string; nothing: string; right: string; wrong: string };
  /** `cnameMismatch` with `{target}`. */
  reasons: Record<DomainCheckError | 'unknown', string>;
  check: string;
  checking: string;
  checkFailed: string;
  /** `failed` and `unconfirmed` (verified, but DNS did not answer this time) with `{reason}`. */
  result: { verified: string; failed: string; unconfirmed: string };
};

type Props = {
  widgetId: string;
  domain: WidgetDomainState;
  /** `widgetCnameTarget()` from server/widgets/domains/domain-resolver.ts. */
  cnameTarget: string;
  /** `widgetApexAddresses()`: the A records an apex domain may use instead of a CNAME; none by default. */
  aRecords?: readonly string[];
  labels: DomainPanelLabels;
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** Spec §9's date and `HH:mm`, on the Dubai clock. */
function formatCheckedAt(at: Date, locale: Locale): string {
  const wallClock = dubaiWallClock(at).toISOString();
  return `${formatDay(wallClock.slice(0, 10), locale)} ${wallClock.slice(11, 16)}`;
}

export function DomainPanel({ widgetId, domain, cnameTarget, aRecords = [], labels }: Props) {
  if (domain.domain === null || domain.status === null) {
    return (
      <p className="rounded-lg border border-dashed border-border bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="domain-panel-empty">
        {labels.noDomain}
      </p>
    );
  }
  const reasons = { ...labels.reasons, cnameMismatch: fill(labels.reasons.cnameMismatch, { target: cnameTarget }) };
  const records = [
    { type: 'CNAME', name: domain.domain, value: cnameTarget },
    { type: 'TXT', name: txtRecordName(domain.domain), value: domain.token },
  ];
  const check = domain.check;
  const found = check
    ? [
        // A domain verified through an apex A record has no CNAME, and needs none.
        { key: 'cname', label: labels.lastCheck.cname, values: check.cname, right: pointsAtTarget(check.cname, cnameTarget) || (domain.status === 'verified' && check.error === null) },
        { key: 'txt', label: labels.lastCheck.txt, values: check.txt, right: holdsToken(check.txt, domain.token) },
      ]
    : [];
  const reason = check?.error ? (reasons[check.error as DomainCheckError] ?? reasons.unknown) : null;
  const verified = domain.status === 'verified';
  const recordsTable = (
      <div className="overflow-hidden rounded-lg border border-border">
        <table className="w-full table-fixed" data-testid="domain-records">
          <caption className="sr-only">{labels.records.caption}</caption>
          <colgroup>
            <col className="w-16 sm:w-20" />
            <col />
            <col />
          </colgroup>
          <thead className="bg-muted text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">{labels.records.type}</th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">{labels.records.name}</th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">{labels.records.value}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {records.map((record) => (
              <tr key={record.type} className="align-top" data-record={record.type}>
                <th scope="row" className="px-2 py-2 text-left font-mono font-medium sm:px-3">{record.type}</th>
                {(['name', 'value'] as const).map((part) => (
                  <td key={part} className="px-2 py-1 sm:px-3">
                    <span className="flex items-start gap-1">
                      <code className="min-w-0 flex-1 py-1 break-all" data-testid={`record-${part}`}>{record[part]}</code>
                      <CopyTextButton
                        text={record[part]}
                        label={fill(labels.copy[part], { type: record.type })}
                        copiedLabel={labels.copy.copied}
                        failedLabel={labels.copy.failed}
                      />
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
  );

  return (
    <div className="grid min-w-0 gap-4 text-sm" data-testid="domain-panel" data-domain-status={domain.status}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{domain.domain}</span>
        <span className="sr-only">{labels.status}:</span>
        <DomainStatusBadge status={domain.status} label={labels.statuses[domain.status]} />
      </p>
      {verified ? (
        <p className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900" data-testid="domain-verified">
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {fill(labels.verified.lead, { domain: domain.domain })}
        </p>
      ) : (
        <p className="text-muted-foreground">{labels.lead}</p>
      )}
      {/* A verified domain needs no set-up: its records stay at hand, folded, for a move of DNS provider. */}
      {verified ? (
        <details className="group" data-testid="domain-records-fold">
          <summary className="cursor-pointer font-medium text-primary">{labels.verified.records}</summary>
          <div className="mt-2">{recordsTable}</div>
        </details>
      ) : (
        recordsTable
      )}
      {aRecords.length > 0 && !verified ? <p className="text-muted-foreground">{fill(labels.apex, { addresses: aRecords.join(', ') })}</p> : null}

      <section className="grid gap-2" data-testid="domain-last-check">
        <h3 className="font-medium">{labels.lastCheck.title}</h3>
        {domain.checkedAt ? (
          <p>
            <time dateTime={domain.checkedAt.toISOString()}>{fill(labels.lastCheck.when, { when: formatCheckedAt(domain.checkedAt, labels.locale) })}</time>
          </p>
        ) : (
          <p className="text-muted-foreground">{labels.lastCheck.never}</p>
        )}
        {reason ? <p className="text-red-800" data-testid="domain-check-reason">{reason}</p> : null}
        {found.length > 0 ? (
          <dl className="grid gap-1">
            {found.map((item) => (
              <div key={item.key} className="flex min-w-0 flex-wrap items-start gap-x-2" data-found={item.key}>
                <dt className="text-muted-foreground">{item.label}:</dt>
                <dd className="flex min-w-0 items-start gap-1">
                  {item.right ? <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" /> : <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />}
                  <span className="min-w-0 break-all">
                    {item.values.length > 0 ? <code>{item.values.join(', ')}</code> : <span className="italic">{labels.lastCheck.nothing}</span>}
                    <span className="sr-only"> ({item.right ? labels.lastCheck.right : labels.lastCheck.wrong})</span>
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>

      {/* A result said about the previous domain must not stay beside a new one. */}
      <DomainCheckButton
        key={domain.domain}
        widgetId={widgetId}
        labels={{ check: labels.check, checking: labels.checking, checkFailed: labels.checkFailed, ...labels.result, reasons }}
      />
    </div>
  );
}
