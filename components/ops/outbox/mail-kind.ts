import type { getTranslations } from 'next-intl/server';

type OutboxTranslator = Awaited<ReturnType<typeof getTranslations<'opsOutbox'>>>;

/** A mail kind as the outbox names it; a kind without a name (an older one) shows as stored. */
export function mailKindLabel(t: OutboxTranslator, kind: string): string {
  return t.has(`kinds.${kind}`) ? t(`kinds.${kind}`) : kind;
}
