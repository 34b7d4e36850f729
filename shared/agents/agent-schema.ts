// The agent form's fields, shared by the forms and the agents actions. Pure. Error messages are
// message keys (in `agents.errors`).
import { z } from 'zod';
import { ROLES } from '@/shared/auth/permissions';
import { NAME_PATTERN } from '@/shared/bookings/checkout-schema';
import { text } from '@/shared/text';

/** Digits and spaces, with an optional leading +, 6 to 20 characters. */
const PHONE_PATTERN = /^\+?\d[\d ]{5,19}$/;

const required = { error: 'agents.errors.required' };

const optionalText = (schema: z.ZodString) => schema.transform((value) => value || null);

export const agentFieldsSchema = z.object({
  name: text(required)
    .min(1, required)
    .max(100, { error: 'agents.errors.tooLong' })
    .regex(NAME_PATTERN, { error: 'agents.errors.nameLetters' }),
  email: text(required)
    .min(1, required)
    .max(254, { error: 'agents.errors.tooLong' })
    .pipe(z.email({ error: 'agents.errors.email' }))
    .transform((value) => value.toLowerCase()),
  phone: optionalText(
    text().refine((value) => value === '' || PHONE_PATTERN.test(value), { error: 'agents.errors.phone' }),
  ),
  role: z.enum(ROLES, { error: 'agents.errors.role' }),
  jobTitle: optionalText(text().max(100, { error: 'agents.errors.tooLong' })),
});

const agentId = z.uuid({ error: 'errors.notFound' });

export const createAgentSchema = agentFieldsSchema;
export const updateAgentSchema = agentFieldsSchema.extend({ agentId });
/** Delete, restore and resend: the form carries only the agent's id. */
export const agentIdSchema = z.object({ agentId });

export type AgentInput = z.output<typeof agentFieldsSchema>;
export type AgentField = keyof z.input<typeof agentFieldsSchema>;
export const AGENT_FIELDS = ['name', 'email', 'phone', 'role', 'jobTitle'] as const satisfies readonly AgentField[];
