'use client';

import { createTranslator } from 'next-intl';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { EmbedOfferList, type WidgetBookingsTranslator } from '@/components/guest-bookings/embed-offer-list';
import { WidgetSiteLanding, WidgetSiteTour, type WidgetSiteTranslator } from '@/components/widget-sites/widget-site-landing';
import { type Locale, toLocale } from '@/i18n/locales';
import type { OfferPrices } from '@/shared/catalog/prices';
import { type Currency, type ExchangeRates, isCurrency } from '@/shared/money/money';
import { discountedPrice, PRICE_KINDS } from '@/shared/widgets/widget-pricing';
import { EMBED_WIDGET_TYPES, offersShownFor, type WidgetFormValues } from '@/shared/widgets/widget-schema';
import type { WidgetSite, WidgetSiteOffer, WidgetSiteType } from '@/server/widgets/sites/widget-site';
import type { WidgetEditorLabels } from './widget-editor-labels';
import type { OfferChoice } from './widget-offer-table';

/** The guest pages' messages in each language a widget may speak: `widgetSites` and `widgetBookings`. */
export type PreviewMessages = Record<Locale, Record<string, unknown>>;

/** The widget's saved pictures, which the site shows. */
export type PreviewMedia = { logoUrls: string[]; heroImageUrl: string | null };

const SALE_FIELD = { adult: 'saleAdult', child: 'saleChild', trip: 'saleTrip' } as const;
const PHONE = { width: 390, height: 760, scale: 0.8 };
const DESKTOP = { width: 1280, height: 820, scale: 0.45 };

/** A typed sale price as the guest pays it (after the discount), or null while it is not a price. */
function guestPrice(typed: string | undefined, discount: number): number | null {
  if (!typed || !/^\d{1,7}(\.\d{1,2})?$/.test(typed)) return null;
  return discountedPrice(Math.round(Number(typed) * 100), discount);
}

/** The site the form describes, as the site's pages would read it once saved: same shape, same rules. */
function previewSite(values: WidgetFormValues, choices: readonly OfferChoice[], media: PreviewMedia, rates: ExchangeRates, locale: Locale): WidgetSite {
  const byId = new Map(choices.map((choice) => [choice.offerId, choice]));
  const discount = /^\d{1,2}$/.test(values.discountPercent ?? '') ? Number(values.discountPercent) : 0;
  const offers = (values.offers ?? []).flatMap((offer): WidgetSiteOffer[] => {
    const choice = byId.get(offer.offerId);
    if (!choice) return [];
    const prices = Object.fromEntries(PRICE_KINDS.map((kind) => [kind, choice.b2b[kind] === null ? null : guestPrice(offer[SALE_FIELD[kind]], discount)])) as OfferPrices;
    const text = choice.guest.text[locale];
    return [
      {
        offerId: choice.offerId,
        name: text.offerName,
        tourSlug: choice.guest.tourSlug,
        tourTitle: text.tourTitle,
        tourSummary: text.tourSummary,
        durationMinutes: choice.guest.durationMinutes,
        photoUrl: choice.guest.photoUrl,
        prices,
      },
    ];
  });
  const currency: Currency = isCurrency(values.currency) ? values.currency : 'AED';
  return {
    id: 'preview',
    agencyId: '',
    domain: values.domain ?? '',
    name: values.name ?? '',
    type: (EMBED_WIDGET_TYPES.includes(values.type) ? 'multi_tour' : values.type) as WidgetSiteType,
    locale,
    currency,
    rates: currency === 'RUB' ? rates : null,
    offersTitle: values.offersTitle ?? '',
    footerText: values.footerText ?? '',
    metaTitle: values.metaTitle ?? '',
    metaDescription: values.metaDescription ?? '',
    noIndex: false,
    conversionActionId: '',
    heroVideoUrl: values.heroVideoDisabled || !values.heroVideoUrl ? null : values.heroVideoUrl,
    heroImageUrl: media.heroImageUrl,
    logoUrls: media.logoUrls,
    contacts: values.contacts,
    reservationContacts: values.reservationContacts,
    partners: values.partners ?? [],
    socials: values.socials ?? [],
    offers: offersShownFor(values.type, offers),
  };
}

/**
 * The editor's preview: the widget as its guests will see it, from the form as it is now (nothing
 * saved): the site's home page and one of its tours, or the embed's tickets, each at a phone's and
 * a desktop's width, in the widget's language and currency, with the guest's prices. The same
 * components as the live pages render it; they follow their own width (container queries), so a
 * scaled-down desktop shows the desktop layout. Shown, not used: the pages inside are inert.
 */
