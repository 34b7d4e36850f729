// The sandbox gateway's test cards, shown on its hosted page. Pure.

export type SandboxCardOutcome = 'success' | 'decline' | 'insufficientFunds' | 'expiredCard' | 'challenge' | 'processing';

/** Numbers in the style the card industry uses for tests; each one always has the same outcome. */
export const SANDBOX_TEST_CARDS: readonly { number: string; outcome: SandboxCardOutcome }[] = [
  { number: '4242 4242 4242 4242', outcome: 'success' },
  { number: '4000 0000 0000 0002', outcome: 'decline' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0000 0000 0069', outcome: 'expiredCard' },
  { number: '4000 0000 0000 3220', outcome: 'challenge' },
  { number: '4000 0000 0000 0077', outcome: 'processing' },
];

export function sandboxCardOutcome(cardNumber: string): SandboxCardOutcome | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return SANDBOX_TEST_CARDS.find((card) => card.number.replace(/ /g, '') === digits)?.outcome ?? null;
}
