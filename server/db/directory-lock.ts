import fs from 'node:fs';

/**
 * PGlite loses writes silently when two processes open one data directory, so the process that
 * opens it holds a pid lock file; a second process gets a clear error instead.
 */
export function acquireDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = `${dir}.lock`;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder === process.pid || !isAlive(holder)) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      throw new Error(
        `The embedded database in ${dir} is open in process ${holder} (is the portal running?). ` +
          'Stop that process first, or set DATABASE_URL to use PostgreSQL.',
      );
    }
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
