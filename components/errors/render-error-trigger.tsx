'use client';

/** Throws while rendering in the browser (used only by the e2e test hook page). */
export function RenderErrorTrigger(): never {
  throw new Error('Test render error from the e2e hook');
}