export function WidgetPreview({
  choices,
  rates,
  labels,
  media,
  messages,
}: {
  choices: OfferChoice[];
  rates: ExchangeRates;
  labels: WidgetEditorLabels;
  media: PreviewMedia;
  messages: PreviewMessages;
}) {
  const values = useWatch<WidgetFormValues>() as WidgetFormValues;
  const [view, setView] = useState<'landing' | 'tour'>('landing');
  const locale = toLocale(values.locale);
  const site = previewSite(values, choices, media, rates, locale);
  const embed = EMBED_WIDGET_TYPES.includes(values.type);
  const firstTour = site.offers[0]?.tourSlug ?? null;
  const shown = embed ? 'tickets' : view === 'tour' && firstTour ? 'tour' : 'landing';

  const page = () => {
    if (embed) {
      const translate = createTranslator({ locale, messages: messages[locale], namespace: 'widgetBookings' as never });
      const t: WidgetBookingsTranslator = (key, params) => translate(key as never, params as never);
      const embedType = values.type === 'embedded' ? 'embedded' : 'multi_tour_embedded';
      return (
        <main className="bg-white p-4 text-zinc-900">
          <EmbedOfferList widget={{ type: embedType, offersTitle: site.offersTitle, offers: site.offers, currency: site.currency, locale, rates: site.rates }} checkoutHref={() => '#'} t={t} />
        </main>
      );
    }
    const translate = createTranslator({ locale, messages: messages[locale], namespace: 'widgetSites' as never });
    const t: WidgetSiteTranslator = (key, params) => translate(key as never, params as never);
    return shown === 'tour' && firstTour ? <WidgetSiteTour site={site} t={t} tourSlug={firstTour} /> : <WidgetSiteLanding site={site} t={t} />;
  };

  return (
    <div className="grid gap-3" data-testid="widget-preview" data-view={shown}>
      <p className="text-sm text-muted-foreground">{labels.preview.lead}</p>
      {embed ? null : (
        <div role="group" aria-label={labels.preview.pages} className="flex flex-wrap gap-2">
          {(['landing', 'tour'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={shown === option}
              disabled={option === 'tour' && !firstTour}
              onClick={() => setView(option)}
              className="rounded-lg border border-border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground disabled:opacity-50"
            >
              {labels.preview[option]}
            </button>
          ))}
        </div>
      )}
      {site.offers.length === 0 ? <p className="text-sm text-muted-foreground">{labels.preview.empty}</p> : null}
      <div className="grid items-start gap-4 sm:flex sm:flex-wrap" lang={locale}>
        <PreviewScreen label={labels.preview.phone} size={PHONE} testId="widget-preview-phone">
          {page()}
        </PreviewScreen>
        <PreviewScreen label={labels.preview.desktop} size={DESKTOP} testId="widget-preview-desktop">
          {page()}
        </PreviewScreen>
      </div>
    </div>
  );
}

/**
 * A device's screen: the page laid out at the device's width, scaled to fit the editor (down to
 * the column's width on a narrow screen), scrolled inside.
 */
function PreviewScreen({ label, size, testId, children }: { label: string; size: { width: number; height: number; scale: number }; testId: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(size.scale);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const fit = () => setScale(Math.min(size.scale, element.clientWidth / size.width));
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [size.scale, size.width]);
  // The frame takes the column's width (up to the device's scaled width) and its height from the
  // device's proportions; its content (a page laid out 1280 px wide) never widens it (`contain:
  // inline-size`), so the editor fits a phone from the server's first render on, before the effect
  // has measured anything. From the small breakpoint on, where the two screens sit side by side,
  // each is as wide as its scale says.
  const width = { '--screen-width': `${size.width * size.scale}px` } as CSSProperties;
  return (
    <figure className="grid min-w-0 gap-1 sm:w-(--screen-width) sm:max-w-full" style={width}>
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      <div
        ref={frame}
        className="w-full max-w-(--screen-width) overflow-hidden rounded-xl border border-border bg-white shadow-sm [contain:inline-size]"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
      >
        <div
          // Scrollable by keyboard too; the page inside is only shown, so this is the one stop.
          tabIndex={0}
          aria-label={label}
          role="region"
          className="origin-top-left overflow-y-auto overscroll-contain"
          style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}
          data-testid={testId}
        >
          {/* A picture of the guest's page: not part of the editor's page for keyboards and screen readers. */}
          <div inert aria-hidden>
            {children}
          </div>
        </div>
      </div>
    </figure>
  );
}
