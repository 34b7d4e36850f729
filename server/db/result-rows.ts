/** The rows of `db.execute(sql…)`: postgres.js returns the rows, PGlite a result holding `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}
