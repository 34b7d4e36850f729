/** Sessions last a working day (Auth.js's maxAge and the agent session rows). */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * A cookie the browser's scripts may read, saying "an agent signed in here". Public pages are
 * static and the same for everyone, so they learn about the agent on the client; the hint spares
 * every visitor the session request. It grants nothing: the session is Auth.js's httpOnly cookie,
 * and every agent-only answer checks that.
 */
export const SESSION_HINT_COOKIE = 'td-signed-in';

/** Lives as long as a session; the client renews it whenever it sees the session alive. */
export const SESSION_HINT_MAX_AGE_SECONDS = SESSION_MAX_AGE_SECONDS;

/**
 * Set on <html> before hydration when the hint is present, so the visitor's "Sign in" buttons
 * in the static HTML stay hidden for an agent until the session is known.
 */
export const SESSION_HINT_CLASS = 'session-hinted';

/** The inline script that sets SESSION_HINT_CLASS before the first paint. */
export const SESSION_HINT_SCRIPT = `document.cookie.split('; ').includes('${SESSION_HINT_COOKIE}=1')&&document.documentElement.classList.add('${SESSION_HINT_CLASS}')`;
