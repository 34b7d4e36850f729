import { Clock, Mail, MapPin, MessageCircle, Phone, PlayCircle, Send } from '@/components/icons/icons';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { StaticImage } from '@/components/ui/static-image';
import { formatAedAs } from '@/shared/money/money';
import { widgetBookPath, widgetSiteTitle } from '@/shared/widgets/widget-site-links';
import type { WidgetSite, WidgetSiteOffer } from '@/server/widgets/sites/widget-site';
import { heroVideoOf } from '@/shared/widgets/hero-video';
import { GuestPriceList } from './guest-price-list';
import { HeroVideo } from './hero-video';
import { emailHref, httpsHref, phoneHref, telegramHref, viberHref, whatsAppHref } from './contact-links';

// An agency's widget site: white-label, in the widget's language and currency, at the guest's
// prices. Server-rendered text; the one island is the hero video's click-to-play facade, on a site
// with a video only. The agency's texts are rendered as text (React escapes them), never as HTML.

/** The `widgetSites` messages in the site's language: getTranslations on a page, createTranslator in a test. */
export type WidgetSiteTranslator = (key: string, values?: Record<string, string | number>) => string;

type Props = { site: WidgetSite; t: WidgetSiteTranslator };

export function WidgetSiteLanding({ site, t }: Props) {
  return (
    // A container: the layout follows the site's own width, which is the window's on the site and
    // a phone's or a desktop's in the editor's preview.
    <div className="@container flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      <main className="flex-1">
        <Hero site={site} t={t} />
        <OffersSection site={site} t={t} />
        <ContactsSection site={site} t={t} />
      </main>
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}

/**
 * One tour of the site as the guest sees it, between the site's header and footer: the editor's
 * preview of a tour (its photo, story and offers with their prices and "Book" links).
 */
export function WidgetSiteTour({ site, t, tourSlug }: Props & { tourSlug: string }) {
  const offers = site.offers.filter((offer) => offer.tourSlug === tourSlug);
  return (
    <div className="@container flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        <TourBlock site={site} offers={offers} t={t} />
      </main>
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}

export function WidgetSiteHeader({ site, t }: Props) {
  return (
    <header className="border-b border-zinc-200">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <Link href="/" prefetch={false} className="flex items-center gap-3 font-semibold">
          {site.logoUrls.map((url) => (
            <StaticImage key={url} src={url} alt={t('header.logo', { name: site.name })} width={160} height={48} sizes="160px" className="h-10 w-auto object-contain" />
          ))}
          <span>{site.contacts.company || widgetSiteTitle(site)}</span>
        </Link>
        {site.contacts.phone && phoneHref(site.contacts.phone) ? (
          <a href={phoneHref(site.contacts.phone)!} className="ml-auto flex items-center gap-1.5 text-sm font-medium">
            <Phone aria-hidden className="size-4" />
            {site.contacts.phone}
          </a>
        ) : null}
      </div>
    </header>
  );
}

/**
 * What stands behind the site's title: the agency's hero image; without one, the photo of the
 * first tour it sells; without any photo, its logo on the brand colour. Never a bare dark block.
 */
function heroBackdropOf(site: WidgetSite): { kind: 'image' | 'tourPhoto'; url: string } | { kind: 'brand'; logoUrl: string | null } {
  if (site.heroImageUrl) return { kind: 'image', url: site.heroImageUrl };
  const photo = site.offers.find((offer) => offer.photoUrl)?.photoUrl;
  if (photo) return { kind: 'tourPhoto', url: photo };
  return { kind: 'brand', logoUrl: site.logoUrls[0] ?? null };
}

function Hero({ site, t }: Props) {
  const backdrop = heroBackdropOf(site);
  const video = heroVideoOf(site.heroVideoUrl);
  return (
    <section
      className={`relative isolate overflow-hidden text-white ${backdrop.kind === 'brand' ? 'bg-gradient-to-br from-primary to-[#141d5c]' : 'bg-zinc-900'}`}
      data-testid="widget-hero"
      data-backdrop={backdrop.kind}
    >
      {backdrop.kind !== 'brand' ? (
        <>
          <StaticImage src={backdrop.url} alt="" width={1920} height={800} priority fetchPriority="high" sizes="100vw" className="absolute inset-0 -z-10 size-full object-cover" />
          {/* A shade under the title, so white text reads on any photo. */}
          <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-black/70 via-black/45 to-black/20" />
        </>
      ) : null}
      <div className={`mx-auto max-w-6xl px-4 py-16 @3xl:py-24 ${backdrop.kind === 'brand' && backdrop.logoUrl ? 'grid items-center gap-8 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}`}>
        <div>
          <h1 className="max-w-3xl text-3xl font-semibold @3xl:text-5xl">{widgetSiteTitle(site)}</h1>
          {site.metaDescription ? <p className="mt-4 max-w-2xl text-lg text-white/90">{site.metaDescription}</p> : null}
          {video ? (
            <HeroVideo video={video} label={t('hero.playVideo')} title={t('hero.videoTitle', { name: widgetSiteTitle(site) })} />
          ) : site.heroVideoUrl && httpsHref(site.heroVideoUrl) ? (
            <a href={site.heroVideoUrl} target="_blank" rel="noopener noreferrer" className="mt-6 inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 font-medium hover:bg-white/25">
              <PlayCircle aria-hidden className="size-5" />
              {t('hero.watchVideo')}
            </a>
          ) : null}
        </div>
        {backdrop.kind === 'brand' && backdrop.logoUrl ? (
          <div className="justify-self-center rounded-2xl bg-white p-6 shadow-lg @3xl:justify-self-end">
            <StaticImage src={backdrop.logoUrl} alt={t('header.logo', { name: site.name })} width={320} height={160} sizes="320px" className="h-24 w-auto max-w-64 object-contain @3xl:h-32" />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The site's offers grouped by tour, in the agency's order of their first offer. */
function toursOf(offers: readonly WidgetSiteOffer[]): WidgetSiteOffer[][] {
  const groups = new Map<string, WidgetSiteOffer[]>();
  for (const offer of offers) groups.set(offer.tourSlug, [...(groups.get(offer.tourSlug) ?? []), offer]);
  return [...groups.values()];
}

function OffersSection({ site, t }: Props) {
  const title = site.offersTitle || t(site.type === 'multi_tour' ? 'offers.toursTitle' : 'offers.defaultTitle');
  return (
    <section aria-labelledby="offers" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="offers" className="text-2xl font-semibold">
        {title}
      </h2>
      {site.offers.length === 0 ? <p className="mt-4 text-zinc-600">{t('offers.empty')}</p> : null}
      {site.type === 'offers_only' ? (
        <ul className="mt-6 grid gap-6 @min-[40rem]:grid-cols-2 @5xl:grid-cols-3">
          {site.offers.map((offer) => (
            <li key={offer.offerId}>
              <OfferCard site={site} offer={offer} t={t} withTour />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 grid gap-10">
          {toursOf(site.offers).map((offers) => (
            <TourBlock key={offers[0]!.tourSlug} site={site} offers={offers} t={t} />
          ))}
        </div>
      )}
    </section>
  );
}

function Duration({ minutes, t }: { minutes: number; t: WidgetSiteTranslator }) {
  return (
    <p className="flex items-center gap-1 text-sm text-zinc-600">
      <Clock aria-hidden className="size-4" />
      <span className="sr-only">{t('offers.durationLabel')}: </span>
      {t('offers.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
    </p>
  );
}

function TourBlock({ site, offers, t }: Props & { offers: WidgetSiteOffer[] }) {
  const [tour] = offers;
  if (!tour) return null;
  return (
    <article className="grid gap-6 @3xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {tour.photoUrl ? (
        <StaticImage src={tour.photoUrl} alt="" width={800} height={500} sizes="(min-width: 768px) 40vw, 100vw" className="aspect-[16/10] w-full rounded-xl object-cover" />
      ) : null}
      <div>
        <h3 className="text-xl font-semibold">{tour.tourTitle}</h3>
        <p className="mt-2 text-zinc-700">{tour.tourSummary}</p>
        <div className="mt-2">
          <Duration minutes={tour.durationMinutes} t={t} />
        </div>
        <ul className="mt-4 grid gap-3">
          {offers.map((offer) => (
            <li key={offer.offerId}>
              <OfferCard site={site} offer={offer} t={t} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

const PER_KIND = { adult: 'offers.perAdult', child: 'offers.perChild', trip: 'offers.perTrip' } as const;

function OfferCard({ site, offer, t, withTour = false }: Props & { offer: WidgetSiteOffer; withTour?: boolean }) {
  const price = (fils: number) => formatAedAs(fils, site.currency, site.locale, site.rates ?? undefined);
  return (
    <div className="flex h-full flex-col gap-3 rounded-xl border border-zinc-200 p-4" data-testid="widget-offer" data-offer-id={offer.offerId}>
      {withTour && offer.photoUrl ? (
        <StaticImage src={offer.photoUrl} alt="" width={600} height={375} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" className="aspect-[16/10] w-full rounded-lg object-cover" />
      ) : null}
      <div>
        {withTour ? <p className="text-sm text-zinc-600">{offer.tourTitle}</p> : null}
        {/* Under its tour's heading when grouped by tour, a section's own item otherwise. */}
        {withTour ? <h3 className="text-lg font-semibold">{offer.name}</h3> : <h4 className="font-semibold">{offer.name}</h4>}
        {withTour ? <Duration minutes={offer.durationMinutes} t={t} /> : null}
      </div>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
        <GuestPriceList
          prices={offer.prices}
          format={price}
          labels={{ from: (amount) => t('offers.from', { price: amount }), list: t('offers.prices'), per: { adult: t(PER_KIND.adult), child: t(PER_KIND.child), trip: t(PER_KIND.trip) } }}
          fromClassName="text-lg font-semibold"
        />
        <a
          href={widgetBookPath(offer.offerId)}
          aria-label={t('offers.bookOffer', { offer: offer.name })}
          className="inline-flex h-10 items-center rounded-lg bg-zinc-900 px-4 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:ring-3 focus-visible:ring-zinc-400 focus-visible:outline-none"
        >
          {t('offers.book')}
        </a>
      </div>
    </div>
  );
}

function ContactLine({ icon, href, children, external = false }: { icon: ReactNode; href: string | null; children: ReactNode; external?: boolean }) {
  return (
    <li className="flex items-start gap-2">
      {icon}
      {href ? (
        <a href={href} className="underline-offset-4 hover:underline" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </a>
      ) : (
        <span>{children}</span>
      )}
    </li>
  );
}

const iconClass = 'mt-0.5 size-4 shrink-0 text-zinc-500';

function ContactsSection({ site, t }: Props) {
  const { contacts, reservationContacts: reservations } = site;
  const contactLines = [
    contacts.address ? (
      <ContactLine key="address" icon={<MapPin aria-hidden className={iconClass} />} href={null}>
        <span className="sr-only">{t('contacts.address')}: </span>
        <span className="whitespace-pre-line">{contacts.address}</span>
      </ContactLine>
    ) : null,
    contacts.mapLink && httpsHref(contacts.mapLink) ? (
      <ContactLine key="map" icon={<MapPin aria-hidden className={iconClass} />} href={httpsHref(contacts.mapLink)} external>
        {t('contacts.map')}
      </ContactLine>
    ) : null,
    contacts.phone ? (
      <ContactLine key="phone" icon={<Phone aria-hidden className={iconClass} />} href={phoneHref(contacts.phone)}>
        <span className="sr-only">{t('contacts.phone')}: </span>
        {contacts.phone}
      </ContactLine>
    ) : null,
    contacts.email ? (
      <ContactLine key="email" icon={<Mail aria-hidden className={iconClass} />} href={emailHref(contacts.email)}>
        <span className="sr-only">{t('contacts.email')}: </span>
        {contacts.email}
      </ContactLine>
    ) : null,
    contacts.telegram ? (
      <ContactLine key="telegram" icon={<Send aria-hidden className={iconClass} />} href={telegramHref(contacts.telegram)} external>
        {t('contacts.telegram')}
      </ContactLine>
    ) : null,
    contacts.whatsApp ? (
      <ContactLine key="whatsApp" icon={<MessageCircle aria-hidden className={iconClass} />} href={whatsAppHref(contacts.whatsApp)} external>
        {t('contacts.whatsApp')}
      </ContactLine>
    ) : null,
    contacts.viber ? (
      <ContactLine key="viber" icon={<MessageCircle aria-hidden className={iconClass} />} href={viberHref(contacts.viber)}>
        {t('contacts.viber')}
      </ContactLine>
    ) : null,
  ].filter(Boolean);
  const hasReservations = Boolean(reservations.name || reservations.phone || reservations.email);
  if (contactLines.length === 0 && !contacts.company && !hasReservations) return null;
  return (
    <section aria-labelledby="contacts" className="bg-zinc-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 @3xl:grid-cols-2">
        <div>
          <h2 id="contacts" className="text-2xl font-semibold">
            {t('contacts.title')}
          </h2>
          {contacts.company ? <p className="mt-4 font-medium">{contacts.company}</p> : null}
          <ul className="mt-3 grid gap-2">{contactLines}</ul>
        </div>
        {hasReservations ? (
          <div>
            <h2 className="text-2xl font-semibold">{t('reservations.title')}</h2>
            <ul className="mt-4 grid gap-2">
              {reservations.name ? <li className="font-medium">{reservations.name}</li> : null}
              {reservations.phone ? (
                <ContactLine icon={<Phone aria-hidden className={iconClass} />} href={phoneHref(reservations.phone)}>
                  <span className="sr-only">{t('reservations.phone')}: </span>
                  {reservations.phone}
                </ContactLine>
              ) : null}
              {reservations.email ? (
                <ContactLine icon={<Mail aria-hidden className={iconClass} />} href={emailHref(reservations.email)}>
                  <span className="sr-only">{t('reservations.email')}: </span>
                  {reservations.email}
                </ContactLine>
              ) : null}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function LinkList({ title, links }: { title: string; links: WidgetSite['partners'] }) {
  const safe = links.flatMap((link) => {
    const href = httpsHref(link.url);
    return href ? [{ name: link.name, href }] : [];
  });
  if (safe.length === 0) return null;
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-zinc-400 uppercase">{title}</h2>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {safe.map((link) => (
          <li key={`${link.name}|${link.href}`}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:underline">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function WidgetSiteFooter({ site, t }: Props) {
  return (
    <footer className="@container bg-zinc-900 text-zinc-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
        <div className="grid gap-6 @3xl:grid-cols-2">
          <LinkList title={t('partners.title')} links={site.partners} />
          <LinkList title={t('socials.title')} links={site.socials} />
        </div>
        {site.footerText ? <p className="text-sm whitespace-pre-line text-zinc-400">{site.footerText}</p> : null}
      </div>
    </footer>
  );
}
