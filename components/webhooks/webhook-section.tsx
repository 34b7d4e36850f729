import { getTranslations } from 'next-intl/server';
import { formatDubaiDateTime } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { WebhookDeliveryView, WebhookEndpointView } from '@/server/webhooks/webhook-queries';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/shared/webhooks/webhook-schema';
import { CreateEndpointForm } from './create-endpoint-form';
import { WebhookCommand } from './webhook-command';

type Translate = Awaited<ReturnType<typeof getTranslations>>;

/** An event type's message key (next-intl keys hold no dots). */
const eventKey = (type: string) => `events.${type.replace('.', '_')}`;

/**
 * The agency's webhook endpoints on /my-agencies (admins): the add form, then each endpoint with
 * its switches and its latest deliveries, every attempt's answer and time, and "Resend".
 */
export async function WebhookSection({ endpoints, locale }: { endpoints: WebhookEndpointView[]; locale: Locale }) {
  const t = await getTranslations('webhooks');
  const eventNames = Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, t(eventKey(type))])) as Record<WebhookEventType, string>;
  return (
    <section id="webhooks" aria-labelledby="webhooks-title" className="mt-12 scroll-mt-20">
      <h2 id="webhooks-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="text-muted-foreground">{t('lead')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('docsHint')}</p>
      <div className="mt-4 grid gap-6">
        <CreateEndpointForm
          labels={{
            title: t('create.title'),
            url: t('create.url'),
            urlHint: t('create.urlHint'),
            events: t('create.events'),
            eventNames,
            submit: t('create.submit'),
            submitting: t('create.submitting'),
            secretTitle: t('create.secretTitle'),
            secretOnce: t('create.secretOnce'),
            secretLabel: t('create.secretLabel'),
          }}
        />
        {endpoints.length === 0 ? <p className="text-sm text-muted-foreground">{t('empty')}</p> : null}
        {endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} eventNames={eventNames} t={t} locale={locale} />
        ))}
      </div>
    </section>
  );
}

function EndpointCard({ endpoint, eventNames, t, locale }: { endpoint: WebhookEndpointView; eventNames: Record<string, string>; t: Translate; locale: Locale }) {
  const headingId = `webhook-${endpoint.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-mono text-sm font-semibold break-all">
          {endpoint.url}
        </h3>
        <span className={endpoint.enabled ? 'rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success' : 'rounded-full bg-muted px-2 py-0.5 text-xs font-medium'}>
          {endpoint.enabled ? t('endpoint.enabled') : t('endpoint.disabled')}
        </span>
      </div>
      {endpoint.disabledForFailing ? <p className="mt-2 text-sm text-destructive">{t('endpoint.disabledForFailing')}</p> : null}
      <p className="mt-2 text-sm">
        <span className="font-medium">{t('endpoint.events')}: </span>
        {endpoint.events.map((type) => eventNames[type] ?? type).join(', ')}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {endpoint.enabled ? <WebhookCommand kind="test" fields={{ endpointId: endpoint.id }} label={t('endpoint.test')} pendingLabel={t('endpoint.testing')} /> : null}
        <WebhookCommand
          kind={endpoint.enabled ? 'disable' : 'enable'}
          fields={{ endpointId: endpoint.id, enabled: endpoint.enabled ? 'off' : 'on' }}
          label={endpoint.enabled ? t('endpoint.disable') : t('endpoint.enable')}
        />
        <details className="group">
          <summary className="inline-flex h-8 cursor-pointer items-center rounded-lg px-3 text-sm text-destructive hover:bg-muted">{t('endpoint.remove')}</summary>
          <div className="mt-2 grid gap-2 rounded-lg border border-border p-3 text-sm">
            <p>{t('endpoint.removeConfirm')}</p>
            <WebhookCommand kind="delete" fields={{ endpointId: endpoint.id }} label={t('endpoint.remove')} destructive variant="default" />
          </div>
        </details>
      </div>
      <h4 className="mt-4 text-sm font-semibold">{t('deliveries.title')}</h4>
      {endpoint.deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('deliveries.empty')}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {endpoint.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} eventName={eventNames[delivery.eventType] ?? t(eventKey(delivery.eventType))} t={t} locale={locale} />
          ))}
        </ul>
      )}
    </article>
  );
}

function DeliveryRow({ delivery, eventName, t, locale }: { delivery: WebhookDeliveryView; eventName: string; t: Translate; locale: Locale }) {
  const when = (iso: string) => formatDubaiDateTime(new Date(iso), locale);
  const tone = delivery.status === 'delivered' ? 'text-success' : delivery.status === 'failed' ? 'text-destructive' : 'text-muted-foreground';
  return (
    <li className="rounded-lg border border-border p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">
            {eventName} <span className={tone}>· {t(`deliveries.${delivery.status}`)}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {t('deliveries.eventId')}: <code className="break-all">{delivery.eventId}</code> · {when(delivery.createdAt)}
          </p>
          {delivery.nextAttemptAt && delivery.attempts.length > 0 ? <p className="text-xs text-muted-foreground">{t('deliveries.nextAttempt', { at: when(delivery.nextAttemptAt) })}</p> : null}
        </div>
        <WebhookCommand kind="resend" fields={{ deliveryId: delivery.id }} label={t('deliveries.resend')} pendingLabel={t('deliveries.resending')} />
      </div>
      <details className="mt-2" open={delivery.attempts.length > 0 && delivery.attempts.length <= 3}>
        <summary className="cursor-pointer text-xs font-medium">
          {t('deliveries.attempts')} ({delivery.attempts.length})
        </summary>
        {delivery.attempts.length === 0 ? (
          <p className="mt-1 text-xs text-muted-foreground">{t('deliveries.noAttempts')}</p>
        ) : (
          <ol className="mt-1 grid gap-1 text-xs" data-testid="webhook-attempts">
            {delivery.attempts.map((attempt, index) => (
              <li key={`${attempt.at}-${index}`} className="break-words">
                {t('deliveries.attempt', {
                  at: when(attempt.at),
                  result: attempt.statusCode === null ? `${t('deliveries.noAnswer')}${attempt.error ? ` (${attempt.error})` : ''}` : `HTTP ${attempt.statusCode}`,
                  duration: attempt.durationMs,
                })}
              </li>
            ))}
          </ol>
        )}
      </details>
    </li>
  );
}
