import { http, HttpResponse } from 'msw';

/**
 * Auth.js's sign-out as the browser calls it (a CSRF token, then the POST), for msw: what the
 * client helpers do on a 401 or an ended session. `onSignOut` counts the sign-outs.
 */
export function signOutEndpoints(onSignOut: () => void) {
  return [
    http.get('*/api/auth/csrf', () => HttpResponse.json({ csrfToken: 'csrf' })),
    http.post('*/api/auth/signout', () => {
      onSignOut();
      return HttpResponse.json({ url: 'http://localhost/' });
    }),
  ];
}
