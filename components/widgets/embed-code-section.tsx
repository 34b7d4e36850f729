import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { linkOrigin } from '@/server/http/link-origin';
import { CopyTextButton } from './copy-text-button';

/** The snippet an agency pastes where the tickets should appear (public/embed.js frames them there). */
export function embedSnippet(portalOrigin: string, widgetId: string): string {
  return `<script src="${portalOrigin}/embed.js" data-traveldesk-widget="${widgetId}" async></script>`;
}

/**
 * The editor's embed code for a saved widget of an embed type, under the editor: the
 * snippet on the portal's origin as the agent reached it (a host the portal serves, else AUTH_URL),
 * a copy button, and why it shows nothing until the domain is verified.
 */
export async function EmbedCodeSection({ widgetId }: { widgetId: string }) {
  const [t, requestHeaders] = await Promise.all([getTranslations('widgets.editor'), headers()]);
  const snippet = embedSnippet(linkOrigin(requestHeaders), widgetId);
  return (
    <section aria-labelledby="widget-embed-code" className="mt-8 grid gap-3 rounded-xl border border-border p-4 md:p-6" data-testid="widget-embed-code">
      <h2 id="widget-embed-code" className="text-lg font-semibold">
        {t('sections.embed')}
      </h2>
      <p>{t('embed.lead')}</p>
      <div className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3">
        <code className="min-w-0 flex-1 font-mono text-sm break-all select-all" data-testid="widget-embed-snippet">
          {snippet}
        </code>
        <CopyTextButton text={snippet} label={t('embed.copy')} copiedLabel={t('embed.copied')} failedLabel={t('embed.copyFailed')} />
      </div>
      <p className="text-sm text-muted-foreground">{t('embed.domainNote')}</p>
    </section>
  );
}
