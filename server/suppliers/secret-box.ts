import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Supplier API keys are stored sealed (docs/suppliers.md "Keys at rest"): AES-256-GCM with a fresh
// 96-bit nonce per seal, so the database alone (a dump, a backup, a replica) reveals no key, and
// a sealed value changed by a byte is refused rather than opened into a wrong key.
//
// The key is derived with HKDF-SHA256 from SUPPLIER_KEYS_SECRET when it is set, else from
// AUTH_SECRET (which every deployment already has: scripts/start.mjs generates it or production
// requires it). A dedicated variable exists because sessions rotate AUTH_SECRET (AUTH_SECRET_1…3
// keep old sessions valid for a while) and stored supplier keys must survive such a rotation: set
// SUPPLIER_KEYS_SECRET to the old AUTH_SECRET before rotating. The derivation's label keeps this key
// apart from every other use of the same secret.

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function sealingKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const secret = env.SUPPLIER_KEYS_SECRET || env.AUTH_SECRET || 'traveldesk-development';
  return Buffer.from(hkdfSync('sha256', secret, 'traveldesk', 'supplier-api-keys/v1', 32));
}

/** Seals `plain` as `v1.<nonce>.<ciphertext>.<tag>` (base64url). */
export function sealSecret(plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), nonce);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, nonce.toString('base64url'), sealed.toString('base64url'), tag.toString('base64url')].join('.');
}

/** Opens what sealSecret sealed; throws when it was sealed under another key or changed since. */
export function openSecret(sealed: string): string {
  const [version, nonce, body, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined || rest.length > 0) {
    throw new Error('Not a sealed secret');
  }
  const nonceBytes = Buffer.from(nonce, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(), nonceBytes, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tagBytes);
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch (cause) {
    throw new Error('The sealed secret was changed or sealed under another key', { cause });
  }
}
