'use server';

import 'server-only';
import { refresh } from 'next/cache';
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

export async function createAgentAction(_previous: AgentFormState, formData: FormData): Promise<AgentFormState> {
  const values = formValues(formData);
  const [context, t] = await Promise.all([agentContext(), getTranslations('agents')]);
  const result = await runAction(
    {
      schema: createAgentSchema,
      permission: 'users:manage',
      run: async (input, { principal, db }) => {
        await createAgent(db, principal, input, context);
        return { message: t('create.done', { name: input.name, email: input.email }) };
      },
    },
    values,
  );
  if (!result.ok) return { ...result, values };
  refresh();
  // The form starts empty again for the next agent.
  return { ...result, values: {} };
}

export async function updateAgentAction(_previous: AgentFormState, formData: FormData): Promise<AgentFormState> {
  const values = formValues(formData);
  const [context, t] = await Promise.all([agentContext(), getTranslations('agents')]);
  const result = await runAction(
    {
      schema: updateAgentSchema,
      permission: 'users:manage',
      run: async ({ agentId, ...input }, { principal, db }) => {
        const { name, changed, reinvited } = await updateAgent(db, principal, agentId, input, context);
        if (changed.length === 0) return { message: t('edit.unchanged') };
        return { message: reinvited ? t('edit.reinvited', { name, email: input.email }) : t('edit.done', { name }) };
      },
    },
    { ...values, agentId: formData.get('agentId') },
  );
  if (result.ok) refresh();
  return { ...result, values };
}

export async function deleteAgentAction(_previous: AgentCommandState, formData: FormData): Promise<AgentCommandState> {
  const t = await getTranslations('agents');
  const result = await runAction(
    {
      schema: agentIdSchema,
      permission: 'users:manage',
      invalidMessage: 'errors.notFound',
      run: async ({ agentId }, { principal, db }) => ({ message: t('delete.done', await deleteAgent(db, principal, agentId)) }),
    },
    { agentId: formData.get('agentId') },
  );
  if (result.ok) refresh();
  return result;
}

export async function restoreAgentAction(_previous: AgentCommandState, formData: FormData): Promise<AgentCommandState> {
  const t = await getTranslations('agents');
  const result = await runAction(
    {
      schema: agentIdSchema,
      permission: 'users:manage',
      invalidMessage: 'errors.notFound',
      run: async ({ agentId }, { principal, db }) => {
        const { name } = await restoreAgent(db, principal, agentId);
        return { message: t('restore.done', { name }) };
      },
    },
    { agentId: formData.get('agentId') },
  );
  if (result.ok) refresh();
  return result;
}

export async function resendInviteAction(_previous: AgentCommandState, formData: FormData): Promise<AgentCommandState> {
  const [context, t] = await Promise.all([agentContext(), getTranslations('agents')]);
  return runAction(
    {
      schema: agentIdSchema,
      permission: 'users:manage',
      invalidMessage: 'errors.notFound',
      run: async ({ agentId }, { principal, db }) => ({ message: t('resend.done', await resendInvite(db, principal, agentId, context)) }),
    },
    { agentId: formData.get('agentId') },
  );
}

/** The form's text fields; a missing one reads as empty, so the schema reports it as required. */
function formValues(formData: FormData): Record<AgentField, string> {
  const entries = AGENT_FIELDS.map((field) => {
    const value = formData.get(field);
    return [field, typeof value === 'string' ? value : ''] as const;
  });
  return Object.fromEntries(entries) as Record<AgentField, string>;
}

/** The invitation goes out in the admin's language, with a link to the host the admin is using. */
async function agentContext(): Promise<AgentContext> {
  const [locale, requestHeaders] = await Promise.all([getLocale(), headers()]);
  return { locale: toLocale(locale), origin: linkOrigin(requestHeaders) };
}
