import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a TypeScript script of the repository (a data-set generator) through tsx with the server's
 * import conditions, its output on the bench's stderr; killed past `timeoutMs`.
 */
export function runScript(script, env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const args = [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', script];
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 2, 2] });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${script} exited with ${code}`));
    });
  });
}
