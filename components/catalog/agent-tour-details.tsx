'use client';

import { useAgentSession } from '@/components/auth/agent-session';
import { useApiFetch } from '@/components/http/http-feedback';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { AgentTourDetails } from '@/server/catalog/agent-details';
import type { OfferPrices } from '@/server/shared/catalog/prices';
import { PriceList, type PriceKindLabels } from './price-list';

type State = { status: 'anonymous' | 'loading' | 'failed' } | { status: 'ready'; details: AgentTourDetails };

const AgentDetailsContext = createContext<State>({ status: 'anonymous' });

/** Loads the agent-only parts of a tour page once the visitor is known to be signed in. */
export function AgentTourDetailsProvider({ slug, children }: { slug: string; children: ReactNode }) {
  const { status } = useAgentSession();
  const [state, setState] = useState<State>({ status: 'anonymous' });
  const fetchApi = useApiFetch();

  useEffect(() => {
    if (status !== 'authenticated') return;
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- starts a fetch for an external resource
    setState({ status: 'loading' });
    void fetchApi<AgentTourDetails>(`/api/catalog/tours/${encodeURIComponent(slug)}/agent-details`, { signal: controller.signal }).then((result) => {
      if (result.ok) setState({ status: 'ready', details: result.data });
      else if (!result.aborted) setState({ status: 'failed' });
    });
    return () => controller.abort();
  }, [slug, status, fetchApi]);

  return <AgentDetailsContext value={state}>{children}</AgentDetailsContext>;
}

/** The b2b rates of an offer, once loaded, when the agent's role may see them; else null. */
export function useAgentOfferPrices(offerId: string): OfferPrices | null {
  const state = useContext(AgentDetailsContext);
  if (state.status !== 'ready' || !state.details.b2b) return null;
  return state.details.b2b.find((entry) => entry.offerId === offerId)?.prices ?? null;
}

/** The b2b rates of one offer, beside its retail rates (senior agents and admins). */
export function AgentRate({ offerId, labels }: { offerId: string; labels: { agentRate: string; loading: string } & PriceKindLabels }) {
  const state = useContext(AgentDetailsContext);
  const prices = useAgentOfferPrices(offerId);
  if (state.status === 'loading') return <p className="text-sm text-muted-foreground">{labels.loading}</p>;
  if (!prices) return null;
  return (
    <div className="rounded-lg bg-primary/5 p-3" data-testid="agent-rate">
      <p className="text-xs font-medium text-primary">{labels.agentRate}</p>
      <PriceList prices={prices} labels={labels} priceClassName="font-semibold text-primary" />
    </div>
  );
}

/** Notes to agents: signed-in agents only. */
export function AgentNotes({ title }: { title: string }) {
  const state = useContext(AgentDetailsContext);
  const locale = useRouteLocale();
  if (state.status !== 'ready' || !state.details.notesToAgents) return null;
  return (
    <section aria-labelledby="notes-to-agents" className="rounded-xl border border-primary/30 bg-primary/5 p-5" data-testid="notes-to-agents">
      <h2 id="notes-to-agents" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-sm whitespace-pre-line">{state.details.notesToAgents[locale]}</p>
    </section>
  );
}
