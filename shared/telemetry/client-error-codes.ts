/**
 * Codes of the errors the browser reports beside render errors (spec §8), shared by the islands
 * that send them and the endpoint that records them. `CLIENT_SESSION_ERROR`: the session could
 * not be loaded.
 */
export const CLIENT_ERROR_CODES = ['CLIENT_SESSION_ERROR'] as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
