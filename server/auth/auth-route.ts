import 'server-only';
import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db/database';
import { handlers } from './auth';
import { answerEndedSession } from './session-endpoint';

/** The handlers of `/api/auth/*`: Auth.js's, after the check of an ended session. */
export const authRouteHandlers = {
  GET: async (request: NextRequest) => (await answerEndedSession(request, getDb)) ?? handlers.GET(request),
  POST: async (request: NextRequest) => (await answerEndedSession(request, getDb)) ?? handlers.POST(request),
};
