import { type Database, type DatabaseConnection, databaseConfigFromEnv, openDatabase } from './connection';
import { noteConnectionLost } from './health';

// One connection per server process, shared by every bundle that imports this module
// (Next compiles instrumentation, route handlers and pages separately), hence globalThis.
const globalForDb = globalThis as typeof globalThis & { traveldeskDb?: Promise<DatabaseConnection> };

export function getConnection(): Promise<DatabaseConnection> {
  if (!globalForDb.traveldeskDb) {
    const config = databaseConfigFromEnv();
    // A PostgreSQL connection lost tells the health check at once (spec §8's maintenance answer).
    globalForDb.traveldeskDb = openDatabase(config.driver === 'postgres' ? { ...config, onConnectionLost: noteConnectionLost } : config);
  }
  return globalForDb.traveldeskDb;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/**
 * Closes this process's connection at the end of a shutdown (server/lifecycle/shutdown.ts): the
 * pool's sessions end cleanly, and PGlite closes its files and gives up its directory lock. The
 * closed connection stays in place, so nothing reopens one while the process exits.
 */
export async function closeConnection(): Promise<void> {
  const connection = globalForDb.traveldeskDb;
  if (connection) await (await connection).close();
}
