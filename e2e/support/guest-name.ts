import { randomUUID } from 'node:crypto';

/** Letters only, as guest names must be. */
export function uniqueName(): string {
  return randomUUID()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)
    .replace(/^./, (first) => first.toUpperCase());
}
