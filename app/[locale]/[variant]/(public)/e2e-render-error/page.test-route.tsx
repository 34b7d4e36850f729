import { RenderErrorTrigger } from '@/components/errors/render-error-trigger';
import { requireTestHooks } from '@/server/test-hooks/test-hook-guard';

export const dynamic = 'force-dynamic';

/** Lets the end-to-end suite show the frontend error screen. Only in test builds, and there a 404 unless TEST_HOOKS=1. */
export default function RenderErrorTestPage() {
  requireTestHooks();
  return <RenderErrorTrigger />;
}
