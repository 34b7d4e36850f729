'use client';

// The last resort, for errors in the shell itself; page errors meet FrontendErrorBoundary first,
// inside the shell, where React hands over the component stack.
export { RouteError as default } from '@/components/errors/route-error';
