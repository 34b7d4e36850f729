import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The installed package's browser bundle, from the app's node_modules (read once, then kept). */
const SCRIPT = path.join(process.cwd(), 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');

let script: Promise<string> | undefined;

export function apiReferenceScript(): Promise<string> {
  script ??= readFile(SCRIPT, 'utf8').catch((error: unknown) => {
    script = undefined;
    throw error;
  });
  return script;
}
