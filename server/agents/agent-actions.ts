'use server';

import 'server-only';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { toLocale } from '@/i18n/locales';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { linkOrigin } from '@/server/http/link-origin';
import { AGENT_FIELDS, type AgentField, agentIdSchema, createAgentSchema, updateAgentSchema } from '@/shared/agents/agent-schema';
import { type AgentContext, createAgent, deleteAgent, resendInvite, restoreAgent, updateAgent } from './manage-agents';

type Done = { message: string };

/** A create or edit form's result, with what the admin entered so a failed form shows it again. */
export type AgentFormState = (ActionResult<Done, AgentField | 'agentId'> & { values: Partial<Record<AgentField, string>> }) | null;

/** The result of a one-button form (delete, restore, resend invitation). */
export type AgentCommandState = ActionResult<Done, 'agentId'> | null;

export const createAgentAction = runAction({
  schema: createAgentSchema,
  form: { echo: AGENT_FIELDS },
  permission: 'users:manage',
  run: async (input, { principal, db }) => {
    const [context, t] = await Promise.all([agentContext(), getTranslations('agents')]);
    await createAgent(db, principal, input, context);
    return { message: t('create.done', { name: input.name, email: input.email }) };
  },
  revalidate: { refresh: true },
  // The form starts empty again for the next agent.
  answer: (result): AgentFormState => (result.ok ? { ...result, values: {} } : result),
});

export const updateAgentAction = runAction({
  schema: updateAgentSchema,
  form: { echo: AGENT_FIELDS },
  permission: 'users:manage',
  run: async ({ agentId, ...input }, { principal, db }) => {
    const [context, t] = await Promise.all([agentContext(), getTranslations('agents')]);
    const { name, changed, reinvited } = await updateAgent(db, principal, agentId, input, context);
    if (changed.length === 0) return { message: t('edit.unchanged') };
    return { message: reinvited ? t('edit.reinvited', { name, email: input.email }) : t('edit.done', { name }) };
  },
  revalidate: { refresh: true },
  answer: (result): AgentFormState => result,
});

export const deleteAgentAction = runAction({
  schema: agentIdSchema,
  permission: 'users:manage',
  invalidMessage: 'errors.notFound',
  run: async ({ agentId }, { principal, db }) => ({ message: (await getTranslations('agents'))('delete.done', await deleteAgent(db, principal, agentId)) }),
  revalidate: { refresh: true },
  answer: (result): AgentCommandState => result,
});

export const restoreAgentAction = runAction({
  schema: agentIdSchema,
  permission: 'users:manage',
  invalidMessage: 'errors.notFound',
  run: async ({ agentId }, { principal, db }) => {
    const { name } = await restoreAgent(db, principal, agentId);
    return { message: (await getTranslations('agents'))('restore.done', { name }) };
  },
  revalidate: { refresh: true },
  answer: (result): AgentCommandState => result,
});

export const resendInviteAction = runAction({
  schema: agentIdSchema,
  permission: 'users:manage',
  invalidMessage: 'errors.notFound',
  run: async ({ agentId }, { principal, db }) => {
    const [context, t] = await Promise.all([agentContext(), getTranslations('agents')]);
    return { message: t('resend.done', await resendInvite(db, principal, agentId, context)) };
  },
  answer: (result): AgentCommandState => result,
});

/** The invitation goes out in the admin's language, with a link to the host the admin is using. */
async function agentContext(): Promise<AgentContext> {
  const [locale, requestHeaders] = await Promise.all([getLocale(), headers()]);
  return { locale: toLocale(locale), origin: linkOrigin(requestHeaders) };
}
