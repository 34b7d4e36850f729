import type { ApiScope } from '@/shared/auth/permissions';

/** The texts of the API keys section, read on the server and handed to its islands. */
export type CreateApiKeyLabels = {
  title: string;
  name: string;
  nameHint: string;
  scopes: string;
  /** Short names, as the list shows them. */
  scopeNames: Record<ApiScope, string>;
  /** What each scope lets a key do, beside its checkbox. */
  scopeHints: Record<ApiScope, string>;
  lifetime: string;
  lifetimes: Record<string, string>;
  submit: string;
  submitting: string;
  secretTitle: string;
  testKey: string;
  copy: string;
  copied: string;
};

export type RevokeApiKeyLabels = {
  open: string;
  submit: string;
  submitting: string;
  cancel: string;
};
