import { showToast } from '@/components/shell/lazy-toaster';
import { whenTelemetryLoaded } from '@/components/telemetry/telemetry-loader';
import { fieldLabelOnPage } from './field-label';
import { goTo } from './navigate';
import { signOutAndGoHome } from './sign-out';

// Spec §8 in the browser: what every fetch of our API and every failed server action does with
// the answer. 401 signs out and goes home; 503 says 'Server is under maintenance'; 404 is left to
// the island's hook (useApiFetch, useApiQuery), which renders the 404 page; 422 lists `field: errorMessage` lines in a toast, each
// field by the label the page shows it with (the message alone for a field the page has not);
// other 4xx/5xx show the response's text; a failure without an answer says 'Error'. Callers keep
// their inline messages: the toast comes on top.

/** Texts from the server (islands carry no translation runtime). */
export type HttpLabels = { maintenance: string; error: string; validationError: string };

/** Spec §8's 422 body item. */
export type FieldMessage = { fieldName: string; errorMessage: string };

export type ApiResult<T> =
  /** `data`: the parsed JSON, the text of a non-JSON body, or null for 204. */
  | { ok: true; status: number; data: T }
  /** `status` null: no answer (network failure, or `aborted` by the caller's signal). */
  | { ok: false; status: number | null; aborted: boolean; errors: FieldMessage[] };

export type ApiRequest = RequestInit & {
  /**
   * Leaves a 422 to the caller's inline message, without a toast: for requests made while the
   * user is still typing, which would otherwise toast at every keystroke.
   */
  quietValidation?: boolean;
};

/** A failed server action's result (server/actions/run-action.ts). */
export type ActionFailureLike = {
  ok: false;
  /** Spec §8 status of the failure; absent from results of actions that predate it. */
  status?: number;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  retryAfterSeconds?: number;
};

/** What `useActionState` holds for an action: nothing yet, a success of any shape, or a failure. */
export type ActionStateLike = ActionFailureLike | { ok: true } | null;

type Failure = { status: number | null; text: string | null; errors: FieldMessage[]; quietValidation?: boolean };

/** Fetches one of our API's URLs and reacts to a failure as spec §8 says. */
export async function fetchApi<T>(url: string, request: ApiRequest, labels: HttpLabels): Promise<ApiResult<T>> {
  const { quietValidation, ...init } = request;
  const aborted = () => init.signal?.aborted === true;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
    body = await readBody(response);
  } catch {
    if (aborted()) return { ok: false, status: null, aborted: true, errors: [] };
    reactToFailure({ status: null, text: null, errors: [] }, labels);
    return { ok: false, status: null, aborted: false, errors: [] };
  }
  if (response.redirected) {
    // Spec §8 "redirected response: the browser goes to the final path" (e.g. a sign-in page).
    goTo(response.url);
    return { ok: false, status: response.status, aborted: false, errors: [] };
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const errors = response.status === 422 ? fieldMessages(body) : [];
  const text = responseText(body, response.headers.get('content-type'));
  reactToFailure({ status: response.status, text, errors, quietValidation }, labels);
  return { ok: false, status: response.status, aborted: false, errors };
}

/**
 * A failed server action, as a failed fetch with the same status. Results without a status
 * (actions that predate it) count as 422 when they name fields, and show their message otherwise.
 */
export function reportActionFailure(failure: ActionFailureLike, labels: HttpLabels): void {
  const errors = Object.entries(failure.fieldErrors ?? {}).flatMap(([fieldName, errorMessage]) =>
    errorMessage ? [{ fieldName, errorMessage }] : [],
  );
  const status = failure.status ?? (errors.length > 0 ? 422 : 500);
  // A refused form (422) is the user's to fix, not a failure to count; the rest show in telemetry
  // as failed dependencies (a server action answers 200 to the SDK's own fetch tracking).
  if (status !== 422) whenTelemetryLoaded((telemetry) => telemetry.actionFailure({ status, message: failure.message }));
  reactToFailure({ status, text: failure.message, errors }, labels);
}

function reactToFailure({ status, text, errors, quietValidation }: Failure, labels: HttpLabels): void {
  if (status === 401) {
    void signOutAndGoHome();
    return;
  }
  if (status === 404) return;
  if (status === 503) return toastError(labels.maintenance);
  if (status === 422) {
    if (quietValidation) return;
    const lines = errors.map(({ fieldName, errorMessage }) => {
      const label = fieldLabelOnPage(fieldName);
      return label ? `${label}: ${errorMessage}` : errorMessage;
    });
    return toastError(lines.length > 0 ? lines.join('\n') : text || labels.validationError);
  }
  toastError(status === null ? labels.error : text || labels.error);
}

function toastError(text: string): void {
  // The text is the toast's id: the same message again (a retry, a poll) replaces the toast
  // instead of stacking copies. Lines stay lines.
  showToast({ kind: 'error', text, options: { id: `http:${text}`, className: 'whitespace-pre-line' } });
}

/** Spec §8: 204 → empty result, a JSON body parsed, any other body as text. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fieldMessages(body: unknown): FieldMessage[] {
  if (!Array.isArray(body)) return [];
  return body.filter(
    (item): item is FieldMessage =>
      typeof item === 'object' && item !== null && typeof item.fieldName === 'string' && typeof item.errorMessage === 'string',
  );
}

/** The text a failure shows: a JSON error's `message`, else the body as it came (never a whole HTML page). */
function responseText(body: unknown, contentType: string | null): string | null {
  if (typeof body === 'string') return /html/i.test(contentType ?? '') ? null : body.trim() || null;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  return body === null ? null : JSON.stringify(body);
}
