/**
 * Codes of the errors the browser reports beside render errors (spec §8), sent as the exception's
 * type through the telemetry SDK. `CLIENT_SESSION_ERROR`: the session could not be loaded.
 */
export const CLIENT_ERROR_CODES = ['CLIENT_SESSION_ERROR'] as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
