import { authRouteHandlers } from '@/server/auth/auth-route';

export const { GET, POST } = authRouteHandlers;
