'use client';

import { createContext, useContext } from 'react';

/**
 * The editor's error texts by message key: the resolver's issues carry keys (`widgets.errors.…`),
 * the server's arrive translated and pass through as they are.
 */
export const ErrorTextContext = createContext<Record<string, string>>({});

export function useErrorText(): (message: string) => string {
  const texts = useContext(ErrorTextContext);
  return (message) => texts[message] ?? message;
}
