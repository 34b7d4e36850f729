// Generated from /api/v1/openapi.json by openapi-typescript (tests/api/typed-client.test.ts); UPDATE_API_TYPES=1 rewrites it.

export interface paths {
    "/b2b/account/changepassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password */
        post: operations["postB2bAccountChangepassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/account/forgotpassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link */
        post: operations["postB2bAccountForgotpassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/account/resetpassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a password from a reset, verification or invitation link */
        post: operations["postB2bAccountResetpassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in agent */
        get: operations["getB2bAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/account/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign an agency up */
        post: operations["postB2bAccountSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/agency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company settings */
        get: operations["getB2bAgency"];
        /** Change the company settings */
        put: operations["putB2bAgency"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/availability/ByOffer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An offer’s slots in a date range */
        get: operations["getB2bAvailabilityByOffer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/availability/ByTour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every offer’s slots of a tour in a date range */
        get: operations["getB2bAvailabilityByTour"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agency’s balance, credit limit and available funds */
        get: operations["getB2bBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/balance/topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a card top-up */
        post: operations["postB2bBalanceTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/balance/topupfee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The card top-up fee for an amount */
        get: operations["getB2bBalanceTopupfee"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a booking */
        post: operations["postB2bBookingsIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/{id}/documents/{document}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A booking’s voucher, tickets or invoice (PDF) */
        get: operations["getB2bBookingsIdDocumentsDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay a booking that needs payment */
        post: operations["postB2bBookingsIdPay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A booking, with its cancellation quote */
        get: operations["getB2bBookingsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/commissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A page of commissions, filtered */
        post: operations["postB2bBookingsCommissions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The filtered bookings as a spreadsheet */
        post: operations["postB2bBookingsDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/filtered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A page of bookings, filtered */
        post: operations["postB2bBookingsFiltered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The booking lists’ filter choices */
        get: operations["getB2bBookingsOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A quotation request */
        get: operations["getB2bBookingsRequestsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A page of quotation requests, filtered */
        post: operations["postB2bBookingsRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of bookings */
        get: operations["getB2bBookings"];
        put?: never;
        /**
         * Book
         * @description Places a booking (201); a replay with the same `Idempotency-Key` answers the booking already made (200).
         */
        post: operations["postB2bBookings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/withpaymentintent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book and pay by card through Stripe */
        post: operations["postB2bBookingsWithpaymentintent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/bookings/withtappaymentcharge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book and pay by card through Tap */
        post: operations["postB2bBookingsWithtappaymentcharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/offersPrices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Offers’ b2b and recommended prices */
        get: operations["getB2bOffersPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/tickets/foroffer/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An offer’s tickets with b2b prices */
        get: operations["getB2bTicketsForofferId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/tickets/fortour/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tour’s offers’ tickets with b2b prices */
        get: operations["getB2bTicketsFortourId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/tours/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tour with its offers and the agent’s rates */
        get: operations["getB2bToursId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/tours/promo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The featured (promo) tours */
        get: operations["getB2bToursPromo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b2b/tours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tour, with its lowest retail price */
        get: operations["getB2bTours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cities/homepage/{x}/{y}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A city’s page by its country’s and its own slug */
        get: operations["getCitiesHomepageXY"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/countries/homepagebyurl/{url}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A country’s page by its slug */
        get: operations["getCountriesHomepagebyurlUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/homepage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The home page: categories, cities and featured tours */
        get: operations["getHomepage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hotels/listbase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The hotels of a country */
        get: operations["getHotelsListbase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/layout/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The host’s logo, about text, address and contacts */
        get: operations["getLayoutInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickuptimes/value": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pick-up time at a hotel for a start time */
        get: operations["getPickuptimesValue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tickets/foroffer/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An offer’s tickets with retail prices */
        get: operations["getTicketsForofferId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tourscategories/homepage/uae/{category}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A category’s tours in the UAE */
        get: operations["getTourscategoriesHomepageUaeCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widgets/tour/url/{url}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tour as an agency’s widget sells it */
        get: operations["getWidgetsTourUrlUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Spec §8: the message to show. */
        ErrorMessage: {
            message: string;
        };
        /** @description Spec §3 "error item": the fields that did not parse, each with its message. */
        ErrorItems: {
            fieldName: string;
            errorMessage: string;
        }[];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postB2bAccountChangepassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description Done; no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bAccountForgotpassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Done; no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bAccountResetpassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bAccountSignup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    name: string;
                    email: string;
                    contactPhone: string;
                    companyName: string;
                    tradeLicenceExpiry: string;
                    /** Format: binary */
                    tradeLicence: string;
                    /** Format: binary */
                    vatCertificate?: string;
                };
            };
        };
        responses: {
            /** @description Done; no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bAgency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    putB2bAgency: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    [key: string]: unknown;
                };
                "application/x-www-form-urlencoded": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bAvailabilityByOffer: {
        parameters: {
            query: {
                id: string;
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        offerId: string;
                        /** @enum {string} */
                        stockMode: "shared" | "per_type";
                        minPeople: number;
                        cutOffHours: number;
                        hasLiveAvailability: boolean;
                        days: {
                            date: string;
                            slots: {
                                time: string;
                                left: number;
                                leftAdults: number | null;
                                leftChildren: number | null;
                                pastCutOff: boolean;
                            }[];
                        }[];
                        /** @enum {string} */
                        onRequestReason?: "supplierUnavailable";
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bAvailabilityByTour: {
        parameters: {
            query: {
                id: string;
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        offerId: string;
                        /** @enum {string} */
                        stockMode: "shared" | "per_type";
                        minPeople: number;
                        cutOffHours: number;
                        hasLiveAvailability: boolean;
                        days: {
                            date: string;
                            slots: {
                                time: string;
                                left: number;
                                leftAdults: number | null;
                                leftChildren: number | null;
                                pastCutOff: boolean;
                            }[];
                        }[];
                        /** @enum {string} */
                        onRequestReason?: "supplierUnavailable";
                    }[];
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBalance: {
        parameters: {
            query?: {
                currencyCode?: "AED" | "USD";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBalanceTopup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: string;
                    /**
                     * @default card
                     * @enum {string}
                     */
                    type?: "card";
                    /**
                     * @default AED
                     * @enum {string}
                     */
                    currency?: "AED";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBalanceTopupfee: {
        parameters: {
            query: {
                amount: string;
                type?: "card";
                currency?: "AED" | "USD";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsIdCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        tier: string;
                        percent: number;
                        /** @enum {string} */
                        destination: "balance" | "card" | "crypto" | "sbp";
                        amounts: {
                            paidMinor: number;
                            grossRefundMinor: number;
                            feeMinor: number;
                            refundMinor: number;
                        } | null;
                        charged: {
                            paidMinor: number;
                            grossRefundMinor: number;
                            feeMinor: number;
                            refundMinor: number;
                            currency: string;
                        } | null;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBookingsIdDocumentsDocument: {
        parameters: {
            query?: {
                issue?: number;
            };
            header?: never;
            path: {
                id: string;
                document: "voucher" | "tickets" | "invoice" | "credit-note" | "request-summary";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsIdPay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    method: "balance" | "card" | "crypto" | "sbp";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBookingsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        /** @enum {string} */
                        status: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                        /** @enum {string} */
                        paymentMethod: "balance" | "cash" | "request" | "card" | "crypto" | "sbp";
                        /** Format: date-time */
                        createdAt: string;
                        tourDate: string;
                        startTime: string | null;
                        adults: number;
                        children: number;
                        infants: number;
                        guest: {
                            name: string;
                            phone: string;
                            email: string;
                        };
                        publishedTotalMinor: number;
                        netTotalMinor: number | null;
                        cancellation: ({
                            tier: string;
                            percent: number;
                            /** @enum {string} */
                            destination: "balance" | "card" | "crypto" | "sbp";
                            amounts: {
                                paidMinor: number;
                                grossRefundMinor: number;
                                feeMinor: number;
                                refundMinor: number;
                            } | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsCommissions: {
        parameters: {
            query?: {
                page?: number;
                onPage?: number;
            };
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reference?: string;
                    guest?: string;
                    travelFrom?: string;
                    travelTo?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsDownload: {
        parameters: {
            query?: {
                page?: number;
                onPage?: number;
            };
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reference?: string;
                    guest?: string;
                    bookedFrom?: string;
                    bookedTo?: string;
                    travelFrom?: string;
                    travelTo?: string;
                    /** @enum {string} */
                    status?: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                    /** Format: uuid */
                    agent?: string;
                    /** Format: uuid */
                    tour?: string;
                    /** @enum {string} */
                    sort?: "createdAt" | "tourDate" | "reference" | "guestName" | "publishedTotal";
                    /** @enum {string} */
                    dir?: "asc" | "desc";
                    /**
                     * @default own
                     * @enum {string}
                     */
                    scope?: "all" | "own" | "requests";
                };
            };
        };
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsFiltered: {
        parameters: {
            query?: {
                page?: number;
                onPage?: number;
            };
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reference?: string;
                    guest?: string;
                    bookedFrom?: string;
                    bookedTo?: string;
                    travelFrom?: string;
                    travelTo?: string;
                    /** @enum {string} */
                    status?: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                    /** Format: uuid */
                    agent?: string;
                    /** Format: uuid */
                    tour?: string;
                    /** @enum {string} */
                    sort?: "createdAt" | "tourDate" | "reference" | "guestName" | "publishedTotal";
                    /** @enum {string} */
                    dir?: "asc" | "desc";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBookingsOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBookingsRequestsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        /** @enum {string} */
                        status: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                        /** @enum {string} */
                        paymentMethod: "balance" | "cash" | "request" | "card" | "crypto" | "sbp";
                        /** Format: date-time */
                        createdAt: string;
                        tourDate: string;
                        startTime: string | null;
                        adults: number;
                        children: number;
                        infants: number;
                        guest: {
                            name: string;
                            phone: string;
                            email: string;
                        };
                        publishedTotalMinor: number;
                        netTotalMinor: number | null;
                        cancellation: ({
                            tier: string;
                            percent: number;
                            /** @enum {string} */
                            destination: "balance" | "card" | "crypto" | "sbp";
                            amounts: {
                                paidMinor: number;
                                grossRefundMinor: number;
                                feeMinor: number;
                                refundMinor: number;
                            } | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsRequests: {
        parameters: {
            query?: {
                page?: number;
                onPage?: number;
            };
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reference?: string;
                    guest?: string;
                    bookedFrom?: string;
                    bookedTo?: string;
                    travelFrom?: string;
                    travelTo?: string;
                    /** @enum {string} */
                    status?: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                    /** Format: uuid */
                    agent?: string;
                    /** Format: uuid */
                    tour?: string;
                    /** @enum {string} */
                    sort?: "createdAt" | "tourDate" | "reference" | "guestName" | "publishedTotal";
                    /** @enum {string} */
                    dir?: "asc" | "desc";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bBookings: {
        parameters: {
            query?: {
                page?: number;
                onPage?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    offerId: string;
                    date: string;
                    /** @default null */
                    time?: string | null;
                    adults: number | null;
                    /** @default 0 */
                    children?: number | null;
                    /** @default 0 */
                    infants?: number | null;
                    /** Format: uuid */
                    idempotencyKey: string;
                    guestName: string;
                    guestPhone: string;
                    guestEmail: string;
                    guestEmailConfirm: string;
                    hotelId?: (string | null) | "" | null;
                    /** @default null */
                    room?: string | null;
                    /** @default null */
                    notes?: string | null;
                    /** @default null */
                    promoCode?: string | null;
                    /** @enum {string} */
                    paymentMethod: "balance" | "cash" | "request" | "card" | "crypto" | "sbp";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        /** @enum {string} */
                        status: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                        paymentId?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsWithpaymentintent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    offerId: string;
                    date: string;
                    /** @default null */
                    time?: string | null;
                    adults: number | null;
                    /** @default 0 */
                    children?: number | null;
                    /** @default 0 */
                    infants?: number | null;
                    /** Format: uuid */
                    idempotencyKey: string;
                    guestName: string;
                    guestPhone: string;
                    guestEmail: string;
                    guestEmailConfirm: string;
                    hotelId?: (string | null) | "" | null;
                    /** @default null */
                    room?: string | null;
                    /** @default null */
                    notes?: string | null;
                    /** @default null */
                    promoCode?: string | null;
                    /** @enum {string} */
                    paymentMethod: "balance" | "cash" | "request" | "card" | "crypto" | "sbp";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        /** @enum {string} */
                        status: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                        paymentId?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    postB2bBookingsWithtappaymentcharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    offerId: string;
                    date: string;
                    /** @default null */
                    time?: string | null;
                    adults: number | null;
                    /** @default 0 */
                    children?: number | null;
                    /** @default 0 */
                    infants?: number | null;
                    /** Format: uuid */
                    idempotencyKey: string;
                    guestName: string;
                    guestPhone: string;
                    guestEmail: string;
                    guestEmailConfirm: string;
                    hotelId?: (string | null) | "" | null;
                    /** @default null */
                    room?: string | null;
                    /** @default null */
                    notes?: string | null;
                    /** @default null */
                    promoCode?: string | null;
                    /** @enum {string} */
                    paymentMethod: "balance" | "cash" | "request" | "card" | "crypto" | "sbp";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        /** @enum {string} */
                        status: "quotation_request" | "payment_required" | "completed" | "cancelled" | "payment_failed";
                        paymentId?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is over the route’s limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The body is not of a content type the route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bOffersPrices: {
        parameters: {
            query: {
                from: string;
                to: string;
                ids: string;
                currencycode?: "AED" | "USD";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        offerId: string;
                        /** @enum {string} */
                        currency: "AED" | "USD";
                        b2b: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        } | null;
                        recommended: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        };
                    }[];
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bTicketsForofferId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        offerId: string;
                        /** Format: uuid */
                        tourId: string;
                        name: {
                            en: string;
                            ru: string;
                        };
                        isSameTicketForAdultsAndChildren: boolean;
                        minPeople: number;
                        hasLiveAvailability: boolean;
                        retail: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        };
                        b2b: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        } | null;
                    }[];
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bTicketsFortourId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        offerId: string;
                        /** Format: uuid */
                        tourId: string;
                        name: {
                            en: string;
                            ru: string;
                        };
                        isSameTicketForAdultsAndChildren: boolean;
                        minPeople: number;
                        hasLiveAvailability: boolean;
                        retail: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        };
                        b2b: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        } | null;
                    }[];
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bToursId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bToursPromo: {
        parameters: {
            query?: {
                Language?: "en" | "ru";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getB2bTours: {
        parameters: {
            query?: {
                currencyCode?: "AED" | "USD";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (spec §8: sign out and go home). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Signed in, but the role may not do this; or a mutation from another site. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getCitiesHomepageXY: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                x: string;
                y: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getCountriesHomepagebyurlUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                url: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getHomepage: {
        parameters: {
            query?: {
                language?: "en" | "ru";
                currencyCode?: "AED" | "USD";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getHotelsListbase: {
        parameters: {
            query: {
                countryId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getLayoutInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getPickuptimesValue: {
        parameters: {
            query: {
                pickUpTimeId: string;
                hotelId: string;
                startTime: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getTicketsForofferId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        offerId: string;
                        /** Format: uuid */
                        tourId: string;
                        name: {
                            en: string;
                            ru: string;
                        };
                        isSameTicketForAdultsAndChildren: boolean;
                        minPeople: number;
                        hasLiveAvailability: boolean;
                        retail: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        };
                        b2b: {
                            adult: number | null;
                            child: number | null;
                            trip: number | null;
                        } | null;
                    }[];
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getTourscategoriesHomepageUaeCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                category: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getWidgetsTourUrlUrl: {
        parameters: {
            query: {
                agencyGuid: string;
                currencyCode?: "AED" | "USD" | "RUB";
                language?: "en" | "ru";
            };
            header?: never;
            path: {
                url: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not found, or not the caller’s to see (another agency’s). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The input did not parse: `[{ fieldName, errorMessage }]`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorItems"];
                };
            };
            /** @description Server is under maintenance (spec §8): the database is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
}
