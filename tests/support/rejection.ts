import { RuleViolation } from '@/server/errors';

/** The RuleViolation a promise rejects with (failing the test when it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<RuleViolation> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RuleViolation);
  return error as RuleViolation;
}
