import 'server-only';
import { isProvidedFile } from '@/server/files/uploads';

/**
 * How an action's form becomes its input, declared beside its schema instead of read by hand:
 * every named field once (a string), React's own `$ACTION_…` fields left out, and the fields a
 * plain string cannot hold named here.
 */
export type FormShape<Echo extends string = string> = {
  /** Fields posted several times (checkbox groups, multi-selects): always an array of strings, empty when none is ticked. */
  arrays?: readonly string[];
  /** File inputs: the chosen file, or nothing when none was chosen (a browser posts an empty, unnamed file). */
  files?: readonly string[];
  /**
   * Text fields sent back with the answer, so the form shows again what was typed (React resets a
   * form after its action). Never passwords; files cannot be refilled by a page at all.
   */
  echo?: readonly Echo[];
};

/** The form's fields as the action's schema reads them. A field the form does not post stays absent. */
export function formInput(form: FormData, shape: FormShape = {}): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of shape.arrays ?? []) input[name] = [];
  for (const name of new Set(form.keys())) {
    if (name.startsWith('$')) continue;
    const values = form.getAll(name);
    if (shape.arrays?.includes(name)) input[name] = values.filter((value) => typeof value === 'string');
    else if (shape.files?.includes(name)) input[name] = values.find(isProvidedFile);
    // A file in a text field is not text: the field reads as absent.
    else input[name] = values.find((value) => typeof value === 'string');
  }
  return input;
}

/** The echoed fields' text as posted (absent ones left out). */
export function echoedValues<Echo extends string>(form: FormData | null, echo: readonly Echo[]): Partial<Record<Echo, string>> {
  const values: Partial<Record<Echo, string>> = {};
  if (!form) return values;
  for (const name of echo) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** Whether the form carried a chosen file in one of its file fields (which a refusal drops). */
export function carriesFiles(form: FormData | null, files: readonly string[]): boolean {
  return form !== null && files.some((name) => form.getAll(name).some(isProvidedFile));
}
