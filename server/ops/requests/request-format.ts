import 'server-only';

/** `AED 1,234.50` for mails and audit-free texts (the pages format with the shared money helpers). */
export function formatAedMinor(minor: number): string {
  return `AED ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
