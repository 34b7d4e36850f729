import { jwtVerify, SignJWT } from 'jose';

// The bearer token for protected API calls (spec §6), carried in the session (spec §1).

const ISSUER = 'traveldesk-b2b';
const LIFETIME = '24h';

function secretKey(): Uint8Array {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set');
  return new TextEncoder().encode(secret);
}

export async function issueAccessToken(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(secretKey());
}

/** The user id the token was issued to, or null when it is invalid or expired. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
