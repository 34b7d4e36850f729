'use client';

import dynamic from 'next/dynamic';

// Toasts are never needed for the first paint: load sonner after hydration, off the critical path.
export const LazyToaster = dynamic(() => import('sonner').then((module) => module.Toaster), { ssr: false });
