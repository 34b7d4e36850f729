import type { ApiKeyRow } from '@/server/api-access/api-keys';
import type { CreateApiKeyLabels, RevokeApiKeyLabels } from './api-key-labels';
import { CreateApiKeyForm } from './create-api-key-form';
import { RevokeApiKeyButton } from './revoke-api-key-button';

export type ApiKeysSectionLabels = {
  title: string;
  lead: string;
  empty: string;
  listTitle: string;
  scopes: string;
  created: string;
  expires: string;
  lastUsed: string;
  neverUsed: string;
  states: Record<ApiKeyRow['state'], string>;
  create: CreateApiKeyLabels;
  revoke: RevokeApiKeyLabels;
};

/** Texts that depend on the key: dates in the reader's language, its creator and last use. */
export type ApiKeyTexts = { created: string; expires: string; lastUsed: string | null; revokeConfirm: string };

/** The agency's API keys on /my-agencies: the form for a new one and the list, each live key with "Revoke". */
export function ApiKeysSection({ keys, texts, labels }: { keys: ApiKeyRow[]; texts: Record<string, ApiKeyTexts>; labels: ApiKeysSectionLabels }) {
  return (
    <section id="api-keys" aria-labelledby="api-keys-title" className="mt-12 scroll-mt-20">
      <h2 id="api-keys-title" className="text-lg font-semibold">
        {labels.title}
      </h2>
      <p className="text-muted-foreground">{labels.lead}</p>
      <div className="mt-4">
        <CreateApiKeyForm labels={labels.create} />
      </div>
      <h3 className="mt-6 font-semibold">{labels.listTitle}</h3>
      {keys.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{labels.empty}</p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {keys.map((key) => {
            const text = texts[key.id]!;
            return (
              <li key={key.id} data-testid="api-key" className="rounded-xl border border-border p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h4 className="font-medium break-words">{key.name}</h4>
                  <span className={key.state === 'active' ? 'text-sm font-medium text-success' : 'text-sm text-muted-foreground'}>{labels.states[key.state]}</span>
                </div>
                <code className="mt-1 block font-mono text-sm text-muted-foreground">{key.secretPrefix}…</code>
                <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                  <dt className="text-muted-foreground">{labels.scopes}</dt>
                  <dd>{key.scopes.map((scope) => labels.create.scopeNames[scope]).join(', ')}</dd>
                  <dt className="text-muted-foreground">{labels.created}</dt>
                  <dd>{text.created}</dd>
                  <dt className="text-muted-foreground">{labels.expires}</dt>
                  <dd>{text.expires}</dd>
                  <dt className="text-muted-foreground">{labels.lastUsed}</dt>
                  <dd data-testid="api-key-last-used">{text.lastUsed ?? labels.neverUsed}</dd>
                </dl>
                {key.state === 'active' ? (
                  <div className="mt-3">
                    <RevokeApiKeyButton keyId={key.id} confirmText={text.revokeConfirm} labels={labels.revoke} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
