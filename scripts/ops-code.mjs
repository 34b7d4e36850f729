// `npm run ops:code [secret]`: the current TOTP code for the demo staff (or for a secret you
// pass), for signing in to the operator console without an authenticator app. Demo use only.
import { generate } from 'otplib';

const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const secret = process.argv[2] ?? DEMO_TOTP_SECRET;
const code = await generate({ secret });
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${code}  (valid for ${secondsLeft} s more)`);
