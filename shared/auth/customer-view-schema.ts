import { z } from 'zod';

/** The header switch's input: the view wanted on this device. */
export const customerViewSchema = z.object({ on: z.boolean() });

export type CustomerViewInput = z.input<typeof customerViewSchema>;
