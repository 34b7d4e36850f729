'use client';

import dynamic from 'next/dynamic';
import { useAgentSession } from '@/components/auth/agent-session';

export type CustomerViewLabels = { label: string; on: string; off: string; hint: string; failed: string };

function SwitchPlaceholder() {
  return <div aria-hidden className="h-9 w-9 lg:w-16 2xl:w-40" />;
}

// The switch and its action load only for signed-in agents: a visitor's page never downloads them.
const CustomerViewButton = dynamic(() => import('./customer-view-button').then((module) => module.CustomerViewButton), {
  loading: () => <SwitchPlaceholder />,
});

/** Customer view's switch, for signed-in agents only (a visitor never sees a NET figure). */
export function CustomerViewSwitch({ labels }: { labels: CustomerViewLabels }) {
  const session = useAgentSession();
  if (session.status !== 'authenticated') return null;
  return <CustomerViewButton labels={labels} />;
}
