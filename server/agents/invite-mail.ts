import 'server-only';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { Role } from '@/shared/auth/permissions';
import type { MailMessage } from '@/server/mail/mailer';
import agentsEn from '@/messages/agents/en.json';
import agentsRu from '@/messages/agents/ru.json';
import mainEn from '@/messages/en.json';
import mainRu from '@/messages/ru.json';

const MESSAGES = {
  en: { agents: agentsEn.agents, roles: mainEn.roles },
  ru: { agents: agentsRu.agents, roles: mainRu.roles },
} satisfies Record<Locale, unknown>;

export type InviteContext = {
  /** The inviting admin's language: the invitation is written in it. */
  locale: Locale;
  /** Scheme and host the link points to, e.g. `https://b2b.example.com`. */
  origin: string;
};

/** The invitation: who invites the agent to which agency, and the link that sets the first password. */
export function inviteMail(
  context: InviteContext,
  invite: { token: string; agent: { name: string; email: string; role: Role }; inviterName: string; agencyName: string },
): MailMessage {
  const t = createTranslator({ locale: context.locale, messages: MESSAGES[context.locale] });
  const link = `${context.origin}${localizedPath(context.locale, '/reset-password')}?token=${encodeURIComponent(invite.token)}`;
  const values = {
    name: invite.agent.name,
    inviter: invite.inviterName,
    agency: invite.agencyName,
    role: t(`roles.${invite.agent.role}`),
    link,
  };
  return {
    to: invite.agent.email,
    subject: t('agents.inviteMail.subject', values),
    text: t('agents.inviteMail.text', values),
    kind: 'invite',
  };
}
