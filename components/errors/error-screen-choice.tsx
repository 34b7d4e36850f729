'use client';

import { useEffect, useState } from 'react';
import { type ErrorScreenLabels, FrontendErrorScreen } from './frontend-error-screen';
import { MaintenanceScreen } from './maintenance-screen';
import { isServerOutage } from './server-outage';

type Choice = 'asking' | 'maintenance' | 'error';

/**
 * The screen for a caught error: the frontend error screen (spec §8), or the maintenance screen
 * when the error came from the server (`askServer`) and the server says its database is down.
 * Nothing shows during the one short question, so a stack never flashes before maintenance.
 */
export function ErrorScreenChoice({
  message,
  componentStack,
  askServer,
  labels,
}: {
  message: string;
  componentStack?: string;
  askServer: boolean;
  labels: ErrorScreenLabels;
}) {
  const [choice, setChoice] = useState<Choice>(askServer ? 'asking' : 'error');

  useEffect(() => {
    if (!askServer) return;
    let current = true;
    void isServerOutage().then((outage) => current && setChoice(outage ? 'maintenance' : 'error'));
    return () => {
      current = false;
    };
  }, [askServer]);

  if (choice === 'asking') return null;
  if (choice === 'maintenance') return <MaintenanceScreen labels={labels} />;
  return <FrontendErrorScreen message={message} componentStack={componentStack} labels={labels} />;
}
