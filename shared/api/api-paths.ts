// Where the versioned API and its reference live. Client-safe: the reference page's island reads them too.

export const API_BASE_PATH = '/api/v1';
/** The reference renderer's script, served from our own files (app/api/docs/scalar). */
export const API_REFERENCE_SCRIPT = '/api/docs/scalar';
