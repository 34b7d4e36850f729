import type { AgentField } from '@/shared/agents/agent-schema';
import type { Role } from '@/shared/auth/permissions';

// Texts the agents islands render, resolved on the server (islands carry no translation runtime).

export type AgentFormLabels = {
  fields: Record<AgentField, string>;
  hints: { name: string; email: string; phone: string };
  roles: Record<Role, string>;
  submit: string;
  submitting: string;
  cancel: string;
};

export type ConfirmLabels = {
  open: string;
  confirm: string;
  confirming: string;
  cancel: string;
};

export type AgentActionsLabels = {
  edit: AgentFormLabels & { open: string };
  delete: ConfirmLabels;
  restore: ConfirmLabels;
  resend: { submit: string; submitting: string };
  /** The close button of a status line. */
  dismiss: string;
};

/** Sentences about one agent, with its name filled in. */
export type AgentSentences = {
  editTitle: string;
  deleteQuestion: string;
  restoreQuestion: string;
};
