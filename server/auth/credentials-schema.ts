// The sign-in form's fields, shared by the server action and Auth.js's `authorize`. Pure.
import 'server-only';
import { z } from 'zod';

/** C0 and C1 control characters (NUL, escape, DEL…): no e-mail or typed password has one. */
const CONTROL_CHARACTER = /\p{Cc}/u;
const withoutControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);
export const CONTROL_CHARACTERS_MESSAGE = 'errors.controlCharacters';

export const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(254).refine(withoutControlCharacters, { error: CONTROL_CHARACTERS_MESSAGE }),
  password: z.string().min(1).max(200).refine(withoutControlCharacters, { error: CONTROL_CHARACTERS_MESSAGE }),
});
export type Credentials = z.infer<typeof credentialsSchema>;
