'use client';

import dynamic from 'next/dynamic';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useAgentSession } from '@/components/auth/agent-session';
import { useCustomerView } from '@/components/customer-view/customer-view-store';
import { useRouteLocale } from '@/components/i18n/locale-link';
import type { OfferPrices } from '@/shared/catalog/prices';
import type { AgentDetailsState } from './agent-details-query';
import { PriceList, type PriceKindLabels } from './price-list';

// The query and the client cache load once the visitor is known to be an agent.
const AgentDetailsQuery = dynamic(() => import('./agent-details-query').then((module) => module.AgentDetailsQuery), { ssr: false });

const ANONYMOUS: AgentDetailsState = { status: 'anonymous' };
const LOADING: AgentDetailsState = { status: 'loading' };

const AgentDetailsContext = createContext<AgentDetailsState>(ANONYMOUS);

/** Loads the agent-only parts of a tour page once the visitor is known to be signed in. */
export function AgentTourDetailsProvider({ slug, children }: { slug: string; children: ReactNode }) {
  const { status } = useAgentSession();
  const customerView = useCustomerView();
  const [answer, setAnswer] = useState<AgentDetailsState>(LOADING);
  const signedIn = status === 'authenticated';
  // The server leaves the NET rates out in customer view (server/auth/customer-view.ts); the
  // answer asked before the switch moved is not shown meanwhile, nor served from the cache after.
  const value = !signedIn ? ANONYMOUS : customerView === null ? LOADING : customerView ? withoutAgentFigures(answer) : answer;
  return (
    <AgentDetailsContext value={value}>
      {signedIn && customerView !== null ? <AgentDetailsQuery slug={slug} customerView={customerView} onChange={setAnswer} /> : null}
      {children}
    </AgentDetailsContext>
  );
}

function withoutAgentFigures(state: AgentDetailsState): AgentDetailsState {
  return state.status === 'ready' ? { status: 'ready', details: { notesToAgents: null, b2b: null } } : state;
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
