// Types of ./auth.mjs for the TypeScript bench scripts (bench/supplier-availability.ts).
export function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string>;
export function signInStaff(baseUrl: string, credentials: { email: string; password: string; totpSecret: string }): Promise<string>;
