import { type Database, type DatabaseConnection, databaseConfigFromEnv, openDatabase } from './connection';

// One connection per server process, shared by every bundle that imports this module
// (Next compiles instrumentation, route handlers and pages separately), hence globalThis.
const globalForDb = globalThis as typeof globalThis & { traveldeskDb?: Promise<DatabaseConnection> };

export function getConnection(): Promise<DatabaseConnection> {
  globalForDb.traveldeskDb ??= openDatabase(databaseConfigFromEnv());
  return globalForDb.traveldeskDb;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}
