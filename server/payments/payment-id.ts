// Pure: a payment id is a UUID; anything else in a URL is not found, without asking the database.
import 'server-only';
export const PAYMENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
