'use client';

import { useEffect } from 'react';
import { useApiQuery } from '@/components/http/api-query';
import type { AgentTourDetails } from '@/server/catalog/agent-details';

export type AgentDetailsState = { status: 'anonymous' | 'loading' | 'failed' } | { status: 'ready'; details: AgentTourDetails };

/**
 * Asks for a tour's agent-only details through the client cache (fresh for 120 s, spec §9) and
 * hands each change of the answer up. Loaded only for signed-in agents, so the cache's code stays
 * out of the public tour page's first load.
 */
export function AgentDetailsQuery({ slug, customerView, onChange }: { slug: string; customerView: boolean; onChange: (state: AgentDetailsState) => void }) {
  // The server decides by the cookie; the view in the address keeps the two answers apart in the client cache.
  const query = useApiQuery<AgentTourDetails>(`/api/catalog/tours/${encodeURIComponent(slug)}/agent-details${customerView ? '?view=customer' : ''}`);
  const details = query.status === 'ready' ? query.data : null;
  useEffect(() => onChange(details ? { status: 'ready', details } : { status: query.status === 'failed' ? 'failed' : 'loading' }), [details, query.status, onChange]);
  return null;
}
