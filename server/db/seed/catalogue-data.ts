/**
 * Demo catalogue: UAE emirates plus Musandam (Oman) day trips, bilingual (English / Russian).
 * Pictures are the procedurally drawn scenes in public/images/demo (scripts/generate-demo-images.mjs).
 * Prices are AED fils (AED 150 = 15000); every b2b price is below the recommended retail price.
 *
 * Start times are when the tour leaves: for an offer that collects guests in another city
 * (`pickUpCity`), the start time is the departure from that city.
 */
import type { CancellationPolicy } from '@/shared/bookings/offer-terms';
import type { FaqItem, ItineraryStep, LocalizedText } from '../schema';
import type { SeedCategory, SeedCity, SeedCountry, SeedHotel, SeedOffer, SeedPrices, SeedTour } from './types';

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const t = (en: string, ru: string): LocalizedText => ({ en, ru });

/** AED → fils. */
const aed = (amount: number): number => Math.round(amount * 100);

/** Per-person prices in AED, each as [recommended retail, b2b]. */
function perPerson(adult: [number, number], child?: [number, number]): { b2b: SeedPrices; retail: SeedPrices } {
  const b2b: SeedPrices = { adult: aed(adult[1]) };
  const retail: SeedPrices = { adult: aed(adult[0]) };
  if (child) {
    b2b.child = aed(child[1]);
    retail.child = aed(child[0]);
  }
  return { b2b, retail };
}

/** Per-trip price (private car, boat, charter) in AED: recommended retail, b2b. */
function perTrip(retail: number, b2b: number): { b2b: SeedPrices; retail: SeedPrices } {
  return { b2b: { trip: aed(b2b) }, retail: { trip: aed(retail) } };
}

type OfferSpec = Omit<SeedOffer, 'stockMode' | 'hasLiveAvailability' | 'minPeople' | 'cutOffHours'> &
  Partial<Pick<SeedOffer, 'stockMode' | 'hasLiveAvailability' | 'minPeople' | 'cutOffHours'>>;

/** Defaults: shared stock, live availability, from one guest, 6 h cut-off. */
const offer = (spec: OfferSpec): SeedOffer => ({
  stockMode: 'shared',
  hasLiveAvailability: true,
  minPeople: 1,
  cutOffHours: 6,
  ...spec,
});

const step = (time: string | undefined, title: LocalizedText, description: LocalizedText): ItineraryStep =>
  time ? { time, title, description } : { title, description };

const qa = (question: LocalizedText, answer: LocalizedText): FaqItem => ({ question, answer });

/** Joins paragraphs of terms. */
const paragraphs = (...parts: LocalizedText[]): LocalizedText =>
  t(parts.map((p) => p.en).join('\n\n'), parts.map((p) => p.ru).join('\n\n'));

// ---------------------------------------------------------------------------
// Pictures
// ---------------------------------------------------------------------------

/** Every scene rendered by scripts/generate-demo-images.mjs. */
export const demoScenes = [
  'desert-sunset',
  'desert-camp-night',
  'safari-jeep',
  'quad-bike',
  'camel-caravan',
  'hot-air-balloon',
  'city-skyline',
  'marina-night',
  'dhow-cruise-night',
  'yacht-marina',
  'sea-dhow',
  'musandam-fjord',
  'dolphins',
  'mountains',
  'mountain-lake-kayak',
  'mangroves-kayak',
  'theme-park',
  'water-park',
  'aquarium',
  'coral-reef',
  'mosque-domes',
  'fort',
  'heritage-wind-towers',
  'souk-lanterns',
  'museum-dome',
  'beach-palms',
  'skydiving',
  'zipline',
  'indoor-ski',
  'flower-garden',
] as const;

export type DemoScene = (typeof demoScenes)[number];

export const demoImage = (scene: DemoScene): string => `/images/demo/${scene}.webp`;

const sceneAlt: Record<DemoScene, LocalizedText> = {
  'desert-sunset': t('Camels crossing red dunes at sunset', 'Караван верблюдов на красных дюнах на закате'),
  'desert-camp-night': t('Bedouin-style desert camp under the stars', 'Лагерь в бедуинском стиле под звёздным небом'),
  'safari-jeep': t('4x4 dune bashing in the desert', 'Джип мчится по барханам'),
  'quad-bike': t('Quad bikes racing over the sand', 'Квадроциклы на песчаных дюнах'),
  'camel-caravan': t('Camel caravan on a dune ridge', 'Верблюжий караван на гребне бархана'),
  'hot-air-balloon': t('Hot-air balloons over the desert at dawn', 'Воздушные шары над пустыней на рассвете'),
  'city-skyline': t('City skyline with the world’s tallest tower', 'Панорама города с самой высокой башней в мире'),
  'marina-night': t('Marina towers lit up at night', 'Огни небоскрёбов Марины ночью'),
  'dhow-cruise-night': t('Illuminated dhow on an evening cruise', 'Освещённая доу во время вечернего круиза'),
  'yacht-marina': t('Yachts moored in the marina', 'Яхты у причала в марине'),
  'sea-dhow': t('Traditional wooden dhow under sail', 'Традиционная деревянная доу под парусом'),
  'musandam-fjord': t('Fjord of Musandam with a dhow', 'Фьорд Мусандама и доу'),
  dolphins: t('Dolphins leaping from the sea', 'Дельфины выпрыгивают из воды'),
  mountains: t('Hajar mountain ridges at sunrise', 'Хребты гор Хаджар на рассвете'),
  'mountain-lake-kayak': t('Kayaks on a turquoise mountain lake', 'Каяки на бирюзовом горном озере'),
  'mangroves-kayak': t('Kayaking through the mangroves', 'Прогулка на каяке среди мангровых зарослей'),
  'theme-park': t('Ferris wheel and roller coaster', 'Колесо обозрения и американские горки'),
  'water-park': t('Water slides and wave pool', 'Водные горки и бассейн с волнами'),
  aquarium: t('Walk-through aquarium tunnel', 'Подводный тоннель аквариума'),
  'coral-reef': t('Snorkelling over a coral reef', 'Снорклинг над коралловым рифом'),
  'mosque-domes': t('White mosque domes reflected in the pools', 'Белые купола мечети отражаются в бассейнах'),
  fort: t('Historic fort with round watchtower', 'Старинный форт с круглой сторожевой башней'),
  'heritage-wind-towers': t('Old town houses with wind towers', 'Дома старого города с ветряными башнями'),
  'souk-lanterns': t('Lanterns and spices in the souk', 'Фонари и специи на восточном базаре'),
  'museum-dome': t('Museum under a lattice dome by the sea', 'Музей под ажурным куполом у моря'),
  'beach-palms': t('Palm-lined beach with a sail-shaped hotel', 'Пляж с пальмами и отель в форме паруса'),
  skydiving: t('Tandem skydive above the palm-shaped island', 'Прыжок в тандеме над островом-пальмой'),
  zipline: t('Zipline across the mountains', 'Зиплайн над горами'),
  'indoor-ski': t('Indoor ski slope with pine trees', 'Крытый горнолыжный склон с елями'),
  'flower-garden': t('Heart-shaped flower arch and flower beds', 'Цветочная арка-сердце и клумбы'),
};

const photos = (...scenes: DemoScene[]): SeedTour['photos'] => scenes.map((scene) => ({ url: demoImage(scene), alt: sceneAlt[scene] }));

// ---------------------------------------------------------------------------
// Geography and categories
// ---------------------------------------------------------------------------

export const seedCountries: SeedCountry[] = [
  { slug: 'uae', name: t('United Arab Emirates', 'Объединённые Арабские Эмираты'), heroImage: demoImage('city-skyline'), sortOrder: 1 },
  { slug: 'oman', name: t('Oman', 'Оман'), heroImage: demoImage('musandam-fjord'), sortOrder: 2 },
];

export const seedCities: SeedCity[] = [
  { slug: 'dubai', country: 'uae', name: t('Dubai', 'Дубай'), heroImage: demoImage('city-skyline'), isTopDestination: true, sortOrder: 1 },
  { slug: 'abu-dhabi', country: 'uae', name: t('Abu Dhabi', 'Абу-Даби'), heroImage: demoImage('mosque-domes'), isTopDestination: true, sortOrder: 2 },
  { slug: 'sharjah', country: 'uae', name: t('Sharjah', 'Шарджа'), heroImage: demoImage('heritage-wind-towers'), isTopDestination: false, sortOrder: 3 },
  { slug: 'ras-al-khaimah', country: 'uae', name: t('Ras Al Khaimah', 'Рас-эль-Хайма'), heroImage: demoImage('mountains'), isTopDestination: true, sortOrder: 4 },
  { slug: 'fujairah', country: 'uae', name: t('Fujairah', 'Фуджейра'), heroImage: demoImage('fort'), isTopDestination: false, sortOrder: 5 },
  { slug: 'ajman', country: 'uae', name: t('Ajman', 'Аджман'), heroImage: demoImage('sea-dhow'), isTopDestination: false, sortOrder: 6 },
  { slug: 'khasab', country: 'oman', name: t('Khasab (Musandam)', 'Хасаб (Мусандам)'), heroImage: demoImage('musandam-fjord'), isTopDestination: true, sortOrder: 7 },
];

export const seedCategories: SeedCategory[] = [
  { slug: 'desert-safari', name: t('Desert safari', 'Сафари по пустыне'), heroImage: demoImage('desert-sunset'), sortOrder: 1 },
  { slug: 'city-tours', name: t('City tours', 'Обзорные экскурсии'), heroImage: demoImage('city-skyline'), sortOrder: 2 },
  { slug: 'attractions', name: t('Attractions & tickets', 'Достопримечательности и билеты'), heroImage: demoImage('aquarium'), sortOrder: 3 },
  { slug: 'theme-parks', name: t('Theme & water parks', 'Тематические и аквапарки'), heroImage: demoImage('theme-park'), sortOrder: 4 },
  { slug: 'cruises', name: t('Cruises', 'Круизы'), heroImage: demoImage('dhow-cruise-night'), sortOrder: 5 },
  { slug: 'water-activities', name: t('Water activities', 'Водные развлечения'), heroImage: demoImage('mangroves-kayak'), sortOrder: 6 },
  { slug: 'adventure', name: t('Adventure', 'Активный отдых и приключения'), heroImage: demoImage('zipline'), sortOrder: 7 },
  { slug: 'culture', name: t('Culture & heritage', 'Культура и история'), heroImage: demoImage('mosque-domes'), sortOrder: 8 },
  { slug: 'day-trips', name: t('Day trips', 'Однодневные поездки'), heroImage: demoImage('musandam-fjord'), sortOrder: 9 },
  { slug: 'private-tours', name: t('Private tours & charters', 'Индивидуальные туры и аренда'), heroImage: demoImage('yacht-marina'), sortOrder: 10 },
];

// ---------------------------------------------------------------------------
// Hotels (pick-up points)
// ---------------------------------------------------------------------------

const hotelsIn = (city: string, list: [name: string, area: string][]): SeedHotel[] => list.map(([name, area]) => ({ city, name, area }));

export const seedHotels: SeedHotel[] = [
  ...hotelsIn('dubai', [
    ['Atlantis The Palm', 'Palm Jumeirah'],
    ['One&Only The Palm', 'Palm Jumeirah'],
    ['Burj Al Arab Jumeirah', 'Jumeirah'],
    ['Jumeirah Beach Hotel', 'Jumeirah'],
    ['Address Downtown', 'Downtown Dubai'],
    ['JW Marriott Marquis Hotel Dubai', 'Business Bay'],
    ['Hilton Dubai Jumeirah', 'Jumeirah Beach Residence'],
    ['Rixos Premium Dubai JBR', 'Jumeirah Beach Residence'],
    ['Grosvenor House Dubai', 'Dubai Marina'],
    ['Radisson Blu Hotel Dubai Deira Creek', 'Deira'],
    ['Al Seef Heritage Hotel Dubai', 'Bur Dubai'],
    ['Kempinski Hotel Mall of the Emirates', 'Al Barsha'],
  ]),
  ...hotelsIn('abu-dhabi', [
    ['Emirates Palace Mandarin Oriental', 'Ras Al Akhdar'],
    ['Jumeirah at Etihad Towers', 'Corniche'],
    ['Sofitel Abu Dhabi Corniche', 'Corniche'],
    ['Le Royal Meridien Abu Dhabi', 'Al Markaziyah'],
    ['Shangri-La Qaryat Al Beri', 'Khor Al Maqta'],
    ['Fairmont Bab Al Bahr', 'Khor Al Maqta'],
    ['W Abu Dhabi – Yas Island', 'Yas Island'],
    ['Crowne Plaza Abu Dhabi Yas Island', 'Yas Island'],
    ['Saadiyat Rotana Resort & Villas', 'Saadiyat Island'],
    ['Park Hyatt Abu Dhabi Hotel and Villas', 'Saadiyat Island'],
    ['Anantara Eastern Mangroves Abu Dhabi', 'Eastern Mangroves'],
  ]),
  ...hotelsIn('sharjah', [
    ['Al Bait Sharjah', 'Heart of Sharjah'],
    ['Hilton Sharjah', 'Khalid Lagoon'],
    ['Copthorne Hotel Sharjah', 'Al Majaz'],
    ['Radisson Blu Resort Sharjah', 'Corniche'],
    ['Sheraton Sharjah Beach Resort & Spa', 'Al Muntazah'],
    ['Coral Beach Resort Sharjah', 'Al Muntazah'],
    ['Four Points by Sheraton Sharjah', 'Al Qasimia'],
    ['Centro Sharjah', 'Airport'],
  ]),
  ...hotelsIn('ras-al-khaimah', [
    ['Waldorf Astoria Ras Al Khaimah', 'Al Hamra'],
    ['Hilton Ras Al Khaimah Beach Resort', 'Al Mairid'],
    ['Rixos Bab Al Bahr', 'Al Marjan Island'],
    ['DoubleTree by Hilton Resort & Spa Marjan Island', 'Al Marjan Island'],
    ['Mövenpick Resort Al Marjan Island', 'Al Marjan Island'],
    ['Hampton by Hilton Marjan Island', 'Al Marjan Island'],
    ['InterContinental Ras Al Khaimah Mina Al Arab', 'Mina Al Arab'],
    ['Anantara Mina Al Arab Ras Al Khaimah', 'Mina Al Arab'],
    ['The Ritz-Carlton Ras Al Khaimah, Al Wadi Desert', 'Al Wadi Desert'],
  ]),
  ...hotelsIn('fujairah', [
    ['Le Méridien Al Aqah Beach Resort', 'Al Aqah'],
    ['Fujairah Rotana Resort & Spa', 'Al Aqah'],
    ['Miramar Al Aqah Beach Resort', 'Al Aqah'],
    ['InterContinental Fujairah Resort', 'Al Aqah'],
    ['Address Beach Resort Fujairah', 'Al Aqah'],
    ['Fairmont Fujairah Beach Resort', 'Al Aqah'],
    ['Hilton Fujairah Resort', 'Fujairah Corniche'],
    ['Novotel Fujairah', 'Fujairah City'],
    ['Radisson Blu Hotel Fujairah', 'Dibba'],
  ]),
  ...hotelsIn('ajman', [
    ['Ajman Saray, a Luxury Collection Resort', 'Ajman Corniche'],
    ['Fairmont Ajman', 'Ajman Corniche'],
    ['Kempinski Hotel Ajman', 'Ajman Corniche'],
    ['Bahi Ajman Palace Hotel', 'Ajman Corniche'],
    ['Wyndham Garden Ajman Corniche', 'Ajman Corniche'],
    ['The Oberoi Beach Resort, Al Zorah', 'Al Zorah'],
    ['Radisson Blu Hotel Ajman', 'Al Nakhil'],
    ['Ramada Hotel & Suites by Wyndham Ajman', 'Al Nakhil'],
  ]),
  ...hotelsIn('khasab', [
    ['Atana Khasab Hotel', 'Khasab Harbour'],
    ['Atana Musandam Resort', 'Khasab Corniche'],
    ['Khasab Sea View Hotel', 'Khasab Corniche'],
    ['Khasab Hotel', 'Khasab Town'],
    ['Diwan Al Amir Hotel', 'Khasab Town'],
    ['Old Khasab Hotel', 'Khasab Town'],
    ['Esra Hotel Apartments', 'Khasab Town'],
    ['Six Senses Zighy Bay', 'Zighy Bay'],
  ]),
];

// ---------------------------------------------------------------------------
// Shared terms and FAQ
// ---------------------------------------------------------------------------

// The refund each terms sentence promises: the cancellation quote applies these.
const policies = {
  cancel24: { kind: 'custom', tiers: { moreThan48h: 100, between24hAnd48h: 100, lessThan24h: 0 } },
  cancel48: { kind: 'custom', tiers: { moreThan48h: 100, between24hAnd48h: 0, lessThan24h: 0 } },
  nonRefundable: { kind: 'nonRefundable' },
} as const satisfies Record<string, CancellationPolicy>;

const terms = {
  cancel24: t(
    'Free cancellation up to 24 hours before the start time. Later cancellations and no-shows are charged in full.',
    'Бесплатная отмена — не позднее чем за 24 часа до начала. При более поздней отмене или неявке стоимость не возвращается.',
  ),
  cancel48: t(
    'Free cancellation up to 48 hours before the start time. Later cancellations and no-shows are charged in full.',
    'Бесплатная отмена — не позднее чем за 48 часов до начала. При более поздней отмене или неявке стоимость не возвращается.',
  ),
  nonRefundable: t(
    'Tickets are issued for the selected date and time and cannot be refunded or rebooked once issued.',
    'Билеты выписываются на выбранные дату и время; после выписки они не подлежат возврату и переносу.',
  ),
  ages: t(
    'Children are 3–11 years old. Infants under 3 go free without a seat of their own.',
    'Детский тариф — с 3 до 11 лет. Дети до 3 лет участвуют бесплатно без отдельного места.',
  ),
  pickUp: t(
    'Guests should wait in the hotel lobby 10 minutes before the pick-up time; the driver waits no longer than 10 minutes. Pick-up is shared with other hotels unless a private car is booked.',
    'Гостям нужно ждать в лобби отеля за 10 минут до времени трансфера; водитель ждёт не дольше 10 минут. Трансфер групповой, с заездом в другие отели, если не заказан индивидуальный автомобиль.',
  ),
  meetOnSite: t(
    'Guests make their own way to the venue and show the e-ticket on a phone or printed, together with photo ID.',
    'Гости добираются до места самостоятельно и предъявляют электронный билет (на телефоне или распечатанный) вместе с документом, удостоверяющим личность.',
  ),
  health: t(
    'Not recommended for pregnant women, guests with back or heart problems, or guests who have had recent surgery. The operator may refuse participation for safety reasons without refund.',
    'Не рекомендуется беременным, гостям с проблемами спины или сердца, а также недавно перенёсшим операцию. Оператор вправе отказать в участии по соображениям безопасности без возврата средств.',
  ),
  weather: t(
    'Sea activities depend on weather and harbour-master approval. If the operator cancels for weather, guests are offered another date or a full refund.',
    'Морские программы зависят от погоды и разрешения капитана порта. Если оператор отменяет выход из-за погоды, гостям предлагают другую дату или полный возврат.',
  ),
  oman: t(
    'Guests need a passport valid for at least 6 months and must send a passport copy (and UAE visa page, if any) 48 hours before the trip. Oman visa and border fees are included; UAE exit fee of AED 35 is paid by guests at the border.',
    'Гостям нужен паспорт, действительный не менее 6 месяцев; копию паспорта (и визы ОАЭ, если есть) нужно прислать за 48 часов до поездки. Виза Омана и пограничные сборы включены; выездной сбор ОАЭ — 35 AED — гости оплачивают на границе сами.',
  ),
  dressCode: t(
    'Modest dress is required: shoulders and knees covered; women also cover their hair. Abayas are available at the entrance.',
    'Обязателен скромный дресс-код: закрытые плечи и колени; женщинам также нужно покрыть голову. Абаю можно взять на входе.',
  ),
  vat: t('All prices include 5% VAT.', 'Все цены включают НДС 5%.'),
};

const faqCommon = {
  childAges: qa(
    t('What ages are charged as children?', 'С какого возраста действует детский тариф?'),
    t('Children 3–11 years old pay the child price; infants under 3 go free.', 'Дети 3–11 лет оплачивают детский тариф, дети до 3 лет участвуют бесплатно.'),
  ),
  pickUpAreas: qa(
    t('Which areas are included in the pick-up?', 'Из каких районов возможен трансфер?'),
    t(
      'Hotels in the list for the tour’s city are included. For residential addresses please send a request and we will confirm the pick-up point.',
      'Трансфер включён из отелей списка для города тура. Для частных адресов отправьте запрос — мы подтвердим точку встречи.',
    ),
  ),
  whatToBring: qa(
    t('What should guests bring?', 'Что взять с собой?'),
    t('Sunglasses, sunscreen, a hat, comfortable shoes and a light jacket for the evening in winter.', 'Солнцезащитные очки, крем от солнца, головной убор, удобную обувь, а зимой — лёгкую куртку на вечер.'),
  ),
  wheelchair: qa(
    t('Is it wheelchair accessible?', 'Доступно ли для гостей на инвалидной коляске?'),
    t('The venue is fully accessible; wheelchairs can be borrowed free of charge at the entrance.', 'Площадка полностью доступна; коляску можно бесплатно взять на входе.'),
  ),
  vegetarian: qa(
    t('Are vegetarian meals available?', 'Есть ли вегетарианское питание?'),
    t('Yes, vegetarian dishes are always on the buffet; note other dietary needs in the booking.', 'Да, вегетарианские блюда всегда есть в меню; об иных ограничениях укажите в примечании к брони.'),
  ),
};

