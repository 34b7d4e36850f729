import { refresh } from 'next/cache';
import type { Principal } from '@/server/auth/principal';
import { setCustomerViewAction } from '@/server/auth/customer-view-actions';
import { CUSTOMER_VIEW_COOKIE, CUSTOMER_VIEW_MAX_AGE_SECONDS } from '@/shared/auth/customer-view';
import { session } from '../support/route-requests';

// The header switch's action, through the agents' action wrapper: a signed-in agent of any role
// sets or clears this device's cookie, the page renders again with it; bad input or nobody
// signed in changes nothing.

const jar = vi.hoisted(() => ({ set: vi.fn(), delete: vi.fn(), getAll: () => [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }), cookies: async () => jar }));
vi.mock('next/cache', async (original) => ({ ...(await original<typeof import('next/cache')>()), refresh: vi.fn() }));
vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

const junior: Principal = { userId: 'u1', email: 'j@example.test', name: 'Jo', role: 'junior', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };

afterEach(() => {
  session.principal = null;
  jar.set.mockClear();
  jar.delete.mockClear();
  vi.mocked(refresh).mockClear();
});

describe('setCustomerViewAction', () => {
  it('turns the view on for a year on this device and renders the page again', async () => {
    session.principal = junior;
    expect(await setCustomerViewAction({ on: true })).toEqual({ ok: true, data: { on: true } });
    expect(jar.set).toHaveBeenCalledWith(CUSTOMER_VIEW_COOKIE, '1', { path: '/', sameSite: 'lax', maxAge: CUSTOMER_VIEW_MAX_AGE_SECONDS });
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('turns it off by deleting the cookie', async () => {
    session.principal = { ...junior, role: 'admin', customerView: true };
    expect(await setCustomerViewAction({ on: false })).toEqual({ ok: true, data: { on: false } });
    expect(jar.delete).toHaveBeenCalledWith({ name: CUSTOMER_VIEW_COOKIE, path: '/' });
    expect(jar.set).not.toHaveBeenCalled();
  });

  it('refuses a visitor and input that is not a yes or no, and sets nothing', async () => {
    expect(await setCustomerViewAction({ on: true })).toMatchObject({ ok: false, status: 401 });
    session.principal = junior;
    expect(await setCustomerViewAction({ on: 'yes' } as never)).toMatchObject({ ok: false, status: 422 });
    expect(jar.set).not.toHaveBeenCalled();
    expect(jar.delete).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
