import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/** A client cache of its own for one rendered tree, so no answer cached by an earlier test is served. */
export function FreshClientCache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;
}