// ---------------------------------------------------------------------------
// Tours — Dubai
// ---------------------------------------------------------------------------

const dubaiTours: SeedTour[] = [
  {
    slug: 'evening-desert-safari-bbq-dinner',
    featured: true,
    city: 'dubai',
    categories: ['desert-safari', 'adventure'],
    title: t('Evening Desert Safari with BBQ Dinner', 'Вечернее сафари по пустыне с ужином-барбекю'),
    summary: t(
      'Dune bashing in a 4x4, sunset photo stop, camel ride and a BBQ dinner with live shows at a Bedouin-style camp.',
      'Катание по барханам на джипе, фотостоп на закате, прогулка на верблюде и ужин-барбекю с шоу-программой в лагере бедуинов.',
    ),
    description: t(
      'The classic Dubai experience. Guests are collected from their hotel in the afternoon and driven to the red dunes of the Lahbab desert, where experienced drivers take them on a 30-minute roller-coaster ride over the sand. After a stop to watch the sun go down, the convoy reaches a Bedouin-style camp with henna painting, a short camel ride, sandboarding and shisha. Dinner is an open buffet with grilled meats, salads and Arabic desserts, followed by a tanoura, fire and belly dance show.',
      'Классическая программа Дубая. Гостей забирают из отеля во второй половине дня и везут к красным дюнам пустыни Лахбаб, где опытные водители устраивают 30-минутное катание по барханам — почти как на американских горках. После остановки, чтобы встретить закат, колонна приезжает в лагерь в бедуинском стиле: роспись хной, короткая прогулка на верблюде, сэндбординг и кальян. На ужин — шведский стол с мясом на гриле, салатами и арабскими десертами, а затем шоу танура, огненное шоу и танец живота.',
    ),
    itinerary: [
      step('15:00', t('Hotel pick-up', 'Трансфер из отеля'), t('Pick-up in a 4x4 Land Cruiser, up to 6 guests per car.', 'Гостей забирают на джипе Land Cruiser, до 6 человек в машине.')),
      step('16:15', t('Dune bashing', 'Катание по барханам'), t('30 minutes over the dunes, then a sunset photo stop.', '30 минут по дюнам, затем фотостоп на закате.')),
      step('17:45', t('Camp activities', 'Развлечения в лагере'), t('Camel ride, sandboarding, henna, Arabic coffee and dates.', 'Прогулка на верблюде, сэндбординг, хна, арабский кофе и финики.')),
      step('19:00', t('BBQ dinner and shows', 'Ужин-барбекю и шоу'), t('Buffet dinner with tanoura, fire and belly dance shows.', 'Ужин «шведский стол», шоу танура, огненное шоу и танец живота.')),
      step('21:00', t('Return to the hotel', 'Возвращение в отель'), t('Drop-off at the hotel at about 21:30.', 'Прибытие в отель около 21:30.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.health),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'Dune bashing can be skipped on request for guests with back problems or small children — note it in the booking and the driver will take the smooth route. Alcohol is sold at the camp bar only (not included).',
      'Для гостей с проблемами спины или с маленькими детьми катание по барханам можно заменить спокойным маршрутом — укажите это в брони. Алкоголь продаётся только в баре лагеря и в стоимость не входит.',
    ),
    faq: [
      faqCommon.childAges,
      qa(
        t('Can we skip the dune bashing?', 'Можно ли отказаться от катания по барханам?'),
        t('Yes. Ask for a “soft drive” in the booking notes; the driver takes a gentle route to the camp.', 'Да. Укажите в примечании «спокойная поездка» — водитель поедет в лагерь по ровному маршруту.'),
      ),
      faqCommon.vegetarian,
      faqCommon.pickUpAreas,
    ],
    videoUrl: 'https://www.youtube.com/embed/3vL8uUNm0zE',
    durationMinutes: 390,
    photos: photos('desert-sunset', 'safari-jeep', 'desert-camp-night', 'camel-caravan'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Shared 4x4 with BBQ dinner', 'Групповой джип и ужин-барбекю'),
        description: t('Seat in a shared Land Cruiser, all camp activities and buffet dinner.', 'Место в групповом Land Cruiser, все развлечения в лагере и ужин «шведский стол».'),
        ...perPerson([180, 130], [150, 110]),
        startTimes: ['15:30'],
        dailyStock: 60,
        cutOffHours: 4,
      }),
      offer({
        name: t('Private 4x4 for up to 6 guests', 'Индивидуальный джип до 6 человек'),
        description: t('A Land Cruiser with driver just for your group; dinner for up to 6 included.', 'Land Cruiser с водителем только для вашей группы; ужин до 6 человек включён.'),
        ...perTrip(1200, 950),
        startTimes: ['15:00', '15:30'],
        dailyStock: 8,
        cutOffHours: 24,
      }),
      offer({
        name: t('VIP camp with table service', 'VIP-лагерь с обслуживанием за столом'),
        description: t('Premium camp, front-row majlis seating, served dinner and unlimited soft drinks.', 'Премиальный лагерь, места в первом ряду, ужин с подачей и безлимитные безалкогольные напитки.'),
        ...perPerson([450, 340], [380, 290]),
        stockMode: 'per_type',
        startTimes: ['15:30'],
        dailyStock: 20,
        cutOffHours: 12,
      }),
    ],
  },
  {
    slug: 'morning-desert-safari',
    city: 'dubai',
    categories: ['desert-safari', 'adventure'],
    title: t('Morning Desert Safari with Sandboarding', 'Утреннее сафари по пустыне и сэндбординг'),
    summary: t(
      'A cooler half-day in the dunes: 4x4 dune bashing, sandboarding and a short camel ride, back by lunchtime.',
      'Полдня в дюнах, пока не жарко: катание на джипе, сэндбординг и короткая прогулка на верблюде, возвращение к обеду.',
    ),
    description: t(
      'Ideal for guests who have evening plans or travel with children. The morning light is softer and the sand is cooler, which makes sandboarding much more fun. After 45 minutes of dune bashing the group stops at a camel farm for photos and a short ride, then refreshments are served in the shade.',
      'Отличный вариант для тех, у кого вечер занят, и для семей с детьми. Утром свет мягче, а песок прохладнее — кататься на сэндборде гораздо приятнее. После 45 минут по барханам группа заезжает на верблюжью ферму: фотографии и короткая прогулка на верблюде, затем прохладительные напитки в тени.',
    ),
    itinerary: [
      step('08:00', t('Hotel pick-up', 'Трансфер из отеля'), t('Shared 4x4 collects guests from the hotel.', 'Групповой джип забирает гостей из отеля.')),
      step('09:00', t('Dune bashing and sandboarding', 'Барханы и сэндбординг'), t('45 minutes of driving and a sandboarding stop.', '45 минут катания и остановка для сэндбординга.')),
      step('10:15', t('Camel farm', 'Верблюжья ферма'), t('Photos, a short camel ride, water and soft drinks.', 'Фотографии, короткая прогулка на верблюде, вода и напитки.')),
      step('12:00', t('Back at the hotel', 'Возвращение в отель'), t('Drop-off around noon.', 'Прибытие в отель около полудня.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.health),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'Quad bike add-on is paid on site (AED 150 for 30 minutes) unless the quad offer is booked.',
      'Квадроцикл оплачивается на месте (150 AED за 30 минут), если не забронирован вариант с квадроциклом.',
    ),
    faq: [
      faqCommon.childAges,
      qa(
        t('Is breakfast included?', 'Включён ли завтрак?'),
        t('No, but water, soft drinks and dates are served at the camel farm.', 'Нет, но на ферме подают воду, напитки и финики.'),
      ),
      faqCommon.whatToBring,
    ],
    durationMinutes: 240,
    photos: photos('safari-jeep', 'quad-bike', 'camel-caravan'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Shared 4x4', 'Групповой джип'),
        description: t('Seat in a shared Land Cruiser with sandboarding and camel ride.', 'Место в групповом Land Cruiser, сэндбординг и прогулка на верблюде.'),
        ...perPerson([150, 110], [120, 90]),
        startTimes: ['08:30'],
        dailyStock: 40,
        cutOffHours: 8,
      }),
      offer({
        name: t('Shared 4x4 with 30-minute quad bike', 'Групповой джип и 30 минут на квадроцикле'),
        description: t('Everything in the morning safari plus a 30-minute guided quad bike ride.', 'Вся программа утреннего сафари плюс 30 минут на квадроцикле с инструктором.'),
        ...perPerson([300, 230], [250, 190]),
        startTimes: ['08:30'],
        dailyStock: 16,
        cutOffHours: 12,
      }),
    ],
  },
  {
    slug: 'overnight-desert-camp',
    city: 'dubai',
    categories: ['desert-safari', 'culture'],
    title: t('Overnight Desert Camp under the Stars', 'Ночь в пустыне под звёздами'),
    summary: t(
      'Evening safari, dinner and a night in a tent at a quiet desert camp, with sunrise camel trek and breakfast.',
      'Вечернее сафари, ужин и ночь в шатре в тихом лагере, а утром — рассвет, прогулка на верблюдах и завтрак.',
    ),
    description: t(
      'After the crowds of the evening safari leave, the camp goes quiet and the stars come out. Guests sleep in furnished Arabian tents with proper beds and shared bathrooms. At dawn a guide leads a camel trek across the dunes, followed by breakfast cooked over the fire.',
      'Когда гости вечернего сафари разъезжаются, в лагере становится тихо и над пустыней загораются звёзды. Ночлег — в обставленных арабских шатрах с настоящими кроватями, санузлы общие. На рассвете гид ведёт караван верблюдов через дюны, после чего подают завтрак, приготовленный на костре.',
    ),
    itinerary: [
      step('15:30', t('Pick-up and dune drive', 'Трансфер и катание по дюнам'), t('4x4 pick-up from the hotel and a gentle dune drive.', 'Джип забирает гостей из отеля, спокойное катание по дюнам.')),
      step('19:00', t('Dinner by the fire', 'Ужин у костра'), t('BBQ dinner and stargazing with a telescope.', 'Ужин-барбекю и наблюдение за звёздами в телескоп.')),
      step('06:00', t('Sunrise camel trek', 'Рассвет и прогулка на верблюдах'), t('A 40-minute camel trek at sunrise.', '40-минутная прогулка на верблюдах на рассвете.')),
      step('07:30', t('Breakfast and return', 'Завтрак и возвращение'), t('Breakfast at the camp, back at the hotel by 10:00.', 'Завтрак в лагере, возвращение в отель к 10:00.')),
    ],
    terms: paragraphs(terms.cancel48, terms.ages, terms.pickUp),
    cancellation: policies.cancel48,
    notesToAgents: t(
      'Confirmed on request: the camp has only 12 tents. Send the booking at least two days ahead; families with children get tents nearest the bathrooms.',
      'Подтверждается по запросу: в лагере всего 12 шатров. Отправляйте заявку минимум за двое суток; семьям с детьми дают шатры рядом с санузлами.',
    ),
    faq: [
      qa(
        t('Are the tents air-conditioned?', 'Есть ли в шатрах кондиционер?'),
        t('Tents have fans; from November to March nights are cool and blankets are provided.', 'В шатрах есть вентиляторы; с ноября по март ночи прохладные, выдаются одеяла.'),
      ),
      faqCommon.childAges,
      faqCommon.vegetarian,
    ],
    durationMinutes: 1110,
    photos: photos('desert-camp-night', 'desert-sunset', 'camel-caravan'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Shared tent for two', 'Шатёр на двоих'),
        description: t('Arabian tent for two guests, dinner, breakfast and camel trek.', 'Арабский шатёр на двух гостей, ужин, завтрак и прогулка на верблюдах.'),
        ...perPerson([450, 350], [350, 270]),
        hasLiveAvailability: false,
        minPeople: 2,
        cutOffHours: 48,
        startTimes: ['15:30'],
        dailyStock: 12,
      }),
    ],
  },
  {
    slug: 'hot-air-balloon-sunrise',
    city: 'dubai',
    categories: ['adventure', 'desert-safari'],
    title: t('Hot-Air Balloon Flight at Sunrise', 'Полёт на воздушном шаре на рассвете'),
    summary: t(
      'A one-hour balloon flight over the Dubai desert at dawn, with a falcon show, camel ride and breakfast.',
      'Часовой полёт на воздушном шаре над пустыней Дубая на рассвете, шоу соколов, прогулка на верблюде и завтрак.',
    ),
    description: t(
      'Guests are collected before dawn and driven to the launch site in the desert conservation reserve. The balloon rises at first light and drifts for about an hour at up to 1,200 metres, with views of the dunes, gazelles and oryx. After landing there is a falcon display, a short camel ride and a gourmet breakfast in a Bedouin tent.',
      'Гостей забирают ещё до рассвета и везут к месту старта в пустынном заповеднике. Шар поднимается с первыми лучами солнца и около часа летит на высоте до 1200 метров — внизу видны барханы, газели и ориксы. После приземления — шоу с соколами, короткая прогулка на верблюде и изысканный завтрак в бедуинском шатре.',
    ),
    itinerary: [
      step('04:30', t('Pre-dawn pick-up', 'Трансфер до рассвета'), t('Pick-up from the hotel in a 4x4.', 'Гостей забирают из отеля на джипе.')),
      step('05:45', t('Take-off', 'Взлёт'), t('Safety briefing and take-off at sunrise.', 'Инструктаж и взлёт на рассвете.')),
      step('07:00', t('Landing and falcon show', 'Посадка и шоу соколов'), t('Landing, certificate and falcon display.', 'Посадка, сертификат о полёте и шоу соколов.')),
      step('08:00', t('Breakfast', 'Завтрак'), t('Breakfast at a desert camp, then back to the hotel.', 'Завтрак в лагере в пустыне, затем возвращение в отель.')),
    ],
    terms: paragraphs(terms.cancel48, terms.health, t('Children must be at least 5 years old. Flights can be cancelled by the pilot because of wind; the guest then chooses another date or a refund.', 'Минимальный возраст — 5 лет. Пилот может отменить полёт из-за ветра; в этом случае гость выбирает другую дату или возврат средств.')),
    cancellation: policies.cancel48,
    notesToAgents: t(
      'Guests must send weight and age of each passenger the day before. Pick-up window is 04:00–04:45 depending on the hotel; the driver calls 15 minutes ahead.',
      'Накануне нужно прислать вес и возраст каждого пассажира. Трансфер с 04:00 до 04:45 в зависимости от отеля; водитель звонит за 15 минут.',
    ),
    faq: [
      qa(
        t('What happens if the flight is cancelled for weather?', 'Что будет, если полёт отменят из-за погоды?'),
        t('The guest chooses another date or a full refund; we inform you by 22:00 the evening before.', 'Гость выбирает другую дату или полный возврат; мы сообщаем об отмене до 22:00 накануне.'),
      ),
      qa(
        t('Is there a minimum age?', 'Есть ли минимальный возраст?'),
        t('Yes, 5 years. Children 5–11 pay the child price.', 'Да, 5 лет. Дети 5–11 лет оплачивают детский тариф.'),
      ),
      faqCommon.whatToBring,
    ],
    videoUrl: 'https://www.youtube.com/embed/Qn8DkT4sF1w',
    durationMinutes: 300,
    photos: photos('hot-air-balloon', 'camel-caravan', 'desert-sunset'),
    pickUpLeadMinutes: 75,
    offers: [
      offer({
        name: t('Classic flight', 'Классический полёт'),
        description: t('Shared basket for up to 20 guests, falcon show and breakfast.', 'Общая корзина до 20 человек, шоу соколов и завтрак.'),
        ...perPerson([1095, 875], [995, 795]),
        stockMode: 'per_type',
        startTimes: ['05:45'],
        dailyStock: 24,
        cutOffHours: 24,
      }),
      offer({
        name: t('Premium flight with vintage Land Rover', 'Премиум-полёт и винтажный Land Rover'),
        description: t('Smaller basket (up to 12), vintage Land Rover ride and gourmet breakfast.', 'Корзина поменьше (до 12 человек), поездка на винтажном Land Rover и изысканный завтрак.'),
        ...perPerson([1350, 1080], [1250, 1000]),
        startTimes: ['05:45'],
        dailyStock: 12,
        cutOffHours: 24,
        closedWeekdays: [2],
      }),
      offer({
        name: t('Private basket for two', 'Индивидуальная корзина на двоих'),
        description: t('A private basket and pilot for a couple, with breakfast served at the landing site.', 'Отдельная корзина и пилот для пары, завтрак сервируют прямо на месте посадки.'),
        ...perTrip(9500, 7900),
        hasLiveAvailability: false,
        cutOffHours: 48,
        startTimes: ['05:45'],
        dailyStock: 4,
      }),
    ],
  },
  {
    slug: 'dune-buggy-adventure',
    city: 'dubai',
    categories: ['adventure', 'desert-safari', 'private-tours'],
    title: t('Self-Drive Dune Buggy Adventure', 'Багги по дюнам за рулём'),
    summary: t(
      'Drive your own Polaris buggy behind a guide through the red dunes of Lahbab; one or two hours.',
      'Поездка за рулём багги Polaris за гидом по красным дюнам Лахбаба — на час или два.',
    ),
    description: t(
      'After a safety briefing, guests take the wheel of a powerful Polaris RZR buggy and follow a lead driver through the dunes. The pace is adjusted to the group; stops are made for photos at the highest points. Helmets, goggles and scarves are provided.',
      'После инструктажа гости садятся за руль мощного багги Polaris RZR и едут за гидом по барханам. Темп подбирается под группу; на самых высоких точках делают остановки для фото. Шлемы, очки и платки выдаются.',
    ),
    itinerary: [
      step(undefined, t('Hotel pick-up', 'Трансфер из отеля'), t('Shared transfer to the Lahbab buggy centre.', 'Групповой трансфер до базы багги в Лахбабе.')),
      step(undefined, t('Briefing and drive', 'Инструктаж и поездка'), t('Safety briefing, then 60 or 120 minutes in the dunes.', 'Инструктаж по безопасности, затем 60 или 120 минут в дюнах.')),
      step(undefined, t('Refreshments and return', 'Напитки и возвращение'), t('Water and soft drinks, then transfer back to the hotel.', 'Вода и напитки, затем трансфер в отель.')),
    ],
    terms: paragraphs(terms.cancel24, terms.health, t('The driver must be 18 or over with a valid driving licence. Passengers must be at least 7 years old.', 'Водителю должно быть не менее 18 лет, нужно действующее водительское удостоверение. Пассажирам — не менее 7 лет.')),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'A refundable deposit of AED 1,000 is blocked on the guest’s card at the centre. Price is per buggy, not per person.',
      'На месте на карте гостя блокируется возвратный депозит 1000 AED. Цена указана за багги, а не за человека.',
    ),
    faq: [
      qa(
        t('Do guests need a driving licence?', 'Нужны ли водительские права?'),
        t('Yes, the driver needs a valid licence from any country.', 'Да, водителю нужны действующие права любой страны.'),
      ),
      qa(
        t('How many people fit in a buggy?', 'Сколько человек помещается в багги?'),
        t('Two in the 2-seater, four in the family buggy.', 'Двое в двухместном, четверо в семейном багги.'),
      ),
    ],
    durationMinutes: 240,
    photos: photos('quad-bike', 'safari-jeep', 'desert-sunset'),
    pickUpLeadMinutes: 45,
    offers: [
      offer({
        name: t('2-seater buggy, 60 minutes', 'Двухместный багги, 60 минут'),
        description: t('Polaris RZR 1000 for one driver and one passenger.', 'Polaris RZR 1000 на водителя и одного пассажира.'),
        ...perTrip(850, 680),
        startTimes: ['08:00', '15:00'],
        dailyStock: 10,
      }),
      offer({
        name: t('4-seater family buggy, 60 minutes', 'Четырёхместный семейный багги, 60 минут'),
        description: t('Polaris RZR 4-seater for a driver and three passengers.', 'Четырёхместный Polaris RZR на водителя и трёх пассажиров.'),
        ...perTrip(1200, 950),
        startTimes: ['08:00', '15:00'],
        dailyStock: 6,
      }),
      offer({
        name: t('2-seater buggy, 120 minutes', 'Двухместный багги, 120 минут'),
        description: t('A longer route deep into the dunes with a sunset stop.', 'Длинный маршрут вглубь пустыни с остановкой на закате.'),
        ...perTrip(1500, 1200),
        startTimes: ['14:30'],
        dailyStock: 6,
        cutOffHours: 12,
      }),
    ],
  },
  {
    slug: 'dubai-city-tour',
    featured: true,
    city: 'dubai',
    categories: ['city-tours', 'culture'],
    title: t('Dubai Half-Day City Tour: Old and New Dubai', 'Обзорная экскурсия по Дубаю: старый и новый город'),
    summary: t(
      'Jumeirah Mosque, the Al Fahidi quarter, an abra ride across the Creek, the gold and spice souks and the Burj Al Arab photo stop.',
      'Мечеть Джумейра, квартал Аль-Фахиди, переправа на абре через залив, золотой рынок и рынок специй, фотостоп у Бурдж-эль-Араб.',
    ),
    description: t(
      'A compact introduction to Dubai for first-time visitors. The guide explains how a pearl-diving village became a global city while the group walks the lanes of the Al Fahidi historic district, crosses the Creek on a traditional wooden abra and explores the souks of Deira. The tour ends with photo stops at the Burj Al Arab and the Dubai Frame.',
      'Компактное знакомство с Дубаем для тех, кто здесь впервые. Гид рассказывает, как деревня ловцов жемчуга превратилась в мировой мегаполис, пока группа гуляет по переулкам исторического квартала Аль-Фахиди, пересекает залив на деревянной абре и осматривает рынки Дейры. В конце — фотостопы у Бурдж-эль-Араб и Дубайской рамки.',
    ),
    itinerary: [
      step('08:30', t('Hotel pick-up', 'Трансфер из отеля'), t('Air-conditioned coach or minivan.', 'Автобус или минивэн с кондиционером.')),
      step('09:15', t('Jumeirah Mosque and Burj Al Arab', 'Мечеть Джумейра и Бурдж-эль-Араб'), t('Photo stops on Jumeirah Beach Road.', 'Фотостопы на Джумейра-Бич-роуд.')),
      step('10:00', t('Al Fahidi and the abra', 'Аль-Фахиди и абра'), t('Walk through the old quarter and cross the Creek by abra.', 'Прогулка по старому кварталу и переправа через залив на абре.')),
      step('11:00', t('Gold and spice souks', 'Золотой рынок и рынок специй'), t('Free time for shopping in Deira.', 'Свободное время для покупок в Дейре.')),
      step('12:30', t('Return', 'Возвращение'), t('Drop-off at the hotel or at Dubai Mall.', 'Высадка в отеле или у Дубай Молл.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.vat),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'Russian-speaking groups run on Monday, Wednesday and Saturday only. Entrance to Jumeirah Mosque is not included (visit from outside).',
      'Русскоязычные группы — только по понедельникам, средам и субботам. Вход в мечеть Джумейра не включён (осмотр снаружи).',
    ),
    faq: [
      qa(
        t('Which language is the tour in?', 'На каком языке проходит экскурсия?'),
        t('English daily; Russian on Monday, Wednesday and Saturday; other languages with a private car.', 'На английском — ежедневно, на русском — по понедельникам, средам и субботам; на других языках — в индивидуальном формате.'),
      ),
      faqCommon.childAges,
      faqCommon.pickUpAreas,
    ],
    durationMinutes: 270,
    photos: photos('city-skyline', 'heritage-wind-towers', 'souk-lanterns', 'beach-palms'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour in English', 'Групповая экскурсия на английском'),
        description: t('Shared coach with an English-speaking guide, abra ride included.', 'Групповой автобус, англоговорящий гид, абра включена.'),
        ...perPerson([160, 115], [120, 85]),
        startTimes: ['09:00'],
        dailyStock: 45,
        cutOffHours: 10,
      }),
      offer({
        name: t('Group tour in Russian', 'Групповая экскурсия на русском'),
        description: t('Minivan group of up to 14 guests with a Russian-speaking guide.', 'Группа до 14 человек в минивэне с русскоговорящим гидом.'),
        ...perPerson([190, 140], [140, 100]),
        startTimes: ['09:00'],
        dailyStock: 14,
        cutOffHours: 12,
        minPeople: 2,
        closedWeekdays: [0, 2, 4, 5],
      }),
      offer({
        name: t('Private car with driver-guide', 'Индивидуальный автомобиль с гидом-водителем'),
        description: t('Private car for up to 4 guests for 5 hours; start time to suit the guests.', 'Автомобиль до 4 человек на 5 часов; время начала — по желанию гостей.'),
        ...perTrip(900, 720),
        startTimes: ['09:00', '14:00'],
        dailyStock: 5,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'burj-khalifa-at-the-top',
    featured: true,
    city: 'dubai',
    categories: ['attractions'],
    title: t('Burj Khalifa: At the Top, Levels 124 and 125', 'Бурдж-Халифа: смотровые площадки на 124 и 125 этажах'),
    summary: t(
      'Timed tickets to the observation decks of the world’s tallest building, with prime-time sunset slots and the SKY lounge on level 148.',
      'Билеты с фиксированным временем на смотровые площадки самого высокого здания в мире: закатные слоты и лаунж SKY на 148 этаже.',
    ),
    description: t(
      'High-speed lifts whisk guests to level 124 in about a minute. The open-air terrace and floor-to-ceiling windows give a 360° view over Downtown, the Gulf and the desert; telescopes show the city in real time and at night. Level 125 adds an interactive gallery. The SKY experience on level 148 includes a hosted lounge, refreshments and a private viewing deck.',
      'Скоростные лифты поднимают гостей на 124 этаж примерно за минуту. С открытой террасы и через панорамные окна открывается круговой вид на Даунтаун, залив и пустыню; интерактивные телескопы показывают город днём и ночью. На 125 этаже — интерактивная галерея. Программа SKY на 148 этаже включает лаунж с сопровождающим, угощение и отдельную смотровую площадку.',
    ),
    itinerary: [
      step(undefined, t('Entrance at Dubai Mall', 'Вход в Дубай Молл'), t('Lower ground floor of Dubai Mall, At the Top entrance.', 'Цокольный этаж Дубай Молл, вход At the Top.')),
      step(undefined, t('Observation decks', 'Смотровые площадки'), t('Levels 124 and 125 (and 148 for SKY tickets), no time limit once inside.', 'Этажи 124 и 125 (и 148 для билетов SKY); время пребывания не ограничено.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Children are 4–12 years old; under 4 free. Guests should arrive 15 minutes before the time on the ticket; late arrivals may be refused.', 'Детский тариф — 4–12 лет, до 4 лет бесплатно. Приходить нужно за 15 минут до времени в билете; опоздавших могут не пропустить.')),
    cancellation: policies.nonRefundable,
    notesToAgents: t(
      'Prime-time slots (around sunset) sell out days ahead in high season — book early. Tickets are sent to the guest’s e-mail as a QR code.',
      'Закатные слоты в высокий сезон раскупают за несколько дней — бронируйте заранее. Билеты приходят гостю на e-mail в виде QR-кода.',
    ),
    faq: [
      qa(
        t('How long can guests stay at the top?', 'Сколько можно находиться наверху?'),
        t('There is no time limit; most visits take 60–90 minutes.', 'Время не ограничено; обычно визит занимает 60–90 минут.'),
      ),
      qa(
        t('What is prime time?', 'Что такое «прайм-тайм»?'),
        t('The slots around sunset, when the view changes from day to night.', 'Слоты около заката, когда дневной вид сменяется ночным.'),
      ),
      faqCommon.wheelchair,
    ],
    videoUrl: 'https://www.youtube.com/embed/Xc2m7bQ0rLk',
    durationMinutes: 90,
    photos: photos('city-skyline', 'marina-night'),
    offers: [
      offer({
        name: t('Levels 124 + 125, non-prime', 'Этажи 124 + 125, обычное время'),
        description: t('Timed entry outside sunset hours.', 'Вход в выбранное время вне закатных часов.'),
        ...perPerson([189, 155], [149, 120]),
        stockMode: 'per_type',
        startTimes: ['10:00', '13:00', '20:30'],
        dailyStock: 50,
        cutOffHours: 2,
      }),
      offer({
        name: t('Levels 124 + 125, prime time', 'Этажи 124 + 125, прайм-тайм'),
        description: t('Sunset slot with fast-track entry.', 'Закатный слот с приоритетным проходом.'),
        ...perPerson([379, 320], [289, 245]),
        stockMode: 'per_type',
        startTimes: ['17:00', '17:30'],
        dailyStock: 25,
        cutOffHours: 4,
      }),
      offer({
        name: t('SKY: levels 148, 125 and 124', 'SKY: этажи 148, 125 и 124'),
        description: t('Hosted lounge on level 148 with refreshments, then levels 125 and 124.', 'Лаунж на 148 этаже с сопровождающим и угощением, затем 125 и 124 этажи.'),
        ...perPerson([549, 470]),
        startTimes: ['11:00', '16:30'],
        dailyStock: 12,
        cutOffHours: 6,
      }),
    ],
  },
  {
    slug: 'dubai-aquarium-underwater-zoo',
    city: 'dubai',
    categories: ['attractions', 'theme-parks'],
    title: t('Dubai Aquarium & Underwater Zoo', 'Аквариум и подводный зоопарк Дубая'),
    summary: t(
      'Walk through the 48-metre tunnel under sharks and rays, then meet penguins, otters and crocodiles in the Underwater Zoo.',
      'Прогулка по 48-метровому тоннелю под акулами и скатами, а затем — пингвины, выдры и крокодилы в подводном зоопарке.',
    ),
    description: t(
      'One of the largest suspended aquariums in the world, right inside Dubai Mall. The tunnel passes through a 10-million-litre tank with more than 140 species. Upstairs, the Underwater Zoo has gentoo penguins, a giant crocodile and a rainforest area. The Explorer ticket adds a glass-bottom boat ride and a behind-the-scenes tour.',
      'Один из крупнейших подвесных аквариумов в мире — прямо в Дубай Молл. Тоннель проходит через резервуар объёмом 10 миллионов литров, где живут более 140 видов. Этажом выше — подводный зоопарк с папуанскими пингвинами, огромным крокодилом и зоной тропического леса. Билет Explorer добавляет прогулку на лодке со стеклянным дном и экскурсию за кулисы.',
    ),
    itinerary: [
      step(undefined, t('Aquarium tunnel', 'Тоннель аквариума'), t('Ground floor of Dubai Mall.', 'Первый этаж Дубай Молл.')),
      step(undefined, t('Underwater Zoo', 'Подводный зоопарк'), t('Level 2: penguins, otters, crocodile and rainforest.', 'Второй этаж: пингвины, выдры, крокодил и тропический лес.')),
      step(undefined, t('Glass-bottom boat (Explorer)', 'Лодка со стеклянным дном (Explorer)'), t('A 15-minute ride over the main tank.', '15-минутная прогулка над главным резервуаром.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, terms.ages),
    cancellation: policies.nonRefundable,
    notesToAgents: t(
      'Entry is through the ground floor of Dubai Mall near the waterfall; the Explorer boat ride does not run during tank maintenance (announced a week ahead).',
      'Вход — с первого этажа Дубай Молл рядом с водопадом; лодка программы Explorer не ходит во время обслуживания резервуара (об этом объявляют за неделю).',
    ),
    faq: [faqCommon.childAges, faqCommon.wheelchair, qa(t('Can guests re-enter?', 'Можно ли выйти и вернуться?'), t('No, the ticket is valid for one entry.', 'Нет, билет действует на один вход.'))],
    durationMinutes: 120,
    photos: photos('aquarium', 'coral-reef'),
    offers: [
      offer({
        name: t('Aquarium & Underwater Zoo', 'Аквариум и подводный зоопарк'),
        description: t('Tunnel and zoo entry.', 'Вход в тоннель и зоопарк.'),
        ...perPerson([169, 130], [139, 105]),
        stockMode: 'per_type',
        startTimes: ['10:00', '14:00', '18:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Explorer experience', 'Программа Explorer'),
        description: t('Tunnel, zoo, glass-bottom boat and behind-the-scenes tour.', 'Тоннель, зоопарк, лодка со стеклянным дном и экскурсия за кулисы.'),
        ...perPerson([249, 199], [209, 165]),
        stockMode: 'per_type',
        startTimes: ['11:00', '15:00'],
        dailyStock: 20,
        cutOffHours: 3,
      }),
    ],
  },
  {
    slug: 'dubai-frame',
    city: 'dubai',
    categories: ['attractions'],
    title: t('Dubai Frame Entry Ticket', 'Билет в Дубайскую рамку'),
    summary: t(
      'The 150-metre picture frame in Zabeel Park, with a glass-floored sky bridge between old and new Dubai.',
      '150-метровая «рамка» в парке Забиль со стеклянным мостом, с которого видно старый и новый Дубай.',
    ),
    description: t(
      'The Dubai Frame tells the story of the city in three parts: a gallery of old Dubai on the ground floor, the sky bridge at 150 metres with views north to Deira and south to Downtown, and a vision of Dubai fifty years from now on the way down.',
      'Дубайская рамка рассказывает историю города в трёх частях: галерея старого Дубая на первом этаже, мост на высоте 150 метров с видом на Дейру с одной стороны и Даунтаун с другой, и взгляд на Дубай через пятьдесят лет — на обратном пути.',
    ),
    itinerary: [
      step(undefined, t('Old Dubai gallery', 'Галерея старого Дубая'), t('Immersive displays of the city before oil.', 'Иммерсивная экспозиция о городе до нефти.')),
      step(undefined, t('Sky bridge', 'Мост на высоте'), t('Glass floor panels 150 metres above the park.', 'Стеклянный пол на высоте 150 метров над парком.')),
      step(undefined, t('Future Dubai', 'Дубай будущего'), t('A short film on the way back down.', 'Короткий фильм на обратном пути.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Children 3–12 pay the child price; under 3 free.', 'Детский тариф — 3–12 лет, до 3 лет бесплатно.')),
    cancellation: policies.nonRefundable,
    faq: [faqCommon.wheelchair, qa(t('Is parking available?', 'Есть ли парковка?'), t('Yes, Zabeel Park gate 3 has paid parking.', 'Да, у ворот № 3 парка Забиль есть платная парковка.'))],
    durationMinutes: 75,
    photos: photos('city-skyline', 'heritage-wind-towers'),
    offers: [
      offer({
        name: t('Standard entry', 'Стандартный вход'),
        description: t('Entry to all three levels of the Frame.', 'Вход на все три уровня Рамки.'),
        ...perPerson([52, 42], [22, 17]),
        startTimes: ['10:00', '16:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'dubai-miracle-garden',
    city: 'dubai',
    categories: ['attractions'],
    title: t('Dubai Miracle Garden', 'Сад чудес Дубая'),
    summary: t(
      'The world’s largest natural flower garden: 150 million blooms shaped into hearts, castles and a full-size airliner.',
      'Крупнейший в мире сад живых цветов: 150 миллионов растений в форме сердец, замков и настоящего авиалайнера.',
    ),
    description: t(
      'Open in the cooler months, the Miracle Garden is a riot of colour in Dubailand. Walk under heart-shaped arches, past flower castles and an Emirates A380 covered in petals. Next door is the Butterfly Garden with more than 15,000 butterflies.',
      'Сад чудес открыт в прохладный сезон и поражает буйством красок в районе Дубайленд. Гости гуляют под цветочными арками-сердцами, мимо замков из цветов и лайнера A380 авиакомпании Emirates, покрытого лепестками. По соседству — Сад бабочек, где живут более 15 000 бабочек.',
    ),
    itinerary: [
      step(undefined, t('Flower avenues', 'Цветочные аллеи'), t('Self-guided walk, about 90 minutes.', 'Самостоятельная прогулка около 90 минут.')),
      step(undefined, t('Emirates A380 display', 'Цветочный A380'), t('The Guinness-record flower sculpture.', 'Цветочная скульптура из Книги рекордов Гиннесса.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, terms.ages),
    cancellation: policies.nonRefundable,
    notesToAgents: t('Best visited after 16:00 when it is cooler and the lights come on.', 'Лучше приходить после 16:00 — прохладнее и включается подсветка.'),
    faq: [faqCommon.childAges, qa(t('Is there shade?', 'Есть ли тень?'), t('Partly; bring a hat for daytime visits.', 'Частично; днём лучше взять головной убор.'))],
    durationMinutes: 120,
    photos: photos('flower-garden', 'beach-palms'),
    offers: [
      offer({
        name: t('Garden entry', 'Вход в сад'),
        description: t('Entry ticket to Dubai Miracle Garden.', 'Входной билет в Сад чудес.'),
        ...perPerson([95, 75], [80, 62]),
        startTimes: ['09:00', '16:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Miracle Garden + Butterfly Garden', 'Сад чудес + Сад бабочек'),
        description: t('Combined entry to both gardens.', 'Комбинированный билет в оба сада.'),
        ...perPerson([150, 120], [125, 98]),
        stockMode: 'per_type',
        startTimes: ['09:00', '16:00'],
        dailyStock: 30,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'marina-dhow-dinner-cruise',
    featured: true,
    city: 'dubai',
    categories: ['cruises'],
    title: t('Dubai Marina Dhow Dinner Cruise', 'Ужин-круиз на доу по Дубай Марине'),
    summary: t(
      'Two hours aboard a traditional dhow past the lit-up towers of Dubai Marina and JBR, with an international buffet and live music.',
      'Два часа на традиционной доу среди светящихся небоскрёбов Дубай Марины и JBR: международный шведский стол и живая музыка.',
    ),
    description: t(
      'The dhow leaves the marina promenade as the towers light up and cruises slowly towards the Ain Dubai wheel and back. Dinner is an international buffet with Arabic, Indian and continental dishes, soft drinks, water and coffee; a tanoura dancer performs on the lower deck.',
      'Доу отходит от набережной Марины, когда на небоскрёбах зажигаются огни, и неспешно идёт к колесу обозрения Ain Dubai и обратно. На ужин — международный шведский стол с арабской, индийской и европейской кухней, безалкогольные напитки, вода и кофе; на нижней палубе выступает танцор танура.',
    ),
    itinerary: [
      step('19:30', t('Pick-up or boarding', 'Трансфер или посадка'), t('Boarding opens at 20:00 at Marina Walk.', 'Посадка начинается в 20:00 на Марина-Уок.')),
      step('20:30', t('Cruise and dinner', 'Круиз и ужин'), t('Two hours on the water with buffet and show.', 'Два часа на воде, шведский стол и шоу.')),
      step('22:30', t('Return', 'Возвращение'), t('Disembark at the marina; transfer back for pick-up bookings.', 'Высадка в марине; для броней с трансфером — доставка в отель.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('Upper deck is open-air and recommended October to April. Window tables on the lower deck can be requested but are not guaranteed.', 'Верхняя палуба открытая — рекомендуем с октября по апрель. Столик у окна на нижней палубе можно запросить, но он не гарантирован.'),
    faq: [faqCommon.vegetarian, faqCommon.childAges, qa(t('Is alcohol served?', 'Подают ли алкоголь?'), t('No, the cruise serves soft drinks only.', 'Нет, на борту только безалкогольные напитки.'))],
    durationMinutes: 180,
    photos: photos('dhow-cruise-night', 'marina-night', 'yacht-marina'),
    pickUpLeadMinutes: 45,
    offers: [
      offer({
        name: t('Lower deck (air-conditioned)', 'Нижняя палуба (с кондиционером)'),
        description: t('Table on the enclosed lower deck.', 'Столик на закрытой нижней палубе.'),
        ...perPerson([260, 185], [150, 110]),
        startTimes: ['20:30'],
        dailyStock: 60,
        cutOffHours: 5,
        // Guests may make their own way to the marina.
        pickUp: 'optional',
      }),
      offer({
        name: t('Upper deck (open-air)', 'Верхняя палуба (открытая)'),
        description: t('Open-air upper deck with the best views.', 'Открытая верхняя палуба с лучшими видами.'),
        ...perPerson([300, 225], [180, 135]),
        startTimes: ['20:30'],
        dailyStock: 30,
        cutOffHours: 5,
        // Guests may make their own way to the marina.
        pickUp: 'optional',
      }),
    ],
  },
  {
    slug: 'creek-dhow-dinner-cruise',
    city: 'dubai',
    categories: ['cruises', 'culture'],
    title: t('Dubai Creek Dhow Dinner Cruise', 'Ужин-круиз на доу по заливу Дубай-Крик'),
    summary: t(
      'A relaxed evening on the historic Creek between Deira and Bur Dubai, with buffet dinner and tanoura show.',
      'Спокойный вечер на историческом заливе между Дейрой и Бур-Дубаем: ужин «шведский стол» и шоу танура.',
    ),
    description: t(
      'The Creek is where Dubai began. This cruise glides past the wind towers of Al Fahidi, the souks and the old trading dhows moored along the wharf. Good value and a favourite with families.',
      'Именно с залива Крик начинался Дубай. Круиз проходит мимо ветряных башен Аль-Фахиди, старых рынков и торговых доу у причалов. Недорого и очень любимо семьями.',
    ),
    itinerary: [
      step('19:30', t('Pick-up', 'Трансфер'), t('Shared transfer to the Creek.', 'Групповой трансфер к заливу.')),
      step('20:30', t('Cruise', 'Круиз'), t('Two hours on the Creek with dinner.', 'Два часа на заливе с ужином.')),
      step('22:30', t('Return', 'Возвращение'), t('Transfer back to the hotel.', 'Трансфер в отель.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'Guests who make their own way can board at Al Seef pier at 20:15 — the price stays the same.',
      'Гости, которые добираются сами, могут подняться на борт у причала Аль-Сиф в 20:15 — цена не меняется.',
    ),
    faq: [faqCommon.vegetarian, faqCommon.childAges],
    durationMinutes: 180,
    photos: photos('dhow-cruise-night', 'heritage-wind-towers', 'souk-lanterns'),
    pickUpLeadMinutes: 45,
    offers: [
      offer({
        name: t('Dinner cruise with transfer', 'Ужин-круиз с трансфером'),
        description: t('Cruise, buffet dinner and shared transfer.', 'Круиз, ужин «шведский стол» и групповой трансфер.'),
        ...perPerson([150, 105], [100, 70]),
        startTimes: ['20:30'],
        dailyStock: 60,
        cutOffHours: 4,
      }),
    ],
  },
  {
    slug: 'private-yacht-charter-dubai-marina',
    city: 'dubai',
    categories: ['cruises', 'private-tours', 'water-activities'],
    title: t('Private Yacht Charter from Dubai Marina', 'Аренда яхты в Дубай Марине'),
    summary: t(
      'Two hours on a private yacht past JBR, Ain Dubai, Atlantis and the Burj Al Arab, with a swim stop on request.',
      'Два часа на собственной яхте мимо JBR, Ain Dubai, Atlantis и Бурдж-эль-Араб, с остановкой для купания по желанию.',
    ),
    description: t(
      'A captain and crew take your group out of Dubai Marina along the coast to the Palm Jumeirah and the Burj Al Arab. Soft drinks, water, ice and towels are on board; guests may bring their own food and cake. A shared sunset yacht is available for smaller groups.',
      'Капитан и команда выводят яхту из Дубай Марины вдоль побережья к Пальме Джумейра и Бурдж-эль-Араб. На борту — безалкогольные напитки, вода, лёд и полотенца; можно взять с собой еду и торт. Для небольших компаний есть групповая яхта на закате.',
    ),
    itinerary: [
      step(undefined, t('Boarding at Dubai Marina', 'Посадка в Дубай Марине'), t('Meet the crew at the marina pier 15 minutes before departure.', 'Встреча с командой у причала за 15 минут до отправления.')),
      step(undefined, t('Cruise along the coast', 'Прогулка вдоль побережья'), t('JBR, Ain Dubai, Atlantis and the Burj Al Arab.', 'JBR, Ain Dubai, Atlantis и Бурдж-эль-Араб.')),
      step(undefined, t('Swim stop', 'Остановка для купания'), t('Anchor for a swim near the Palm (weather permitting).', 'Стоянка для купания у Пальмы (при хорошей погоде).')),
    ],
    terms: paragraphs(terms.cancel48, terms.weather, terms.meetOnSite),
    cancellation: policies.cancel48,
    notesToAgents: t(
      'Price is for the whole yacht for 2 hours. Extra hours can be added on board at AED 600 (42 ft) / AED 1,100 (56 ft). Guests must bring original passports or Emirates ID for the coastguard list.',
      'Цена указана за всю яхту на 2 часа. Дополнительные часы можно добавить на борту: 600 AED (42 фута) / 1100 AED (56 футов). Гостям нужны оригиналы паспортов или Emirates ID для списка береговой охраны.',
    ),
    faq: [
      qa(t('Can we bring a cake or decorations?', 'Можно ли взять торт или украшения?'), t('Yes. Birthday decorations can also be arranged for AED 350.', 'Да. Также можно заказать оформление ко дню рождения за 350 AED.')),
      qa(t('Is alcohol allowed?', 'Можно ли алкоголь?'), t('No, licensing rules do not allow alcohol on these yachts.', 'Нет, правила лицензирования запрещают алкоголь на этих яхтах.')),
      qa(t('Where exactly do we board?', 'Где именно посадка?'), t('Dubai Marina Yacht Club, pier 7; the captain sends a location pin the day before.', 'Яхт-клуб Дубай Марины, причал 7; капитан присылает геолокацию накануне.')),
    ],
    durationMinutes: 120,
    photos: photos('yacht-marina', 'marina-night', 'beach-palms'),
    offers: [
      offer({
        name: t('42 ft yacht, up to 10 guests, 2 hours', 'Яхта 42 фута, до 10 гостей, 2 часа'),
        description: t('Private yacht with captain and deckhand.', 'Яхта с капитаном и матросом только для вашей группы.'),
        ...perTrip(1400, 1100),
        startTimes: ['10:00', '14:00', '17:00'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
      offer({
        name: t('56 ft yacht, up to 20 guests, 2 hours', 'Яхта 56 футов, до 20 гостей, 2 часа'),
        description: t('Larger yacht with sun deck and two cabins.', 'Большая яхта с солнечной палубой и двумя каютами.'),
        ...perTrip(2600, 2050),
        startTimes: ['10:00', '17:00'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
      offer({
        name: t('Shared sunset yacht, 2 hours', 'Групповая яхта на закате, 2 часа'),
        description: t('Seat on a shared yacht with up to 20 guests.', 'Место на групповой яхте до 20 человек.'),
        ...perPerson([250, 190], [150, 115]),
        startTimes: ['17:00'],
        dailyStock: 20,
        cutOffHours: 6,
      }),
    ],
  },
  {
    slug: 'speedboat-tour-dubai-marina',
    city: 'dubai',
    categories: ['water-activities', 'adventure'],
    title: t('Speedboat Tour: Marina, Atlantis and Burj Al Arab', 'Скоростной катер: Марина, Atlantis и Бурдж-эль-Араб'),
    summary: t(
      'A 90-minute high-speed boat tour with photo stops at Atlantis, the Burj Al Arab and Ain Dubai.',
      '90 минут на скоростном катере с фотостопами у Atlantis, Бурдж-эль-Араб и Ain Dubai.',
    ),
    description: t(
      'A rigid inflatable boat seats up to 10 guests and runs at speed along the coast, slowing for photo stops at the best angles of Dubai’s icons. The guide points out landmarks along the way.',
      'Надувная лодка с жёстким корпусом вмещает до 10 гостей и мчится вдоль побережья, замедляясь для фотографий с лучших ракурсов. По пути гид рассказывает о достопримечательностях.',
    ),
    itinerary: [
      step(undefined, t('Check-in at Dubai Marina', 'Регистрация в Дубай Марине'), t('Life jackets and safety briefing.', 'Спасательные жилеты и инструктаж.')),
      step(undefined, t('Speedboat ride', 'Поездка на катере'), t('Palm Jumeirah, Atlantis, Burj Al Arab and Ain Dubai.', 'Пальма Джумейра, Atlantis, Бурдж-эль-Араб и Ain Dubai.')),
    ],
    terms: paragraphs(terms.cancel24, terms.weather, terms.health, t('Minimum age 6.', 'Минимальный возраст — 6 лет.')),
    cancellation: policies.cancel24,
    notesToAgents: t('Seats at the back are smoother for guests worried about the bumps.', 'Места сзади качает меньше — предложите их тем, кто боится тряски.'),
    faq: [
      qa(t('Will we get wet?', 'Мы промокнем?'), t('A little spray is likely; bring a change of clothes.', 'Брызги вероятны; возьмите сменную одежду.')),
      faqCommon.whatToBring,
    ],
    durationMinutes: 90,
    photos: photos('yacht-marina', 'beach-palms', 'dolphins'),
    offers: [
      offer({
        name: t('Shared speedboat seat', 'Место в групповом катере'),
        description: t('90-minute shared tour, up to 10 guests per boat.', '90-минутная групповая поездка, до 10 гостей в катере.'),
        ...perPerson([450, 350], [350, 270]),
        startTimes: ['09:00', '11:00', '16:00'],
        dailyStock: 20,
        cutOffHours: 3,
      }),
      offer({
        name: t('Private speedboat, 2 hours', 'Индивидуальный катер, 2 часа'),
        description: t('The whole boat for your group of up to 10.', 'Весь катер для группы до 10 человек.'),
        ...perTrip(3800, 3100),
        startTimes: ['09:00', '16:00'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'jet-ski-burj-al-arab',
    city: 'dubai',
    categories: ['water-activities', 'adventure'],
    title: t('Jet Ski Tour to the Burj Al Arab', 'Гидроцикл до Бурдж-эль-Араб'),
    summary: t(
      'Ride a Yamaha jet ski behind a guide from Jumeirah to the Burj Al Arab; 30 or 60 minutes.',
      'Поездка на гидроцикле Yamaha за инструктором от Джумейры до Бурдж-эль-Араб — 30 или 60 минут.',
    ),
    description: t(
      'After a short briefing guests follow an instructor on their own jet ski (one or two riders) to the Burj Al Arab for photos, with the longer ride continuing to Atlantis on the Palm.',
      'После короткого инструктажа гости едут за инструктором на своём гидроцикле (один или два человека) к Бурдж-эль-Араб для фотографий; в длинном варианте — дальше, до Atlantis на Пальме.',
    ),
    itinerary: [
      step(undefined, t('Briefing', 'Инструктаж'), t('Life jacket and safety briefing on the beach.', 'Спасательный жилет и инструктаж на пляже.')),
      step(undefined, t('Ride', 'Поездка'), t('Follow the guide to the landmarks.', 'Поездка за гидом к достопримечательностям.')),
    ],
    terms: paragraphs(terms.cancel24, terms.weather, t('Drivers must be 16+; passengers 8+. Price is per jet ski for up to two riders (max. 150 kg).', 'Водителю — от 16 лет, пассажиру — от 8 лет. Цена за гидроцикл на одного-двух человек (до 150 кг).')),
    cancellation: policies.cancel24,
    faq: [qa(t('Is a licence needed?', 'Нужны ли права?'), t('No, a guide leads the ride.', 'Нет, поездку ведёт инструктор.')), faqCommon.whatToBring],
    durationMinutes: 60,
    photos: photos('beach-palms', 'yacht-marina'),
    offers: [
      offer({
        name: t('30-minute ride', '30 минут'),
        description: t('Jumeirah to the Burj Al Arab and back.', 'От Джумейры до Бурдж-эль-Араб и обратно.'),
        ...perTrip(450, 350),
        startTimes: ['09:00', '12:00', '16:00'],
        dailyStock: 8,
        cutOffHours: 2,
      }),
      offer({
        name: t('60-minute ride', '60 минут'),
        description: t('Burj Al Arab and Atlantis, The Palm.', 'Бурдж-эль-Араб и Atlantis на Пальме.'),
        ...perTrip(800, 640),
        startTimes: ['09:00', '16:00'],
        dailyStock: 6,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'tandem-skydive-palm-jumeirah',
    city: 'dubai',
    categories: ['adventure'],
    title: t('Tandem Skydive over the Palm Jumeirah', 'Прыжок с парашютом в тандеме над Пальмой Джумейра'),
    summary: t(
      'Freefall from 13,000 feet strapped to an instructor, landing on the beach of the Palm drop zone.',
      'Свободное падение с высоты 4000 метров вместе с инструктором и приземление на пляже у Пальмы.',
    ),
    description: t(
      'One of the most famous drop zones in the world. After registration and a briefing, guests board the plane with their tandem instructor, jump from 13,000 feet and enjoy about 60 seconds of freefall before a five-minute canopy ride over the Palm Jumeirah.',
      'Одна из самых известных площадок для прыжков в мире. После регистрации и инструктажа гость поднимается на борт вместе с инструктором, прыгает с 4000 метров и около 60 секунд летит в свободном падении, а затем пять минут парит под куполом над Пальмой Джумейра.',
    ),
    itinerary: [
      step(undefined, t('Check-in', 'Регистрация'), t('Medical form, weigh-in and briefing.', 'Медицинская анкета, взвешивание и инструктаж.')),
      step(undefined, t('Jump', 'Прыжок'), t('Flight to 13,000 ft, freefall and canopy ride.', 'Подъём на 4000 метров, свободное падение и полёт под куполом.')),
    ],
    terms: paragraphs(terms.cancel48, terms.health, t('Minimum age 18; maximum weight 100 kg; photo ID required. Jumps depend on weather and may be moved on the day.', 'Минимальный возраст — 18 лет; максимальный вес — 100 кг; нужен документ с фото. Прыжки зависят от погоды и могут быть перенесены в тот же день.')),
    cancellation: policies.cancel48,
    notesToAgents: t('Confirmed on request only — the drop zone allocates slots 48 hours ahead. Allow the whole morning; delays are common.', 'Подтверждается только по запросу — площадка распределяет слоты за 48 часов. Закладывайте всё утро: задержки случаются часто.'),
    faq: [
      qa(t('Are photos and video included?', 'Входят ли фото и видео?'), t('No, the handcam or outside camera package is bought at the drop zone.', 'Нет, съёмку на камеру инструктора или внешнего оператора покупают на месте.')),
      qa(t('What if the guest is over 100 kg?', 'Что если вес больше 100 кг?'), t('The jump cannot go ahead; the drop zone weighs everyone at check-in.', 'Прыжок невозможен; всех взвешивают при регистрации.')),
    ],
    durationMinutes: 240,
    photos: photos('skydiving', 'beach-palms'),
    offers: [
      offer({
        name: t('Tandem skydive', 'Прыжок в тандеме'),
        description: t('Tandem jump from 13,000 ft over the Palm.', 'Прыжок в тандеме с 4000 метров над Пальмой.'),
        ...perPerson([2199, 1850]),
        hasLiveAvailability: false,
        cutOffHours: 48,
        startTimes: ['08:00', '11:00'],
        dailyStock: 10,
        closedWeekdays: [5],
      }),
    ],
  },
  {
    slug: 'helicopter-tour-dubai',
    city: 'dubai',
    categories: ['adventure', 'attractions', 'private-tours'],
    title: t('Helicopter Tour over Dubai', 'Полёт на вертолёте над Дубаем'),
    summary: t(
      'See the Palm, the World Islands, the Burj Al Arab and Downtown from the air on a 12, 17 or 22-minute flight.',
      'Пальма, острова «Мир», Бурдж-эль-Араб и Даунтаун с высоты птичьего полёта — полёт на 12, 17 или 22 минуты.',
    ),
    description: t(
      'Flights take off from the Atlantis helipad. Each seat is a window seat, and headsets carry the pilot’s commentary. The 17-minute route adds Port Rashid and the Dubai Frame; the private 22-minute flight also covers Downtown and Burj Khalifa up close.',
      'Вылет — с вертолётной площадки у Atlantis. У каждого пассажира место у окна, в наушниках — комментарии пилота. Маршрут на 17 минут добавляет Порт-Рашид и Дубайскую рамку; индивидуальный полёт на 22 минуты охватывает также Даунтаун и Бурдж-Халифу вблизи.',
    ),
    itinerary: [
      step(undefined, t('Check-in at the helipad', 'Регистрация на вертолётной площадке'), t('Arrive 45 minutes before the flight with passport.', 'Прибыть за 45 минут до вылета с паспортом.')),
      step(undefined, t('Flight', 'Полёт'), t('Window seat and commentary.', 'Место у окна и комментарии пилота.')),
    ],
    terms: paragraphs(terms.cancel48, terms.meetOnSite, t('Passport or Emirates ID is required. Children under 2 cannot fly; children 2–11 must be with an adult.', 'Нужен паспорт или Emirates ID. Дети до 2 лет не допускаются; дети 2–11 лет — только со взрослыми.')),
    cancellation: policies.cancel48,
    notesToAgents: t(
      'Passport names must match the booking exactly; send them with the booking. Guests over 120 kg pay for an extra seat.',
      'Имена в брони должны точно совпадать с паспортами — пришлите их вместе с бронью. Гости весом более 120 кг оплачивают дополнительное место.',
    ),
    faq: [qa(t('Can a family sit together?', 'Можно ли сесть всей семьёй вместе?'), t('Seating is by weight balance; the crew tries to keep families together.', 'Рассадка зависит от веса пассажиров, но экипаж старается сажать семьи рядом.')), faqCommon.childAges],
    durationMinutes: 60,
    photos: photos('city-skyline', 'beach-palms', 'marina-night'),
    offers: [
      offer({
        name: t('12-minute shared flight', 'Групповой полёт 12 минут'),
        description: t('Palm Jumeirah, Burj Al Arab and the World Islands.', 'Пальма Джумейра, Бурдж-эль-Араб и острова «Мир».'),
        ...perPerson([750, 620], [750, 600]),
        stockMode: 'per_type',
        startTimes: ['10:00', '14:00', '16:30'],
        dailyStock: 12,
        cutOffHours: 24,
      }),
      offer({
        name: t('17-minute shared flight', 'Групповой полёт 17 минут'),
        description: t('Adds Port Rashid and the Dubai Frame.', 'Дополнительно Порт-Рашид и Дубайская рамка.'),
        ...perPerson([1095, 900], [1095, 880]),
        startTimes: ['10:00', '16:30'],
        dailyStock: 8,
        cutOffHours: 24,
      }),
      offer({
        name: t('Private 22-minute flight, up to 5 guests', 'Индивидуальный полёт 22 минуты, до 5 гостей'),
        description: t('The whole helicopter for your group.', 'Весь вертолёт для вашей группы.'),
        ...perTrip(17000, 14000),
        hasLiveAvailability: false,
        cutOffHours: 48,
        startTimes: ['11:00'],
        dailyStock: 4,
      }),
    ],
  },
  {
    slug: 'img-worlds-of-adventure',
    city: 'dubai',
    categories: ['theme-parks'],
    title: t('IMG Worlds of Adventure', 'Парк развлечений IMG Worlds of Adventure'),
    summary: t(
      'One of the world’s largest indoor theme parks: Marvel and Cartoon Network zones, dinosaurs and thrill rides, all air-conditioned.',
      'Один из крупнейших в мире крытых тематических парков: зоны Marvel и Cartoon Network, динозавры и экстремальные аттракционы — везде кондиционер.',
    ),
    description: t(
      'Four themed zones under one roof: Marvel, Cartoon Network, the Lost Valley with animatronic dinosaurs and IMG Boulevard. The park is a perfect choice for the hottest months.',
      'Четыре тематические зоны под одной крышей: Marvel, Cartoon Network, «Затерянная долина» с движущимися динозаврами и бульвар IMG. Идеальный выбор для самых жарких месяцев.',
    ),
    itinerary: [step(undefined, t('Park entry', 'Вход в парк'), t('Open from 12:00 to 22:00; all rides included.', 'Открыт с 12:00 до 22:00; все аттракционы включены.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Child tickets for guests under 1.2 m; under 1.05 m free.', 'Детский билет — для роста до 1,2 м; до 1,05 м — бесплатно.')),
    cancellation: policies.nonRefundable,
    faq: [
      qa(t('How is a child defined?', 'Кто считается ребёнком?'), t('By height: under 1.2 metres.', 'По росту: ниже 1,2 метра.')),
      qa(t('Is food allowed?', 'Можно ли со своей едой?'), t('No outside food; there are many restaurants inside.', 'Нет, но внутри много ресторанов.')),
    ],
    durationMinutes: 360,
    photos: photos('theme-park', 'city-skyline'),
    offers: [
      offer({
        name: t('General admission', 'Стандартный билет'),
        description: t('Full-day entry to all zones.', 'Вход на весь день во все зоны.'),
        ...perPerson([345, 265], [315, 240]),
        stockMode: 'per_type',
        startTimes: ['12:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Fast track', 'Билет Fast Track'),
        description: t('Priority queue on all rides.', 'Приоритетный проход на все аттракционы.'),
        ...perPerson([545, 440], [515, 410]),
        stockMode: 'per_type',
        startTimes: ['12:00'],
        dailyStock: 15,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'dubai-parks-and-resorts',
    city: 'dubai',
    categories: ['theme-parks'],
    title: t('Dubai Parks and Resorts: Motiongate and Legoland', 'Dubai Parks and Resorts: Motiongate и Legoland'),
    summary: t(
      'Hollywood-style thrills at Motiongate or colourful Lego worlds for younger children — one park or two.',
      'Голливудские аттракционы в Motiongate или разноцветный мир Lego для малышей — один парк или два.',
    ),
    description: t(
      'Motiongate brings DreamWorks, Columbia Pictures and The Smurfs to life with rides for all ages, while Legoland Dubai is designed for children 2–12 with more than 40 rides and a Miniland of Lego landmarks. The two-park ticket is valid on one day.',
      'В Motiongate оживают герои DreamWorks, Columbia Pictures и смурфики — аттракционы для всех возрастов. Legoland Дубай создан для детей 2–12 лет: более 40 аттракционов и «Миниленд» с достопримечательностями из Lego. Билет в два парка действует в течение одного дня.',
    ),
    itinerary: [step(undefined, t('Park entry', 'Вход в парк'), t('Parks open 11:00–18:00 on weekdays, later at weekends.', 'Парки открыты с 11:00 до 18:00 в будни, в выходные — дольше.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Children are 3–11 years old; under 3 free.', 'Детский тариф — 3–11 лет, до 3 лет бесплатно.')),
    cancellation: policies.nonRefundable,
    notesToAgents: t('Parks are closed on Tuesdays outside school holidays.', 'Вне школьных каникул по вторникам парки закрыты.'),
    faq: [faqCommon.childAges, faqCommon.wheelchair],
    durationMinutes: 420,
    photos: photos('theme-park', 'water-park'),
    offers: [
      offer({
        name: t('One park, one day', 'Один парк, один день'),
        description: t('Motiongate or Legoland Dubai.', 'Motiongate или Legoland Дубай.'),
        ...perPerson([295, 235], [260, 205]),
        stockMode: 'per_type',
        startTimes: ['11:00'],
        dailyStock: 60,
        cutOffHours: 2,
        closedWeekdays: [2],
      }),
      offer({
        name: t('Two parks, one day', 'Два парка, один день'),
        description: t('Motiongate and Legoland Dubai on the same day.', 'Motiongate и Legoland Дубай в один день.'),
        ...perPerson([395, 315], [345, 275]),
        stockMode: 'per_type',
        startTimes: ['11:00'],
        dailyStock: 30,
        cutOffHours: 2,
        closedWeekdays: [2],
      }),
    ],
  },
  {
    slug: 'aquaventure-waterpark',
    city: 'dubai',
    categories: ['theme-parks', 'water-activities'],
    title: t('Aquaventure Waterpark at Atlantis', 'Аквапарк Aquaventure в Atlantis'),
    summary: t(
      'Record-breaking slides, a lazy river, private beach and the Lost Chambers Aquarium on the Palm.',
      'Рекордные горки, «ленивая река», собственный пляж и аквариум Lost Chambers на Пальме.',
    ),
    description: t(
      'Aquaventure has more than 100 slides and attractions, including the near-vertical Leap of Faith through a shark lagoon, a 1.6-kilometre river with rapids and a children’s play area. Entry includes the park’s private beach and the Lost Chambers Aquarium.',
      'В Aquaventure более 100 горок и аттракционов, среди них почти отвесная горка «Прыжок веры» сквозь лагуну с акулами, 1,6-километровая река с порогами и детская зона. В билет входит собственный пляж парка и аквариум Lost Chambers.',
    ),
    itinerary: [step(undefined, t('Full day at the park', 'Целый день в аквапарке'), t('Open 10:00–18:00.', 'Открыт с 10:00 до 18:00.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Child price for guests under 1.2 m; children must be accompanied by a paying adult.', 'Детский тариф — для роста до 1,2 м; дети — только в сопровождении взрослого с билетом.')),
    cancellation: policies.nonRefundable,
    faq: [
      qa(t('Are towels and lockers included?', 'Входят ли полотенца и шкафчики?'), t('Towels yes; lockers are AED 60 on site.', 'Полотенца — да; шкафчик — 60 AED на месте.')),
      qa(t('Are there height limits on slides?', 'Есть ли ограничения по росту на горках?'), t('Yes, most thrill slides need 1.2 m or more.', 'Да, на большинстве экстремальных горок — от 1,2 м.')),
    ],
    durationMinutes: 480,
    photos: photos('water-park', 'beach-palms', 'aquarium'),
    offers: [
      offer({
        name: t('Day pass', 'Билет на день'),
        description: t('Waterpark, private beach and Lost Chambers Aquarium.', 'Аквапарк, пляж и аквариум Lost Chambers.'),
        ...perPerson([339, 270], [289, 230]),
        stockMode: 'per_type',
        startTimes: ['10:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'ski-dubai-snow-park',
    city: 'dubai',
    categories: ['attractions', 'theme-parks'],
    title: t('Ski Dubai Snow Park', 'Снежный парк Ski Dubai'),
    summary: t(
      'Real snow in the desert: sledging, tubing and snowball fights at Mall of the Emirates, with penguin encounters.',
      'Настоящий снег посреди пустыни: санки, тюбинг и игра в снежки в торговом центре Mall of the Emirates, а также встреча с пингвинами.',
    ),
    description: t(
      'Kept at –4 °C all year round, Ski Dubai has a 400-metre slope, a snow park for sledging and tubing, a chairlift and a colony of gentoo and king penguins. Jackets, trousers, boots and helmets are included; gloves and hats are sold on site.',
      'Круглый год здесь –4 °C: 400-метровый склон, снежный парк с санками и тюбингом, кресельный подъёмник и колония папуанских и королевских пингвинов. Куртка, брюки, ботинки и шлем включены; перчатки и шапку можно купить на месте.',
    ),
    itinerary: [
      step(undefined, t('Gear up', 'Экипировка'), t('Collect clothing and boots at the entrance.', 'Получите одежду и обувь на входе.')),
      step(undefined, t('Snow park', 'Снежный парк'), t('Sledging, tubing, chairlift ride and snow cavern.', 'Санки, тюбинг, подъёмник и снежная пещера.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Children 3–11; under 3 not admitted to the snow park.', 'Детский тариф — 3–11 лет; дети до 3 лет в снежный парк не допускаются.')),
    cancellation: policies.nonRefundable,
    notesToAgents: t('Penguin encounters have strict limits (age 8+, 10 guests per session) and are confirmed on request.', 'Встречи с пингвинами строго ограничены (от 8 лет, 10 гостей за сеанс) и подтверждаются по запросу.'),
    faq: [
      qa(t('Do guests need warm clothes?', 'Нужна ли тёплая одежда?'), t('Jackets and trousers are provided; bring gloves and a hat or buy them on site.', 'Куртки и брюки выдаются; перчатки и шапку возьмите с собой или купите на месте.')),
      faqCommon.childAges,
    ],
    durationMinutes: 180,
    photos: photos('indoor-ski', 'city-skyline'),
    offers: [
      offer({
        name: t('Snow Classic', 'Snow Classic'),
        description: t('Snow park entry with unlimited rides and chairlift.', 'Вход в снежный парк, безлимитные аттракционы и подъёмник.'),
        ...perPerson([215, 170], [200, 160]),
        stockMode: 'per_type',
        startTimes: ['10:00', '13:00', '17:00'],
        dailyStock: 40,
        cutOffHours: 2,
      }),
      offer({
        name: t('Snow Premium with penguin meet', 'Snow Premium и встреча с пингвинами'),
        description: t('Snow Classic plus a 40-minute penguin encounter.', 'Snow Classic и 40-минутная встреча с пингвинами.'),
        ...perPerson([470, 380], [440, 355]),
        hasLiveAvailability: false,
        startTimes: ['11:00', '15:00'],
        dailyStock: 10,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'hatta-mountain-tour',
    city: 'dubai',
    categories: ['day-trips', 'adventure', 'water-activities'],
    title: t('Hatta Mountain Tour with Kayaking', 'Поездка в горы Хатта с каякингом'),
    summary: t(
      'Leave the city for the Hajar mountains: kayak on the turquoise Hatta Dam, visit the heritage village and a honey-bee garden.',
      'Из города — в горы Хаджар: прогулка на каяке по бирюзовому озеру Хатта, деревня-музей и пасека.',
    ),
    description: t(
      'Hatta is Dubai’s mountain enclave, 130 km from the city. The tour stops at the Hatta Heritage Village with its restored mud-brick houses and watchtowers, continues to the dam for 45 minutes of kayaking, and ends at the Hatta Honey Bee Garden before lunch at a local restaurant.',
      'Хатта — горный анклав Дубая в 130 км от города. Сначала — деревня-музей Хатта с восстановленными глинобитными домами и сторожевыми башнями, затем 45 минут на каяке по водохранилищу и визит на пасеку Hatta Honey Bee Garden, после чего обед в местном ресторане.',
    ),
    itinerary: [
      step('07:30', t('Pick-up', 'Трансфер'), t('Minivan pick-up from Dubai hotels.', 'Гостей забирают из отелей Дубая на минивэне.')),
      step('09:30', t('Heritage village', 'Деревня-музей'), t('Walk through the restored village.', 'Прогулка по восстановленной деревне.')),
      step('10:30', t('Kayaking on Hatta Dam', 'Каяки на озере Хатта'), t('45 minutes on the lake.', '45 минут на озере.')),
      step('12:30', t('Honey Bee Garden and lunch', 'Пасека и обед'), t('Honey tasting, then lunch.', 'Дегустация мёда, затем обед.')),
      step('16:30', t('Back in Dubai', 'Возвращение в Дубай'), t('Drop-off at the hotel.', 'Высадка у отеля.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('Group tour needs at least 2 guests; runs daily except Tuesday, when the kayak centre is closed for maintenance.', 'Групповой тур — от 2 человек; ежедневно, кроме вторника, когда каякинг-центр закрыт на обслуживание.'),
    faq: [faqCommon.whatToBring, qa(t('Can non-swimmers kayak?', 'Можно ли на каяк тем, кто не умеет плавать?'), t('Yes, life jackets are mandatory and the lake is calm.', 'Да, спасательные жилеты обязательны, а озеро спокойное.')), faqCommon.childAges],
    durationMinutes: 540,
    photos: photos('mountain-lake-kayak', 'mountains', 'heritage-wind-towers', 'fort'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour with lunch', 'Групповой тур с обедом'),
        description: t('Minivan group, kayaking and lunch.', 'Группа в минивэне, каяки и обед.'),
        ...perPerson([320, 240], [250, 185]),
        minPeople: 2,
        startTimes: ['08:00'],
        dailyStock: 14,
        cutOffHours: 24,
        closedWeekdays: [2],
      }),
      offer({
        name: t('Private 4x4 with guide', 'Индивидуальный джип с гидом'),
        description: t('Private 4x4 for up to 5 guests, kayaking and lunch included.', 'Джип до 5 человек, каяки и обед включены.'),
        ...perTrip(1600, 1300),
        startTimes: ['08:00', '09:00'],
        dailyStock: 4,
        cutOffHours: 24,
        closedWeekdays: [2],
      }),
    ],
  },
  {
    slug: 'old-dubai-food-walk',
    city: 'dubai',
    categories: ['culture', 'city-tours'],
    title: t('Old Dubai Evening Food Walk', 'Вечерняя гастрономическая прогулка по старому Дубаю'),
    summary: t(
      'Taste your way through Deira and Bur Dubai: Emirati, Iranian, Indian and Syrian dishes at eight local stops.',
      'Вкусы Дейры и Бур-Дубая: эмиратская, иранская, индийская и сирийская кухня в восьми местных заведениях.',
    ),
    description: t(
      'A local guide leads a small group through the lanes of the old city at dusk, stopping at family-run eateries for falafel, Iranian kebabs, kunafa, karak tea and luqaimat. Between stops the group crosses the Creek by abra and walks through the spice souk.',
      'Местный гид ведёт небольшую группу по переулкам старого города в сумерках. Остановки — в семейных закусочных: фалафель, иранские кебабы, кунафа, чай карак и лукаймат. Между остановками — переправа через залив на абре и прогулка по рынку специй.',
    ),
    itinerary: [
      step('17:30', t('Meet at Al Ras metro', 'Встреча у метро Аль-Рас'), t('Meeting point at exit 2.', 'Место встречи — выход № 2.')),
      step('18:00', t('Deira tastings', 'Дегустации в Дейре'), t('Four stops in Deira and the spice souk.', 'Четыре остановки в Дейре и на рынке специй.')),
      step('19:30', t('Abra and Bur Dubai', 'Абра и Бур-Дубай'), t('Cross the Creek for four more stops and dessert.', 'Переправа через залив, ещё четыре остановки и десерт.')),
    ],
    terms: paragraphs(terms.cancel24, t('Children 5–11 pay the child price. Tell us about allergies when booking; some dishes contain nuts and gluten.', 'Дети 5–11 лет — по детскому тарифу. Об аллергиях сообщите при бронировании: в некоторых блюдах есть орехи и глютен.')),
    cancellation: policies.cancel24,
    notesToAgents: t('Enough food for dinner — advise guests not to eat beforehand. No tours on Sundays.', 'Еды хватает на полноценный ужин — посоветуйте гостям не ужинать заранее. По воскресеньям туров нет.'),
    faq: [faqCommon.vegetarian, qa(t('How much walking is involved?', 'Сколько придётся идти пешком?'), t('About 3 km at an easy pace.', 'Около 3 км в спокойном темпе.'))],
    durationMinutes: 210,
    photos: photos('souk-lanterns', 'heritage-wind-towers', 'dhow-cruise-night'),
    offers: [
      offer({
        name: t('Small-group food walk', 'Прогулка в мини-группе'),
        description: t('Up to 12 guests, all tastings and abra ride included.', 'До 12 гостей, все дегустации и абра включены.'),
        ...perPerson([375, 290], [275, 210]),
        minPeople: 2,
        startTimes: ['17:30'],
        dailyStock: 12,
        cutOffHours: 12,
        closedWeekdays: [0],
      }),
    ],
  },
];

// ---------------------------------------------------------------------------
// Tours — Abu Dhabi
// ---------------------------------------------------------------------------

const abuDhabiTours: SeedTour[] = [
  {
    slug: 'abu-dhabi-city-tour',
    city: 'abu-dhabi',
    categories: ['city-tours', 'culture', 'day-trips'],
    title: t('Abu Dhabi Full-Day City Tour with Grand Mosque', 'Обзорная экскурсия по Абу-Даби на целый день с Большой мечетью'),
    summary: t(
      'Sheikh Zayed Grand Mosque, Qasr Al Watan, the Heritage Village, the Corniche and a Louvre photo stop — from Dubai or Abu Dhabi hotels.',
      'Большая мечеть шейха Зайда, дворец Каср-аль-Ватан, деревня-музей, набережная Корниш и фотостоп у Лувра — с трансфером из Дубая или Абу-Даби.',
    ),
    description: t(
      'The capital in one day. The tour starts with the Sheikh Zayed Grand Mosque, one of the largest mosques in the world, with 82 white marble domes and the world’s largest hand-knotted carpet. It continues to the presidential palace Qasr Al Watan (outside view), the Heritage Village on the Breakwater, the Corniche and a photo stop at the Louvre Abu Dhabi on Saadiyat Island. Lunch is at a local restaurant.',
      'Столица за один день. Экскурсия начинается с Большой мечети шейха Зайда — одной из крупнейших в мире: 82 купола из белого мрамора и самый большой ковёр ручной работы. Далее — президентский дворец Каср-аль-Ватан (осмотр снаружи), деревня-музей на волнорезе, набережная Корниш и фотостоп у Лувра Абу-Даби на острове Саадият. Обед — в местном ресторане.',
    ),
    itinerary: [
      step(undefined, t('Pick-up', 'Трансфер'), t('From Dubai hotels at about 07:30 or Abu Dhabi hotels at about 09:00.', 'Из отелей Дубая около 07:30 или из отелей Абу-Даби около 09:00.')),
      step('10:00', t('Sheikh Zayed Grand Mosque', 'Большая мечеть шейха Зайда'), t('Guided visit inside the mosque (about 75 minutes).', 'Экскурсия внутри мечети (около 75 минут).')),
      step('12:00', t('Qasr Al Watan and lunch', 'Каср-аль-Ватан и обед'), t('Photo stop at the palace, then lunch.', 'Фотостоп у дворца, затем обед.')),
      step('14:00', t('Heritage Village and Corniche', 'Деревня-музей и Корниш'), t('Traditional crafts and the waterfront.', 'Традиционные ремёсла и набережная.')),
      step('15:30', t('Louvre photo stop and return', 'Фотостоп у Лувра и возвращение'), t('Back in Dubai around 18:00.', 'Возвращение в Дубай около 18:00.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.dressCode),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'The Dubai pick-up offer is valid only for Dubai hotels; guests staying in Abu Dhabi must book the Abu Dhabi offer. The mosque closes to visitors on Friday mornings, so on Fridays the order of visits is reversed.',
      'Вариант с трансфером из Дубая действует только для отелей Дубая; гостям, живущим в Абу-Даби, нужно бронировать вариант из Абу-Даби. По пятницам утром мечеть закрыта для туристов, поэтому в пятницу порядок посещений меняется.',
    ),
    faq: [
      qa(t('What should guests wear?', 'Как одеться?'), terms.dressCode),
      qa(t('Is lunch included?', 'Включён ли обед?'), t('Yes, a set lunch with a soft drink.', 'Да, комплексный обед с напитком.')),
      faqCommon.childAges,
      faqCommon.pickUpAreas,
    ],
    durationMinutes: 630,
    photos: photos('mosque-domes', 'museum-dome', 'fort', 'city-skyline'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour with pick-up from Dubai', 'Групповой тур с трансфером из Дубая'),
        description: t('Coach from Dubai hotels, guide and lunch.', 'Автобус из отелей Дубая, гид и обед.'),
        ...perPerson([220, 160], [160, 115]),
        startTimes: ['08:00'],
        dailyStock: 45,
        cutOffHours: 12,
        pickUpCity: 'dubai',
      }),
      offer({
        name: t('Group tour with pick-up in Abu Dhabi', 'Групповой тур с трансфером в Абу-Даби'),
        description: t('Joins the group from Abu Dhabi hotels.', 'Присоединение к группе из отелей Абу-Даби.'),
        ...perPerson([180, 130], [130, 95]),
        startTimes: ['09:30'],
        dailyStock: 20,
        cutOffHours: 12,
      }),
      offer({
        name: t('Private car from Dubai, up to 4 guests', 'Индивидуальный автомобиль из Дубая, до 4 гостей'),
        description: t('Private car with a driver-guide for 10 hours.', 'Автомобиль с гидом-водителем на 10 часов.'),
        ...perTrip(1300, 1050),
        startTimes: ['08:00', '09:00'],
        dailyStock: 4,
        cutOffHours: 24,
        pickUpCity: 'dubai',
      }),
    ],
  },
  {
    slug: 'sheikh-zayed-grand-mosque-tour',
    featured: true,
    city: 'abu-dhabi',
    categories: ['culture'],
    title: t('Sheikh Zayed Grand Mosque Guided Visit', 'Экскурсия в Большую мечеть шейха Зайда'),
    summary: t(
      'A focused two-hour visit with a licensed guide, at sunset when the marble glows, with Abu Dhabi hotel transfers.',
      'Двухчасовая экскурсия с лицензированным гидом на закате, когда мрамор светится, и трансфер из отелей Абу-Даби.',
    ),
    description: t(
      'The visit covers the main prayer hall with its Swarovski chandeliers, the courtyard inlaid with floral marble and the reflecting pools. The sunset timing lets guests see the mosque in daylight and under its lunar lighting system.',
      'Гости увидят главный молельный зал с люстрами Swarovski, двор с цветочной мраморной инкрустацией и отражающие бассейны. Время на закате позволяет увидеть мечеть и при дневном свете, и в «лунной» подсветке.',
    ),
    itinerary: [
      step('16:00', t('Pick-up', 'Трансфер'), t('From Abu Dhabi hotels.', 'Из отелей Абу-Даби.')),
      step('16:30', t('Guided visit', 'Экскурсия'), t('Prayer hall, courtyard and pools.', 'Молельный зал, двор и бассейны.')),
      step('18:30', t('Return', 'Возвращение'), t('Drop-off at the hotel.', 'Высадка у отеля.')),
    ],
    terms: paragraphs(terms.cancel24, terms.dressCode, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('No tours on Friday afternoons during prayer times — Friday is closed for this offer.', 'В пятницу днём во время молитв туров нет — по пятницам этот вариант закрыт.'),
    faq: [qa(t('Can guests take photos?', 'Можно ли фотографировать?'), t('Yes, everywhere except during prayers.', 'Да, везде, кроме времени молитв.')), faqCommon.wheelchair],
    durationMinutes: 150,
    photos: photos('mosque-domes', 'city-skyline'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Sunset guided visit', 'Экскурсия на закате'),
        description: t('Guide and return transfer from Abu Dhabi hotels.', 'Гид и трансфер из отелей Абу-Даби и обратно.'),
        ...perPerson([120, 90], [90, 65]),
        startTimes: ['16:30'],
        dailyStock: 30,
        cutOffHours: 6,
        closedWeekdays: [5],
      }),
    ],
  },
  {
    slug: 'louvre-abu-dhabi',
    city: 'abu-dhabi',
    categories: ['attractions', 'culture'],
    title: t('Louvre Abu Dhabi Entry Ticket', 'Билет в Лувр Абу-Даби'),
    summary: t(
      'A universal museum under a 180-metre lattice dome that creates a “rain of light” over the galleries.',
      'Универсальный музей под 180-метровым ажурным куполом, который создаёт «дождь света» над галереями.',
    ),
    description: t(
      'Designed by Jean Nouvel, the Louvre Abu Dhabi tells the story of humanity from prehistory to the present day through 12 chapters, with loans from French museums alongside its own collection. The building itself, floating on the sea off Saadiyat Island, is the highlight for many visitors.',
      'Лувр Абу-Даби, спроектированный Жаном Нувелем, рассказывает историю человечества от древности до наших дней в 12 главах — с работами из французских музеев и собственной коллекцией. Для многих гостей главное впечатление — само здание, будто плывущее по морю у острова Саадият.',
    ),
    itinerary: [step(undefined, t('Museum visit', 'Посещение музея'), t('Self-guided; the audio guide is available in 8 languages including Russian.', 'Самостоятельно; аудиогид на 8 языках, включая русский.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Entry is free for guests under 18; book adult tickets only. The museum is closed on Mondays.', 'Для гостей до 18 лет вход бесплатный; бронируйте только взрослые билеты. По понедельникам музей закрыт.')),
    cancellation: policies.nonRefundable,
    notesToAgents: t(
      'Guests under 18 enter free; do not book child tickets. The Russian audio guide is included only in the audio-guide offer.',
      'Гости до 18 лет проходят бесплатно — детские билеты не бронируйте. Аудиогид на русском входит только в вариант с аудиогидом.',
    ),
    faq: [faqCommon.wheelchair, qa(t('Do children need a ticket?', 'Нужен ли билет детям?'), t('No, under-18s enter free with an adult.', 'Нет, до 18 лет вход бесплатный в сопровождении взрослого.'))],
    durationMinutes: 180,
    photos: photos('museum-dome', 'mosque-domes'),
    offers: [
      offer({
        name: t('Museum entry', 'Вход в музей'),
        description: t('Timed entry to the permanent collection.', 'Вход в постоянную экспозицию в выбранное время.'),
        ...perPerson([63, 50]),
        startTimes: ['10:00', '14:00'],
        dailyStock: 60,
        cutOffHours: 2,
        closedWeekdays: [1],
      }),
      offer({
        name: t('Entry with audio guide', 'Вход с аудиогидом'),
        description: t('Museum entry and multimedia guide.', 'Вход в музей и мультимедийный гид.'),
        ...perPerson([83, 66]),
        startTimes: ['10:00', '14:00'],
        dailyStock: 30,
        cutOffHours: 2,
        closedWeekdays: [1],
      }),
    ],
  },
  {
    slug: 'ferrari-world-abu-dhabi',
    featured: true,
    city: 'abu-dhabi',
    categories: ['theme-parks'],
    title: t('Ferrari World Abu Dhabi', 'Ferrari World Абу-Даби'),
    summary: t(
      'Home of Formula Rossa, one of the world’s fastest roller coasters, plus 40 Ferrari-themed rides on Yas Island.',
      'Здесь находится Formula Rossa — одни из самых быстрых американских горок в мире — и ещё 40 аттракционов в стиле Ferrari на острове Яс.',
    ),
    description: t(
      'Under the iconic red roof guests can ride Formula Rossa at 240 km/h, climb the roof on Flying Aces, race at the driving school or take the children to Junior GT. Quick Pass lets guests skip the regular queues once on every ride.',
      'Под знаменитой красной крышей можно прокатиться на Formula Rossa со скоростью 240 км/ч, подняться над крышей на Flying Aces, поучаствовать в гонках в школе вождения или отвести детей в Junior GT. Quick Pass позволяет один раз пройти без очереди на каждый аттракцион.',
    ),
    itinerary: [step(undefined, t('Park entry', 'Вход в парк'), t('Open 11:00–20:00.', 'Открыт с 11:00 до 20:00.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Child price applies to guests under 1.3 m; under 3 free.', 'Детский тариф — для роста до 1,3 м; до 3 лет бесплатно.')),
    cancellation: policies.nonRefundable,
    notesToAgents: t(
      'No transfer included: from Dubai guests can take the Yas Express shuttle or a taxi (about 75 minutes).',
      'Трансфер не включён: из Дубая гости могут доехать на шаттле Yas Express или на такси (около 75 минут).',
    ),
    faq: [qa(t('How is a child defined?', 'Кто считается ребёнком?'), t('By height: under 1.3 metres.', 'По росту: ниже 1,3 метра.')), faqCommon.wheelchair],
    durationMinutes: 420,
    photos: photos('theme-park', 'water-park'),
    offers: [
      offer({
        name: t('General admission', 'Стандартный билет'),
        description: t('One-day entry to all rides.', 'Вход на один день, все аттракционы.'),
        ...perPerson([345, 280], [285, 230]),
        stockMode: 'per_type',
        startTimes: ['11:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Quick Pass', 'Quick Pass'),
        description: t('Entry plus one priority ride on each attraction.', 'Вход и один приоритетный проход на каждый аттракцион.'),
        ...perPerson([545, 450], [485, 400]),
        stockMode: 'per_type',
        startTimes: ['11:00'],
        dailyStock: 20,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'abu-dhabi-mangrove-kayak',
    city: 'abu-dhabi',
    categories: ['water-activities', 'adventure'],
    title: t('Eastern Mangroves Kayak Tour', 'Каякинг в Восточных мангровых зарослях'),
    summary: t(
      'Paddle through the quiet channels of the Eastern Mangroves National Park with a naturalist guide; herons, crabs and turtles.',
      'Прогулка на каяке по тихим протокам национального парка Восточные мангры с гидом-натуралистом: цапли, крабы и черепахи.',
    ),
    description: t(
      'Minutes from the city centre, the mangroves are a protected nursery for fish, turtles and birds. The guide explains the ecosystem as the group paddles slowly through narrow channels; the sunset tour ends with the skyline lighting up behind the trees.',
      'В нескольких минутах от центра города мангровый лес — охраняемый «детский сад» для рыб, черепах и птиц. Группа медленно гребёт по узким протокам, а гид рассказывает об экосистеме; закатная прогулка заканчивается, когда за деревьями загораются огни города.',
    ),
    itinerary: [
      step(undefined, t('Check-in at the kayak centre', 'Регистрация в каякинг-центре'), t('Anantara Eastern Mangroves jetty, 15 minutes before the start.', 'Причал у Anantara Eastern Mangroves, за 15 минут до начала.')),
      step(undefined, t('Guided paddle', 'Прогулка с гидом'), t('90 minutes in single or double kayaks.', '90 минут на одноместных или двухместных каяках.')),
    ],
    terms: paragraphs(terms.cancel24, terms.meetOnSite, t('Children 6–11 must share a double kayak with an adult.', 'Дети 6–11 лет — только в двухместном каяке со взрослым.')),
    cancellation: policies.cancel24,
    notesToAgents: t('Sunset tour does not run on Tuesdays. Tide times can shift the start by up to 30 minutes; the centre messages guests the day before.', 'Закатная прогулка по вторникам не проводится. Из-за приливов начало может сдвинуться до 30 минут; центр предупреждает гостей накануне.'),
    faq: [faqCommon.whatToBring, qa(t('Is previous experience needed?', 'Нужен ли опыт?'), t('No, the channels are calm and a briefing is given.', 'Нет, протоки спокойные, перед стартом проводят инструктаж.'))],
    durationMinutes: 90,
    photos: photos('mangroves-kayak', 'city-skyline'),
    offers: [
      offer({
        name: t('Guided kayak tour', 'Каякинг с гидом'),
        description: t('90-minute guided tour.', '90-минутная прогулка с гидом.'),
        ...perPerson([150, 115], [120, 90]),
        stockMode: 'per_type',
        startTimes: ['08:00', '10:00'],
        dailyStock: 16,
        cutOffHours: 4,
      }),
      offer({
        name: t('Sunset kayak tour', 'Каякинг на закате'),
        description: t('Guided tour timed for sunset.', 'Прогулка с гидом на закате.'),
        ...perPerson([180, 140], [140, 110]),
        startTimes: ['17:00'],
        dailyStock: 16,
        cutOffHours: 4,
        closedWeekdays: [2],
      }),
      offer({
        name: t('Private guided tour, up to 6 guests', 'Индивидуальная прогулка, до 6 гостей'),
        description: t('A guide just for your group.', 'Гид только для вашей группы.'),
        ...perTrip(750, 600),
        startTimes: ['08:00', '16:30'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'yas-waterworld',
    city: 'abu-dhabi',
    categories: ['theme-parks', 'water-activities'],
    title: t('Yas Waterworld Abu Dhabi', 'Аквапарк Yas Waterworld'),
    summary: t(
      'More than 40 rides and slides inspired by the legend of a lost pearl, on Yas Island.',
      'Более 40 горок и аттракционов по мотивам легенды о потерянной жемчужине на острове Яс.',
    ),
    description: t(
      'Highlights include the Bandit Bomber roller coaster, the Dawwama tornado and a surfing wave machine, plus a large toddler area. Cabanas can be rented on site.',
      'Среди главных аттракционов — водные американские горки Bandit Bomber, «торнадо» Dawwama и волна для сёрфинга, а также большая зона для малышей. Кабаны можно арендовать на месте.',
    ),
    itinerary: [step(undefined, t('Park entry', 'Вход в парк'), t('Open 10:00–18:00.', 'Открыт с 10:00 до 18:00.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Child price for guests under 1.1 m; under 3 free.', 'Детский тариф — для роста до 1,1 м; до 3 лет бесплатно.')),
    cancellation: policies.nonRefundable,
    faq: [qa(t('Are lockers included?', 'Входят ли шкафчики?'), t('No, lockers are rented on site.', 'Нет, шкафчики арендуются на месте.')), faqCommon.wheelchair],
    durationMinutes: 420,
    photos: photos('water-park', 'theme-park'),
    offers: [
      offer({
        name: t('Day pass', 'Билет на день'),
        description: t('Full-day entry.', 'Вход на весь день.'),
        ...perPerson([295, 240], [255, 205]),
        stockMode: 'per_type',
        startTimes: ['10:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'qasr-al-watan',
    city: 'abu-dhabi',
    categories: ['attractions', 'culture'],
    title: t('Qasr Al Watan Presidential Palace', 'Президентский дворец Каср-аль-Ватан'),
    summary: t(
      'Inside the working presidential palace: the Great Hall, the House of Knowledge and the evening Palace in Motion light show.',
      'Внутри действующего президентского дворца: Большой зал, Дом знаний и вечернее световое шоу «Дворец в движении».',
    ),
    description: t(
      'Qasr Al Watan opens its halls to show how the UAE is governed, with exhibits on Arab contributions to science and the arts. The evening ticket adds the Palace in Motion projection show on the façade.',
      'Каср-аль-Ватан открывает свои залы, чтобы показать, как устроено управление ОАЭ, а также вклад арабского мира в науку и искусство. Вечерний билет добавляет световую проекцию «Дворец в движении» на фасаде.',
    ),
    itinerary: [
      step(undefined, t('Palace and gardens', 'Дворец и сады'), t('Self-guided visit, about two hours.', 'Самостоятельный осмотр, около двух часов.')),
      step('20:00', t('Light show (evening ticket)', 'Световое шоу (вечерний билет)'), t('Palace in Motion, 15 minutes.', '«Дворец в движении», 15 минут.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, terms.dressCode, terms.ages),
    cancellation: policies.nonRefundable,
    faq: [qa(t('Is there a dress code?', 'Есть ли дресс-код?'), terms.dressCode), faqCommon.wheelchair],
    durationMinutes: 150,
    photos: photos('mosque-domes', 'fort'),
    offers: [
      offer({
        name: t('Palace and gardens', 'Дворец и сады'),
        description: t('Day entry to the palace and gardens.', 'Дневной вход во дворец и сады.'),
        ...perPerson([65, 52], [30, 24]),
        startTimes: ['10:00', '14:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Palace and Palace in Motion show', 'Дворец и шоу «Дворец в движении»'),
        description: t('Late-afternoon entry and the evening light show.', 'Вход во второй половине дня и вечернее световое шоу.'),
        ...perPerson([90, 72], [45, 36]),
        stockMode: 'per_type',
        startTimes: ['17:00'],
        dailyStock: 40,
        cutOffHours: 3,
      }),
    ],
  },
  {
    slug: 'abu-dhabi-desert-safari',
    city: 'abu-dhabi',
    categories: ['desert-safari'],
    title: t('Abu Dhabi Evening Desert Safari', 'Вечернее сафари по пустыне из Абу-Даби'),
    summary: t(
      'Dune bashing in the Al Khatim desert, camel ride, sandboarding and BBQ dinner with shows.',
      'Катание по барханам в пустыне Аль-Хатим, прогулка на верблюде, сэндбординг и ужин-барбекю с шоу.',
    ),
    description: t(
      'The Abu Dhabi version of the classic safari takes guests to the high dunes of Al Khatim, an hour from the city. The camp is smaller and quieter than most Dubai camps, with a falconry display before dinner.',
      'Абу-Дабийская версия классического сафари — высокие барханы пустыни Аль-Хатим в часе езды от города. Лагерь меньше и спокойнее большинства дубайских, а перед ужином показывают соколиную охоту.',
    ),
    itinerary: [
      step('14:45', t('Pick-up', 'Трансфер'), t('4x4 pick-up from Abu Dhabi hotels.', 'Джип забирает гостей из отелей Абу-Даби.')),
      step('16:00', t('Dunes and sunset', 'Барханы и закат'), t('Dune bashing, sandboarding and sunset stop.', 'Катание, сэндбординг и остановка на закате.')),
      step('18:00', t('Camp and dinner', 'Лагерь и ужин'), t('Falcon show, camel ride, BBQ dinner and shows.', 'Шоу соколов, прогулка на верблюде, ужин-барбекю и шоу.')),
      step('21:30', t('Return', 'Возвращение'), t('Back at the hotel by 22:00.', 'Возвращение в отель к 22:00.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.health),
    cancellation: policies.cancel24,
    notesToAgents: t('Pick-up from Yas and Saadiyat islands is 15 minutes earlier than the city.', 'С островов Яс и Саадият гостей забирают на 15 минут раньше, чем из центра.'),
    faq: [faqCommon.childAges, faqCommon.vegetarian, faqCommon.whatToBring],
    durationMinutes: 420,
    photos: photos('desert-sunset', 'safari-jeep', 'desert-camp-night'),
    pickUpLeadMinutes: 45,
    offers: [
      offer({
        name: t('Shared 4x4 with dinner', 'Групповой джип с ужином'),
        description: t('Seat in a shared 4x4, camp activities and dinner.', 'Место в групповом джипе, развлечения в лагере и ужин.'),
        ...perPerson([220, 165], [180, 135]),
        startTimes: ['15:30'],
        dailyStock: 36,
        cutOffHours: 6,
      }),
      offer({
        name: t('Private 4x4, up to 6 guests', 'Индивидуальный джип, до 6 гостей'),
        description: t('Private car and driver, dinner for up to 6.', 'Отдельный автомобиль с водителем, ужин до 6 человек.'),
        ...perTrip(1400, 1150),
        startTimes: ['15:30'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
    ],
  },
];

// ---------------------------------------------------------------------------
// Tours — Sharjah
// ---------------------------------------------------------------------------

const sharjahTours: SeedTour[] = [
  {
    slug: 'sharjah-heritage-tour',
    city: 'sharjah',
    categories: ['city-tours', 'culture'],
    title: t('Sharjah Heritage and Museums Tour', 'Исторический Шарджа и его музеи'),
    summary: t(
      'The Heart of Sharjah restoration, the Museum of Islamic Civilization, Al Noor Mosque and the Blue Souk.',
      'Отреставрированный исторический центр «Сердце Шарджи», Музей исламской цивилизации, мечеть Аль-Нур и Синий рынок.',
    ),
    description: t(
      'Sharjah is the cultural capital of the Arab world and the most traditional of the emirates. The guide leads a walk through the coral-stone houses of the Heart of Sharjah, visits the Museum of Islamic Civilization, stops at the Ottoman-style Al Noor Mosque and ends at the Central (Blue) Souk for shopping.',
      'Шарджа — культурная столица арабского мира и самый традиционный из эмиратов. Гид проводит по домам из кораллового камня в «Сердце Шарджи», затем — Музей исламской цивилизации, остановка у мечети Аль-Нур в османском стиле и в завершение — Центральный (Синий) рынок для покупок.',
    ),
    itinerary: [
      step('09:00', t('Pick-up', 'Трансфер'), t('From Sharjah hotels.', 'Из отелей Шарджи.')),
      step('09:30', t('Heart of Sharjah', 'Сердце Шарджи'), t('Walking tour of the old town and Al Hisn Fort.', 'Пешая прогулка по старому городу и форту Аль-Хисн.')),
      step('11:00', t('Museum of Islamic Civilization', 'Музей исламской цивилизации'), t('Entry included.', 'Вход включён.')),
      step('12:30', t('Al Noor Mosque and Blue Souk', 'Мечеть Аль-Нур и Синий рынок'), t('Photo stop and shopping time.', 'Фотостоп и время для покупок.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.dressCode),
    cancellation: policies.cancel24,
    notesToAgents: t('Museums are closed on Friday mornings, so the group tour does not run on Fridays. Sharjah is a dry emirate; remind guests about the modest dress code.', 'По пятницам утром музеи закрыты, поэтому групповой тур в пятницу не проводится. Шарджа — «сухой» эмират; напомните гостям о скромном дресс-коде.'),
    faq: [qa(t('Is Sharjah stricter than Dubai?', 'В Шардже правила строже, чем в Дубае?'), t('Yes: modest clothing in public and no alcohol anywhere in the emirate.', 'Да: скромная одежда в общественных местах и полный запрет на алкоголь в эмирате.')), faqCommon.childAges],
    durationMinutes: 300,
    photos: photos('heritage-wind-towers', 'souk-lanterns', 'fort', 'mosque-domes'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour', 'Групповая экскурсия'),
        description: t('Guide, transfers and museum entry.', 'Гид, трансфер и вход в музей.'),
        ...perPerson([150, 110], [100, 75]),
        startTimes: ['09:30'],
        dailyStock: 20,
        cutOffHours: 12,
        closedWeekdays: [5],
      }),
      offer({
        name: t('Private car with guide', 'Индивидуальный автомобиль с гидом'),
        description: t('Private tour for up to 4 guests, any day.', 'Индивидуальная экскурсия до 4 человек, в любой день.'),
        ...perTrip(700, 560),
        startTimes: ['09:30', '15:00'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'sharjah-aquarium-maritime-museum',
    city: 'sharjah',
    categories: ['attractions', 'culture'],
    title: t('Sharjah Aquarium and Maritime Museum', 'Аквариум и Морской музей Шарджи'),
    summary: t(
      'Two neighbouring attractions at Al Khan: 250 marine species and the story of pearl diving and dhow building.',
      'Две соседние достопримечательности в Аль-Хане: 250 видов морских обитателей и история ловли жемчуга и постройки доу.',
    ),
    description: t(
      'The aquarium shows the underwater life of the Arabian Gulf and the Gulf of Oman, from reef fish to sharks and rays. Next door the Maritime Museum displays traditional boats, pearl-diving tools and navigation instruments.',
      'Аквариум показывает подводный мир Персидского и Оманского заливов — от рифовых рыб до акул и скатов. По соседству Морской музей хранит традиционные лодки, снаряжение ловцов жемчуга и навигационные приборы.',
    ),
    itinerary: [
      step(undefined, t('Sharjah Aquarium', 'Аквариум Шарджи'), t('About one hour.', 'Около часа.')),
      step(undefined, t('Maritime Museum', 'Морской музей'), t('About 45 minutes.', 'Около 45 минут.')),
    ],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, t('Children 2–12; under 2 free. Closed Friday mornings.', 'Детский тариф — 2–12 лет, до 2 лет бесплатно. В пятницу утром закрыто.')),
    cancellation: policies.nonRefundable,
    faq: [faqCommon.wheelchair, qa(t('Can we buy only the aquarium?', 'Можно ли купить только аквариум?'), t('Yes, choose the aquarium-only offer.', 'Да, выберите вариант «только аквариум».'))],
    durationMinutes: 120,
    photos: photos('aquarium', 'sea-dhow'),
    offers: [
      offer({
        name: t('Aquarium only', 'Только аквариум'),
        description: t('Entry to Sharjah Aquarium.', 'Вход в аквариум Шарджи.'),
        ...perPerson([25, 20], [15, 12]),
        startTimes: ['10:00', '16:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Aquarium and Maritime Museum', 'Аквариум и Морской музей'),
        description: t('Combined ticket.', 'Комбинированный билет.'),
        ...perPerson([35, 28], [20, 16]),
        startTimes: ['10:00', '16:00'],
        dailyStock: 40,
        cutOffHours: 2,
      }),
    ],
  },
  {
    slug: 'mleiha-desert-stargazing',
    city: 'sharjah',
    categories: ['desert-safari', 'culture', 'adventure'],
    title: t('Mleiha Archaeology and Stargazing Safari', 'Млейха: археология и звёздное небо'),
    summary: t(
      'Fossil Rock, Bronze Age tombs and an evening of stargazing with telescopes in the Mleiha desert.',
      'Скала окаменелостей, гробницы бронзового века и вечер наблюдения за звёздами в телескопы в пустыне Млейха.',
    ),
    description: t(
      'Mleiha, in central Sharjah, has been inhabited for 130,000 years. The tour visits the Mleiha Archaeological Centre, climbs to Fossil Rock in a 4x4 for sunset and ends with a barbecue and an astronomer-led stargazing session away from the city lights.',
      'Район Млейха в центре Шарджи обитаем уже 130 000 лет. Программа: археологический центр Млейхи, подъём на джипе к Скале окаменелостей на закате и в завершение — барбекю и наблюдение за звёздами с астрономом вдали от городских огней.',
    ),
    itinerary: [
      step('14:30', t('Pick-up', 'Трансфер'), t('From Sharjah hotels.', 'Из отелей Шарджи.')),
      step('15:30', t('Archaeological centre', 'Археологический центр'), t('Tombs, finds and the Umm an-Nar tomb.', 'Гробницы, находки и гробница Умм-ан-Нар.')),
      step('17:00', t('Fossil Rock at sunset', 'Скала окаменелостей на закате'), t('4x4 drive and short hike.', 'Поездка на джипе и короткий подъём пешком.')),
      step('19:00', t('Dinner and stargazing', 'Ужин и звёзды'), t('BBQ dinner and telescopes.', 'Ужин-барбекю и телескопы.')),
    ],
    terms: paragraphs(terms.cancel48, terms.ages, terms.pickUp),
    cancellation: policies.cancel48,
    notesToAgents: t('Requests only: stargazing depends on the moon phase; the operator may suggest a better date.', 'Только по запросу: наблюдение зависит от фазы Луны, оператор может предложить более удачную дату.'),
    faq: [faqCommon.whatToBring, faqCommon.vegetarian],
    durationMinutes: 450,
    photos: photos('desert-camp-night', 'camel-caravan', 'mountains'),
    pickUpLeadMinutes: 45,
    offers: [
      offer({
        name: t('Group safari with dinner', 'Групповое сафари с ужином'),
        description: t('4x4, guide, museum entry, dinner and stargazing.', 'Джип, гид, вход в музей, ужин и звёзды.'),
        ...perPerson([350, 270], [250, 190]),
        hasLiveAvailability: false,
        minPeople: 4,
        startTimes: ['15:15'],
        dailyStock: 18,
        cutOffHours: 48,
      }),
    ],
  },
  {
    slug: 'al-noor-island',
    city: 'sharjah',
    categories: ['attractions'],
    title: t('Al Noor Island and Butterfly House', 'Остров Аль-Нур и Дом бабочек'),
    summary: t(
      'A garden island on Khalid Lagoon with art installations, a butterfly house and light trails at night.',
      'Остров-сад в лагуне Халид с арт-инсталляциями, домом бабочек и световыми аллеями по вечерам.',
    ),
    description: t(
      'Reached by a footbridge from the Corniche, Al Noor Island mixes landscaped gardens with contemporary art. The Butterfly House, shaped like a leaf, holds hundreds of tropical butterflies; after dark the paths light up with installations.',
      'На остров Аль-Нур ведёт пешеходный мост с набережной. Здесь ухоженные сады сочетаются с современным искусством. В Доме бабочек, похожем на лист, живут сотни тропических бабочек, а с наступлением темноты дорожки освещают световые инсталляции.',
    ),
    itinerary: [step(undefined, t('Island visit', 'Прогулка по острову'), t('Self-guided, about two hours.', 'Самостоятельно, около двух часов.'))],
    terms: paragraphs(terms.nonRefundable, terms.meetOnSite, terms.ages),
    cancellation: policies.nonRefundable,
    faq: [faqCommon.childAges, qa(t('When is the best time?', 'Когда лучше приходить?'), t('Late afternoon: see the butterflies, then stay for the lights.', 'Ближе к вечеру: сначала бабочки, потом световые инсталляции.'))],
    durationMinutes: 120,
    photos: photos('flower-garden', 'heritage-wind-towers'),
    offers: [
      offer({
        name: t('Island entry', 'Вход на остров'),
        description: t('Gardens and art trail.', 'Сады и арт-маршрут.'),
        ...perPerson([35, 28], [25, 20]),
        startTimes: ['10:00', '16:00'],
        dailyStock: 60,
        cutOffHours: 2,
      }),
      offer({
        name: t('Island and Butterfly House', 'Остров и Дом бабочек'),
        description: t('Island entry with the Butterfly House.', 'Вход на остров и в Дом бабочек.'),
        ...perPerson([50, 40], [35, 28]),
        stockMode: 'per_type',
        startTimes: ['10:00', '16:00'],
        dailyStock: 30,
        cutOffHours: 2,
      }),
    ],
  },
];

// ---------------------------------------------------------------------------
// Tours — Ras Al Khaimah
// ---------------------------------------------------------------------------

const rasAlKhaimahTours: SeedTour[] = [
  {
    slug: 'jebel-jais-zipline',
    featured: true,
    city: 'ras-al-khaimah',
    categories: ['adventure'],
    title: t('Jais Flight: the World’s Longest Zipline', 'Jais Flight — самый длинный зиплайн в мире'),
    summary: t(
      'Fly 2.83 km at up to 150 km/h, 1,680 metres above sea level on Jebel Jais, the UAE’s highest mountain.',
      'Полёт на 2,83 км со скоростью до 150 км/ч на высоте 1680 метров над уровнем моря — на Джебель-Джайс, самой высокой горе ОАЭ.',
    ),
    description: t(
      'Riders are strapped in face-down in a superhero position and launched from the top platform for a three-minute flight over the canyons. The Sky Tour is a gentler option: seven ziplines and a sky bridge, taking about two hours.',
      'Участника пристёгивают лицом вниз, как супергероя, и он стартует с верхней площадки: три минуты полёта над ущельями. Sky Tour — более спокойный вариант: семь зиплайнов и подвесной мост, около двух часов.',
    ),
    itinerary: [
      step(undefined, t('Check-in at Jais Adventure Park', 'Регистрация в Jais Adventure Park'), t('Weigh-in and safety briefing, 60 minutes before.', 'Взвешивание и инструктаж за 60 минут до старта.')),
      step(undefined, t('Flight', 'Полёт'), t('Transfer to the top platform and launch.', 'Подъём на стартовую площадку и полёт.')),
    ],
    terms: paragraphs(terms.cancel48, terms.health, t('Riders must be 12+, 1.2–2 m tall and 45–150 kg. Closed-toe shoes are mandatory.', 'Участникам — от 12 лет, рост 1,2–2 м, вес 45–150 кг. Обязательна закрытая обувь.')),
    cancellation: policies.cancel48,
    notesToAgents: t('Tickets only — no transfer. From Dubai the drive is about 2 hours; suggest combining with the Jebel Jais mountain tour.', 'Только билеты, без трансфера. Из Дубая ехать около 2 часов — предложите сочетать с экскурсией на Джебель-Джайс.'),
    faq: [
      qa(t('What are the weight limits?', 'Какие ограничения по весу?'), t('45–150 kg for Jais Flight; 30–120 kg for the Sky Tour.', '45–150 кг для Jais Flight; 30–120 кг для Sky Tour.')),
      qa(t('Can two people fly together?', 'Можно лететь вдвоём?'), t('Yes, the line runs in pairs side by side.', 'Да, трос рассчитан на двоих рядом.')),
    ],
    durationMinutes: 120,
    photos: photos('zipline', 'mountains'),
    offers: [
      offer({
        name: t('Jais Flight', 'Jais Flight'),
        description: t('The 2.83 km record zipline.', 'Рекордный зиплайн длиной 2,83 км.'),
        ...perPerson([399, 330]),
        startTimes: ['09:00', '11:00', '14:00'],
        dailyStock: 24,
        cutOffHours: 24,
      }),
      offer({
        name: t('Jais Sky Tour', 'Jais Sky Tour'),
        description: t('Seven ziplines and a sky bridge, 2 hours.', 'Семь зиплайнов и подвесной мост, 2 часа.'),
        ...perPerson([299, 245], [299, 240]),
        stockMode: 'per_type',
        startTimes: ['09:30', '13:30'],
        dailyStock: 16,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'jebel-jais-mountain-tour',
    city: 'ras-al-khaimah',
    categories: ['day-trips', 'adventure'],
    title: t('Jebel Jais Mountain Day Trip', 'Однодневная поездка на гору Джебель-Джайс'),
    summary: t(
      'Drive the hairpin road to the top of the UAE, with viewpoints, a short hike and lunch at 1,484 metres.',
      'Подъём по серпантину на «крышу» ОАЭ: смотровые площадки, короткий поход и обед на высоте 1484 метра.',
    ),
    description: t(
      'The road up Jebel Jais is one of the most spectacular drives in the region. The guide stops at the best viewpoints, leads an easy 40-minute walk along a ridge trail and brings the group to a mountain-top restaurant for lunch. Temperatures are 10 °C lower than on the coast.',
      'Дорога на Джебель-Джайс — одна из самых живописных в регионе. Гид останавливается на лучших смотровых площадках, ведёт лёгкую 40-минутную прогулку по тропе вдоль хребта и привозит группу на обед в ресторан на вершине. Здесь на 10 °C прохладнее, чем на побережье.',
    ),
    itinerary: [
      step(undefined, t('Pick-up', 'Трансфер'), t('From Dubai hotels at about 07:00 or RAK hotels at about 09:00.', 'Из отелей Дубая около 07:00 или из отелей Рас-эль-Хаймы около 09:00.')),
      step('10:00', t('Mountain road and viewpoints', 'Серпантин и смотровые площадки'), t('Photo stops on the way up.', 'Фотостопы по дороге наверх.')),
      step('11:30', t('Ridge walk', 'Прогулка по хребту'), t('Easy 40-minute hike.', 'Лёгкий 40-минутный поход.')),
      step('13:00', t('Lunch at the summit', 'Обед на вершине'), t('Lunch with a view, then return.', 'Обед с видом, затем возвращение.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('The Dubai offer collects only from Dubai hotels and departs at 07:00; RAK guests book the RAK offer. Bring a jacket in winter — it can be 5 °C at the top.', 'Вариант из Дубая забирает гостей только из отелей Дубая, отправление в 07:00; гости Рас-эль-Хаймы бронируют вариант из РАК. Зимой нужна куртка — наверху бывает +5 °C.'),
    faq: [faqCommon.whatToBring, faqCommon.childAges, faqCommon.pickUpAreas],
    durationMinutes: 600,
    photos: photos('mountains', 'zipline', 'fort'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour from Dubai', 'Групповой тур из Дубая'),
        description: t('Minivan from Dubai hotels, guide and lunch.', 'Минивэн из отелей Дубая, гид и обед.'),
        ...perPerson([280, 210], [220, 165]),
        startTimes: ['07:00'],
        dailyStock: 14,
        cutOffHours: 24,
        minPeople: 2,
        pickUpCity: 'dubai',
      }),
      offer({
        name: t('Group tour from Ras Al Khaimah', 'Групповой тур из Рас-эль-Хаймы'),
        description: t('Pick-up from RAK hotels, guide and lunch.', 'Трансфер из отелей Рас-эль-Хаймы, гид и обед.'),
        ...perPerson([180, 135], [140, 105]),
        startTimes: ['09:00'],
        dailyStock: 14,
        cutOffHours: 12,
      }),
    ],
  },
  {
    slug: 'rak-bedouin-desert-camp',
    city: 'ras-al-khaimah',
    categories: ['desert-safari', 'culture'],
    title: t('Ras Al Khaimah Bedouin Desert Camp', 'Бедуинский лагерь в пустыне Рас-эль-Хаймы'),
    summary: t(
      'Red dunes, camel trek at sunset and a traditional Emirati dinner at a Bedouin oasis camp.',
      'Красные барханы, прогулка на верблюдах на закате и традиционный эмиратский ужин в оазисе бедуинов.',
    ),
    description: t(
      'A calmer desert evening than the big Dubai camps: a short dune drive, a 30-minute camel trek at sunset, Arabic coffee ceremony and a dinner of slow-cooked lamb ouzi, machboos and fresh bread baked on the fire.',
      'Вечер в пустыне спокойнее, чем в больших дубайских лагерях: короткое катание по дюнам, 30-минутная прогулка на верблюдах на закате, церемония арабского кофе и ужин — томлёная баранина узи, махбус и свежий хлеб с костра.',
    ),
    itinerary: [
      step('15:30', t('Pick-up', 'Трансфер'), t('From RAK hotels.', 'Из отелей Рас-эль-Хаймы.')),
      step('16:30', t('Dunes and camel trek', 'Дюны и верблюды'), t('Dune drive and sunset camel trek.', 'Катание по дюнам и прогулка на верблюдах на закате.')),
      step('18:30', t('Emirati dinner', 'Эмиратский ужин'), t('Coffee ceremony, dinner and music.', 'Кофейная церемония, ужин и музыка.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('Popular with families staying on Marjan Island; pick-up from Al Wadi Desert resort is 30 minutes later.', 'Популярен у семей, отдыхающих на острове Марджан; из отеля в Аль-Вади гостей забирают на 30 минут позже.'),
    faq: [faqCommon.vegetarian, faqCommon.childAges],
    durationMinutes: 330,
    photos: photos('desert-camp-night', 'desert-sunset', 'camel-caravan'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Camp with dinner', 'Лагерь с ужином'),
        description: t('Transfer, dune drive, camel trek and dinner.', 'Трансфер, дюны, верблюды и ужин.'),
        ...perPerson([250, 190], [150, 110]),
        startTimes: ['16:00'],
        dailyStock: 30,
        cutOffHours: 8,
      }),
    ],
  },
  {
    slug: 'dhayah-fort-old-town-tour',
    city: 'ras-al-khaimah',
    categories: ['culture', 'city-tours'],
    title: t('Dhayah Fort and Al Jazirah Al Hamra Heritage Tour', 'Форт Дайя и старый город Аль-Джазира-Аль-Хамра'),
    summary: t(
      'The UAE’s only hilltop fort, the abandoned pearling town of Al Jazirah Al Hamra and the National Museum of RAK.',
      'Единственный в ОАЭ форт на вершине холма, заброшенный город ловцов жемчуга Аль-Джазира-Аль-Хамра и Национальный музей Рас-эль-Хаймы.',
    ),
    description: t(
      'Climb 239 steps to Dhayah Fort for views over date plantations to the sea, walk the coral-stone lanes of Al Jazirah Al Hamra — one of the best-preserved traditional towns in the Gulf — and finish at the National Museum in an old fort.',
      'Подъём по 239 ступеням к форту Дайя с видом на финиковые плантации и море, прогулка по улочкам из кораллового камня в Аль-Джазира-Аль-Хамра — одном из лучше всего сохранившихся традиционных городов Залива — и в завершение Национальный музей в старом форте.',
    ),
    itinerary: [
      step('08:30', t('Pick-up', 'Трансфер'), t('From RAK hotels.', 'Из отелей Рас-эль-Хаймы.')),
      step('09:00', t('Dhayah Fort', 'Форт Дайя'), t('Climb and views.', 'Подъём и панорама.')),
      step('10:30', t('Al Jazirah Al Hamra', 'Аль-Джазира-Аль-Хамра'), t('Walk through the old town.', 'Прогулка по старому городу.')),
      step('12:00', t('National Museum', 'Национальный музей'), t('Entry included.', 'Вход включён.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('The fort climb is steep; guests with limited mobility can wait at the base with the driver.', 'Подъём к форту крутой; гости с ограниченной подвижностью могут подождать внизу с водителем.'),
    faq: [faqCommon.whatToBring, faqCommon.childAges],
    durationMinutes: 270,
    photos: photos('fort', 'heritage-wind-towers', 'mountains'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour', 'Групповая экскурсия'),
        description: t('Guide, transfers and museum entry.', 'Гид, трансфер и вход в музей.'),
        ...perPerson([180, 135], [120, 90]),
        startTimes: ['09:00'],
        dailyStock: 16,
        cutOffHours: 12,
        closedWeekdays: [1],
      }),
    ],
  },
  {
    slug: 'suwaidi-pearl-farm',
    city: 'ras-al-khaimah',
    categories: ['culture', 'water-activities'],
    title: t('Suwaidi Pearl Farm Boat Trip', 'Жемчужная ферма Сувейди'),
    summary: t(
      'Sail through the mangroves to a working pearl farm, open an oyster yourself and keep any pearl you find.',
      'На лодке через мангровые заросли — к действующей жемчужной ферме: откройте устрицу сами и заберите найденную жемчужину.',
    ),
    description: t(
      'A traditional boat takes guests from Al Rams to a floating majlis at the only pearl farm in the UAE. The host tells the story of pearl diving, demonstrates how cultured pearls are grown, and each guest opens an oyster.',
      'Традиционная лодка везёт гостей из Эр-Рамса к плавучему меджлису на единственной жемчужной ферме ОАЭ. Хозяин рассказывает историю ловли жемчуга, показывает, как выращивают культивированный жемчуг, и каждый гость открывает свою устрицу.',
    ),
    itinerary: [
      step(undefined, t('Boarding at Al Rams', 'Посадка в Эр-Рамсе'), t('Meeting at the Suwaidi Pearls jetty.', 'Встреча у причала Suwaidi Pearls.')),
      step(undefined, t('Pearl farm', 'Жемчужная ферма'), t('Talk, demonstration and oyster opening.', 'Рассказ, демонстрация и вскрытие устриц.')),
    ],
    terms: paragraphs(terms.cancel24, terms.meetOnSite, terms.weather, terms.ages),
    cancellation: policies.cancel24,
    faq: [
      qa(t('Can guests keep the pearl?', 'Можно ли забрать жемчужину?'), t('Yes, any pearl found in the guest’s oyster is theirs to keep.', 'Да, жемчужина из своей устрицы остаётся у гостя.')),
      faqCommon.childAges,
    ],
    durationMinutes: 150,
    photos: photos('sea-dhow', 'mangroves-kayak'),
    offers: [
      offer({
        name: t('Pearl farm experience', 'Программа на жемчужной ферме'),
        description: t('Boat trip, talk, oyster opening and refreshments.', 'Лодка, рассказ, вскрытие устрицы и угощение.'),
        ...perPerson([250, 195], [125, 95]),
        startTimes: ['10:00', '15:00'],
        dailyStock: 20,
        cutOffHours: 12,
      }),
    ],
  },
];

// ---------------------------------------------------------------------------
// Tours — Fujairah
// ---------------------------------------------------------------------------

const fujairahTours: SeedTour[] = [
  {
    slug: 'snoopy-island-snorkelling',
    city: 'fujairah',
    categories: ['water-activities', 'day-trips'],
    title: t('Snorkelling at Snoopy Island', 'Снорклинг у острова Снупи'),
    summary: t(
      'Coral reefs, turtles and blacktip reef sharks in the clear water of the Gulf of Oman, with lunch on the beach.',
      'Коралловые рифы, черепахи и черноперые рифовые акулы в прозрачной воде Оманского залива, обед на пляже.',
    ),
    description: t(
      'Snoopy Island, just off Al Aqah beach, is the best easy snorkelling site in the UAE. A boat takes the group to two reef spots with an instructor in the water; masks, fins and life vests are provided. The day ends with lunch and free time on the beach of a resort.',
      'Остров Снупи у пляжа Аль-Акка — лучшее место в ОАЭ для лёгкого снорклинга. Лодка везёт группу к двум рифам, инструктор плавает вместе с гостями; маски, ласты и жилеты выдаются. В завершение — обед и свободное время на пляже отеля.',
    ),
    itinerary: [
      step(undefined, t('Pick-up', 'Трансфер'), t('From Dubai hotels at about 07:00 or Fujairah hotels at about 09:30.', 'Из отелей Дубая около 07:00 или из отелей Фуджейры около 09:30.')),
      step('10:00', t('Snorkelling boat trip', 'Выход на лодке'), t('Two reef stops, about 2 hours.', 'Две остановки у рифа, около 2 часов.')),
      step('12:30', t('Lunch and beach time', 'Обед и пляж'), t('Buffet lunch at a beach resort.', 'Обед «шведский стол» в пляжном отеле.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.weather),
    cancellation: policies.cancel24,
    notesToAgents: t('Visibility is best from April to June and in October. Guests who cannot swim stay on the boat or snorkel with a ring buoy.', 'Лучшая видимость — с апреля по июнь и в октябре. Не умеющие плавать остаются в лодке или плавают с кругом.'),
    faq: [
      qa(t('Is equipment included?', 'Входит ли снаряжение?'), t('Yes: mask, snorkel, fins and life vest.', 'Да: маска, трубка, ласты и жилет.')),
      qa(t('Will we see turtles?', 'Увидим ли мы черепах?'), t('Very likely, but wildlife sightings cannot be guaranteed.', 'Скорее всего, но встречу с животными гарантировать нельзя.')),
      faqCommon.childAges,
    ],
    durationMinutes: 600,
    photos: photos('coral-reef', 'sea-dhow', 'dolphins'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Day trip from Dubai', 'Поездка из Дубая'),
        description: t('Transfer from Dubai hotels, snorkelling and lunch.', 'Трансфер из отелей Дубая, снорклинг и обед.'),
        ...perPerson([275, 210], [225, 170]),
        startTimes: ['07:30'],
        dailyStock: 30,
        cutOffHours: 24,
        pickUpCity: 'dubai',
      }),
      offer({
        name: t('From Fujairah hotels', 'Из отелей Фуджейры'),
        description: t('Pick-up from Fujairah hotels, snorkelling and lunch.', 'Трансфер из отелей Фуджейры, снорклинг и обед.'),
        ...perPerson([180, 135], [140, 105]),
        startTimes: ['09:45'],
        dailyStock: 20,
        cutOffHours: 12,
      }),
    ],
  },
  {
    slug: 'fujairah-east-coast-tour',
    city: 'fujairah',
    categories: ['day-trips', 'culture', 'city-tours'],
    title: t('East Coast Tour: Fujairah and Khor Fakkan', 'Восточное побережье: Фуджейра и Хор-Факкан'),
    summary: t(
      'The Friday Market, Al Bidya — the oldest mosque in the UAE — Fujairah Fort and the bay of Khor Fakkan.',
      'Пятничный рынок, Аль-Бидья — старейшая мечеть ОАЭ, форт Фуджейры и бухта Хор-Факкан.',
    ),
    description: t(
      'Cross the Hajar mountains to the Indian Ocean side of the Emirates. The tour stops at the Masafi Friday Market for pottery and carpets, visits the 15th-century Al Bidya Mosque and Fujairah Fort, and relaxes on the beach at Khor Fakkan before returning.',
      'Через горы Хаджар — на «индоокеанскую» сторону Эмиратов. Остановки: Пятничный рынок в Масафи с керамикой и коврами, мечеть Аль-Бидья XV века и форт Фуджейры, а перед возвращением — отдых на пляже Хор-Факкана.',
    ),
    itinerary: [
      step('08:00', t('Pick-up in Dubai', 'Трансфер в Дубае'), t('From Dubai hotels.', 'Из отелей Дубая.')),
      step('10:00', t('Friday Market, Masafi', 'Пятничный рынок в Масафи'), t('Pottery, carpets and fruit.', 'Керамика, ковры и фрукты.')),
      step('11:30', t('Al Bidya Mosque and Fujairah Fort', 'Мечеть Аль-Бидья и форт Фуджейры'), t('History stops.', 'Исторические остановки.')),
      step('14:00', t('Khor Fakkan beach and lunch', 'Пляж Хор-Факкана и обед'), t('Lunch and a swim.', 'Обед и купание.')),
      step('18:30', t('Back in Dubai', 'Возвращение в Дубай'), t('Drop-off at the hotel.', 'Высадка у отеля.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.dressCode),
    cancellation: policies.cancel24,
    notesToAgents: t('Pick-up is from Dubai only; guests in Fujairah can join at Fujairah Fort at 11:30 — note it in the booking.', 'Трансфер только из Дубая; гости из Фуджейры могут присоединиться у форта в 11:30 — укажите это в брони.'),
    faq: [faqCommon.childAges, faqCommon.whatToBring, qa(t('Can we swim?', 'Можно ли искупаться?'), t('Yes, at Khor Fakkan beach; bring swimwear.', 'Да, на пляже Хор-Факкана; возьмите купальник.'))],
    durationMinutes: 630,
    photos: photos('fort', 'mountains', 'sea-dhow', 'mosque-domes'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Group tour from Dubai', 'Групповой тур из Дубая'),
        description: t('Coach from Dubai hotels, guide and lunch.', 'Автобус из отелей Дубая, гид и обед.'),
        ...perPerson([200, 150], [150, 110]),
        startTimes: ['08:30'],
        dailyStock: 30,
        cutOffHours: 12,
        pickUpCity: 'dubai',
      }),
      offer({
        name: t('Private car from Dubai', 'Индивидуальный автомобиль из Дубая'),
        description: t('Private car for up to 4 guests, 10 hours.', 'Автомобиль до 4 человек на 10 часов.'),
        ...perTrip(1200, 950),
        startTimes: ['08:30'],
        dailyStock: 4,
        cutOffHours: 24,
        pickUpCity: 'dubai',
      }),
    ],
  },
  {
    slug: 'fujairah-deep-sea-fishing',
    city: 'fujairah',
    categories: ['water-activities', 'private-tours'],
    title: t('Deep-Sea Fishing Charter from Fujairah', 'Морская рыбалка из Фуджейры'),
    summary: t(
      'Troll for kingfish, barracuda and tuna on a private sport-fishing boat off the east coast.',
      'Троллинг на королевскую макрель, барракуду и тунца на отдельном рыболовном катере у восточного побережья.',
    ),
    description: t(
      'The Gulf of Oman has deeper water and bigger fish than the Gulf side. An experienced skipper takes up to six anglers out for four or eight hours; rods, tackle, bait, water and soft drinks are included, and the crew can clean the catch to take away.',
      'В Оманском заливе глубже и рыба крупнее, чем со стороны Персидского залива. Опытный шкипер выводит до шести рыбаков на четыре или восемь часов; удочки, снасти, наживка, вода и напитки включены, а команда может почистить улов с собой.',
    ),
    itinerary: [
      step(undefined, t('Boarding at Dibba harbour', 'Посадка в гавани Дибба'), t('Meet the skipper 20 minutes before.', 'Встреча со шкипером за 20 минут.')),
      step(undefined, t('Fishing', 'Рыбалка'), t('Trolling and bottom fishing.', 'Троллинг и донная ловля.')),
    ],
    terms: paragraphs(terms.cancel48, terms.weather, terms.meetOnSite, t('Price is per boat for up to 6 guests.', 'Цена указана за катер до 6 человек.')),
    cancellation: policies.cancel48,
    notesToAgents: t('Confirmed on request — the skipper checks the marine forecast before accepting.', 'Подтверждается по запросу: шкипер сверяется с морским прогнозом перед подтверждением.'),
    faq: [qa(t('Is a fishing licence needed?', 'Нужна ли лицензия на рыбалку?'), t('No, the boat’s licence covers all guests.', 'Нет, лицензия катера распространяется на всех гостей.')), qa(t('Can children come?', 'Можно ли с детьми?'), t('Yes, from 6 years old with life jackets.', 'Да, с 6 лет в спасательных жилетах.'))],
    durationMinutes: 240,
    photos: photos('sea-dhow', 'yacht-marina'),
    offers: [
      offer({
        name: t('4-hour charter', 'Катер на 4 часа'),
        description: t('Private boat, skipper and tackle.', 'Отдельный катер, шкипер и снасти.'),
        ...perTrip(2200, 1750),
        hasLiveAvailability: false,
        startTimes: ['06:00', '13:00'],
        dailyStock: 4,
        cutOffHours: 48,
      }),
      offer({
        name: t('8-hour charter', 'Катер на 8 часов'),
        description: t('Full day offshore with lunch.', 'Целый день в открытом море с обедом.'),
        ...perTrip(3800, 3000),
        hasLiveAvailability: false,
        startTimes: ['06:00'],
        dailyStock: 4,
        cutOffHours: 48,
      }),
    ],
  },
];

// ---------------------------------------------------------------------------
// Tours — Ajman
// ---------------------------------------------------------------------------

const ajmanTours: SeedTour[] = [
  {
    slug: 'ajman-heritage-dhow-yard-tour',
    city: 'ajman',
    categories: ['culture', 'city-tours'],
    title: t('Ajman Heritage Tour and Dhow Yard', 'Исторический Аджман и верфь доу'),
    summary: t(
      'Ajman Museum in an 18th-century fort, the dhow-building yard where boats are still made by hand, and the fish market.',
      'Музей Аджмана в форте XVIII века, верфь, где доу до сих пор строят вручную, и рыбный рынок.',
    ),
    description: t(
      'The smallest emirate keeps its traditions close. The tour starts at the Ajman Museum in the old ruler’s fort, continues to the dhow yard where shipwrights build wooden boats without drawings, and ends at the busy fish and vegetable market on the creek.',
      'Самый маленький эмират бережно хранит традиции. Экскурсия начинается в Музее Аджмана в старом форте правителя, продолжается на верфи, где мастера строят деревянные лодки без чертежей, и заканчивается на оживлённом рыбном и овощном рынке у залива.',
    ),
    itinerary: [
      step('09:00', t('Pick-up', 'Трансфер'), t('From Ajman hotels.', 'Из отелей Аджмана.')),
      step('09:30', t('Ajman Museum', 'Музей Аджмана'), t('Entry included.', 'Вход включён.')),
      step('10:45', t('Dhow yard', 'Верфь доу'), t('Meet the shipwrights.', 'Знакомство с корабелами.')),
      step('11:45', t('Fish market', 'Рыбный рынок'), t('Walk through the market, then return.', 'Прогулка по рынку, затем возвращение.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp),
    cancellation: policies.cancel24,
    notesToAgents: t('The museum is closed on Fridays; the tour runs without it and the price stays the same.', 'По пятницам музей закрыт; экскурсия проходит без него, цена не меняется.'),
    faq: [faqCommon.childAges, faqCommon.whatToBring],
    durationMinutes: 210,
    photos: photos('sea-dhow', 'fort', 'heritage-wind-towers'),
    pickUpLeadMinutes: 20,
    offers: [
      offer({
        name: t('Group tour', 'Групповая экскурсия'),
        description: t('Guide, transfers and museum entry.', 'Гид, трансфер и вход в музей.'),
        ...perPerson([130, 95], [90, 65]),
        startTimes: ['09:30'],
        dailyStock: 16,
        cutOffHours: 8,
      }),
    ],
  },
  {
    slug: 'ajman-sunset-dhow-cruise',
    city: 'ajman',
    categories: ['cruises'],
    title: t('Ajman Corniche Sunset Dhow Cruise', 'Круиз на доу на закате вдоль набережной Аджмана'),
    summary: t(
      'A one-hour cruise along the Ajman Corniche at sunset with Arabic coffee, dates and fresh juice.',
      'Часовой круиз вдоль набережной Аджмана на закате: арабский кофе, финики и свежевыжатый сок.',
    ),
    description: t(
      'A short, relaxed cruise on a wooden dhow from Ajman Marina past the Corniche beaches and the creek mouth as the sun sets over the Gulf.',
      'Короткий неспешный круиз на деревянной доу от марины Аджмана вдоль пляжей набережной и устья залива, пока солнце садится в море.',
    ),
    itinerary: [
      step('17:15', t('Boarding at Ajman Marina', 'Посадка в марине Аджмана'), t('Welcome drinks on board.', 'Приветственные напитки на борту.')),
      step('17:30', t('Sunset cruise', 'Круиз на закате'), t('One hour along the Corniche.', 'Час вдоль набережной.')),
    ],
    terms: paragraphs(terms.cancel24, terms.meetOnSite, terms.ages, terms.weather),
    cancellation: policies.cancel24,
    faq: [faqCommon.childAges, qa(t('Is there a toilet on board?', 'Есть ли на борту туалет?'), t('Yes.', 'Да.'))],
    durationMinutes: 75,
    photos: photos('sea-dhow', 'dhow-cruise-night'),
    offers: [
      offer({
        name: t('Sunset cruise', 'Круиз на закате'),
        description: t('Seat on the shared dhow with refreshments.', 'Место на групповой доу с угощением.'),
        ...perPerson([120, 90], [80, 60]),
        startTimes: ['17:30'],
        dailyStock: 40,
        cutOffHours: 3,
      }),
      offer({
        name: t('Private dhow, up to 25 guests', 'Доу целиком, до 25 гостей'),
        description: t('The whole dhow for a family or group for one hour.', 'Вся доу для семьи или компании на один час.'),
        ...perTrip(1500, 1200),
        startTimes: ['17:30', '19:00'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
    ],
  },
  {
    slug: 'al-zorah-mangrove-kayak',
    city: 'ajman',
    categories: ['water-activities', 'adventure'],
    title: t('Al Zorah Nature Reserve Kayaking', 'Каякинг в заповеднике Аль-Зора'),
    summary: t(
      'Paddle among mangroves and flamingos in the protected Al Zorah lagoon.',
      'Прогулка на каяке среди мангровых зарослей и фламинго в охраняемой лагуне Аль-Зора.',
    ),
    description: t(
      'Al Zorah is home to more than 60 bird species, including a flock of greater flamingos in winter. Guided tours follow the calm channels; stand-up paddle boards are available for confident guests.',
      'В Аль-Зоре обитают более 60 видов птиц, зимой сюда прилетает стая больших фламинго. Прогулки с гидом идут по спокойным протокам; уверенным гостям можно взять сап-борд.',
    ),
    itinerary: [
      step(undefined, t('Check-in', 'Регистрация'), t('Al Zorah kayak station, 15 minutes before.', 'Станция каяков Аль-Зора, за 15 минут до начала.')),
      step(undefined, t('Guided paddle', 'Прогулка с гидом'), t('60 minutes in the mangroves.', '60 минут в мангровых зарослях.')),
    ],
    terms: paragraphs(terms.cancel24, terms.meetOnSite, t('Children 6–11 share a double kayak with an adult.', 'Дети 6–11 лет — в двухместном каяке со взрослым.')),
    cancellation: policies.cancel24,
    notesToAgents: t(
      'Morning slots are best for birdwatching; in summer (June–September) only the 08:00 slot is recommended.',
      'Утренние слоты лучше всего подходят для наблюдения за птицами; летом (июнь–сентябрь) рекомендуем только слот в 08:00.',
    ),
    faq: [faqCommon.whatToBring, qa(t('When are the flamingos there?', 'Когда можно увидеть фламинго?'), t('Mostly from November to March.', 'В основном с ноября по март.'))],
    durationMinutes: 60,
    photos: photos('mangroves-kayak', 'mountain-lake-kayak'),
    offers: [
      offer({
        name: t('Guided kayak, 60 minutes', 'Каяк с гидом, 60 минут'),
        description: t('Kayak, life jacket and guide.', 'Каяк, жилет и гид.'),
        ...perPerson([120, 90], [90, 70]),
        stockMode: 'per_type',
        startTimes: ['08:00', '16:00'],
        dailyStock: 16,
        cutOffHours: 4,
      }),
    ],
  },
];

// ---------------------------------------------------------------------------
// Tours — Musandam (Oman)
// ---------------------------------------------------------------------------

const khasabTours: SeedTour[] = [
  {
    slug: 'musandam-dhow-cruise',
    featured: true,
    city: 'khasab',
    categories: ['cruises', 'day-trips', 'water-activities'],
    title: t('Musandam Fjords Dhow Cruise', 'Круиз на доу по фьордам Мусандама'),
    summary: t(
      'The “Norway of Arabia”: a full-day dhow cruise through the fjords of Khasab with dolphins, snorkelling and Telegraph Island.',
      '«Аравийская Норвегия»: круиз на доу целый день по фьордам Хасаба с дельфинами, снорклингом и островом Телеграф.',
    ),
    description: t(
      'Sheer mountains drop straight into turquoise water along the Musandam peninsula. The dhow cruises into Khor Ash Sham, where dolphins often swim alongside, passes the fishing village of Nadifi and Telegraph Island, and anchors at Seebi Island for snorkelling and swimming. Lunch, fruit and soft drinks are served on board; guests relax on carpets and cushions on the open deck.',
      'На полуострове Мусандам отвесные горы обрываются прямо в бирюзовую воду. Доу заходит во фьорд Хор-аш-Шам, где рядом часто плывут дельфины, проходит мимо рыбацкой деревни Надифи и острова Телеграф и встаёт на якорь у острова Сиби для снорклинга и купания. На борту подают обед, фрукты и напитки; гости отдыхают на коврах и подушках на открытой палубе.',
    ),
    itinerary: [
      step(undefined, t('Pick-up and border', 'Трансфер и граница'), t('From Dubai at about 06:00 or Sharjah at about 06:30; border formalities at Tibat.', 'Из Дубая около 06:00 или из Шарджи около 06:30; пограничный контроль в Тибате.')),
      step('10:00', t('Boarding at Khasab port', 'Посадка в порту Хасаба'), t('Welcome tea and dates.', 'Приветственный чай и финики.')),
      step('11:00', t('Khor Ash Sham and dolphins', 'Хор-аш-Шам и дельфины'), t('Cruise through the fjord.', 'Круиз по фьорду.')),
      step('13:00', t('Lunch and snorkelling', 'Обед и снорклинг'), t('Anchor at Seebi Island.', 'Стоянка у острова Сиби.')),
      step('16:00', t('Return', 'Возвращение'), t('Back in Dubai around 20:30.', 'Возвращение в Дубай около 20:30.')),
    ],
    terms: paragraphs(terms.cancel48, terms.oman, terms.weather, terms.ages),
    cancellation: policies.cancel48,
    notesToAgents: t(
      'Send passport copies at least 48 hours before the trip — bookings without them cannot be confirmed. Some nationalities need a pre-approved Oman visa; check with us before booking. The Khasab offer is for guests already staying in Musandam.',
      'Копии паспортов нужно прислать не позднее чем за 48 часов — без них бронь не подтверждается. Гражданам некоторых стран нужна заранее одобренная виза Омана — уточните у нас до бронирования. Вариант из Хасаба — для гостей, которые уже живут в Мусандаме.',
    ),
    faq: [
      qa(t('Do guests need a visa for Oman?', 'Нужна ли виза в Оман?'), t('Most nationalities get it at the border as part of the tour; a few need approval in advance.', 'Для большинства стран виза оформляется на границе в рамках тура; для некоторых нужно предварительное одобрение.')),
      qa(t('Are dolphins guaranteed?', 'Дельфины гарантированы?'), t('No, but they are seen on most trips.', 'Нет, но их видят в большинстве поездок.')),
      faqCommon.vegetarian,
      faqCommon.childAges,
    ],
    videoUrl: 'https://www.youtube.com/embed/pM5r1WqkZ3A',
    durationMinutes: 870,
    photos: photos('musandam-fjord', 'dolphins', 'sea-dhow', 'coral-reef'),
    pickUpLeadMinutes: 30,
    offers: [
      offer({
        name: t('Day trip from Dubai', 'Поездка из Дубая'),
        description: t('Transfer from Dubai hotels, border fees, dhow cruise and lunch.', 'Трансфер из отелей Дубая, пограничные сборы, круиз и обед.'),
        ...perPerson([350, 260], [250, 185]),
        startTimes: ['06:00'],
        dailyStock: 40,
        cutOffHours: 48,
        pickUpCity: 'dubai',
      }),
      offer({
        name: t('Day trip from Sharjah or Ajman', 'Поездка из Шарджи или Аджмана'),
        description: t('Transfer from Sharjah hotels, border fees, dhow cruise and lunch.', 'Трансфер из отелей Шарджи, пограничные сборы, круиз и обед.'),
        ...perPerson([330, 245], [240, 175]),
        startTimes: ['06:30'],
        dailyStock: 20,
        cutOffHours: 48,
        pickUpCity: 'sharjah',
      }),
      offer({
        name: t('Cruise from Khasab hotels', 'Круиз из отелей Хасаба'),
        description: t('Pick-up in Khasab, dhow cruise and lunch.', 'Трансфер по Хасабу, круиз и обед.'),
        ...perPerson([200, 150], [120, 90]),
        startTimes: ['09:30'],
        dailyStock: 20,
        cutOffHours: 12,
      }),
    ],
  },
  {
    slug: 'khasab-mountain-safari',
    city: 'khasab',
    categories: ['adventure', 'day-trips'],
    title: t('Jebel Harim Mountain Safari from Khasab', 'Горное сафари на Джебель-Харим из Хасаба'),
    summary: t(
      'A 4x4 climb to 2,000 metres on Jebel Harim, with rock carvings, a mountain village and views over Khor Najd.',
      'Подъём на джипе на высоту 2000 метров на Джебель-Харим: наскальные рисунки, горная деревня и вид на фьорд Хор-Наджд.',
    ),
    description: t(
      'The graded mountain road from Khasab climbs through Wadi Khasab to the plateau below Jebel Harim, the highest peak in Musandam. Stops include ancient rock carvings, the stone-house village of Sayh and the Khor Najd viewpoint, the only fjord in Musandam reachable by road.',
      'Горная грунтовая дорога из Хасаба поднимается по вади Хасаб к плато под Джебель-Харимом, высочайшей вершиной Мусандама. По пути — древние наскальные рисунки, деревня Сайх с каменными домами и смотровая площадка над Хор-Наджд, единственным фьордом Мусандама, куда можно добраться по суше.',
    ),
    itinerary: [
      step('08:00', t('Pick-up in Khasab', 'Трансфер в Хасабе'), t('4x4 from Khasab hotels.', 'Джип из отелей Хасаба.')),
      step('09:00', t('Rock carvings and Sayh village', 'Наскальные рисунки и деревня Сайх'), t('Stops on the way up.', 'Остановки по пути наверх.')),
      step('10:30', t('Jebel Harim plateau', 'Плато Джебель-Харим'), t('Views and tea break.', 'Панорама и чай.')),
      step('12:00', t('Khor Najd viewpoint', 'Смотровая площадка Хор-Наджд'), t('Photo stop, then return.', 'Фотостоп, затем возвращение.')),
    ],
    terms: paragraphs(terms.cancel24, terms.ages, terms.pickUp, terms.health),
    cancellation: policies.cancel24,
    notesToAgents: t('For guests already in Musandam only — no cross-border transfer. Combine with the dhow cruise for a two-day Musandam package.', 'Только для гостей, которые уже находятся в Мусандаме, — без трансфера через границу. Сочетайте с круизом на доу для двухдневной программы.'),
    faq: [faqCommon.whatToBring, qa(t('Is the road safe?', 'Безопасна ли дорога?'), t('Yes, with experienced local drivers; it is steep and unpaved in parts.', 'Да, с опытными местными водителями; местами она крутая и без асфальта.'))],
    durationMinutes: 300,
    photos: photos('mountains', 'musandam-fjord'),
    pickUpLeadMinutes: 20,
    offers: [
      offer({
        name: t('Shared 4x4', 'Групповой джип'),
        description: t('Seat in a shared 4x4 with driver-guide.', 'Место в групповом джипе с гидом-водителем.'),
        ...perPerson([220, 165], [150, 110]),
        minPeople: 2,
        startTimes: ['08:30'],
        dailyStock: 12,
        cutOffHours: 24,
      }),
      offer({
        name: t('Private 4x4, up to 4 guests', 'Индивидуальный джип, до 4 гостей'),
        description: t('Private car and driver-guide.', 'Отдельный автомобиль с гидом-водителем.'),
        ...perTrip(900, 720),
        hasLiveAvailability: false,
        startTimes: ['08:30', '14:00'],
        dailyStock: 4,
        cutOffHours: 24,
      }),
    ],
  },
];

// ---------------------------------------------------------------------------

export const seedTours: SeedTour[] = [
  ...dubaiTours,
  ...abuDhabiTours,
  ...sharjahTours,
  ...rasAlKhaimahTours,
  ...fujairahTours,
  ...ajmanTours,
  ...khasabTours,
];
