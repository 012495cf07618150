import { DataSource, type EntityManager, type QueryResult } from 'typeorm';

/**
 * A condition on a list's rows with its one parameter `$1`, built by a queries file (never from input), so one
 * list query serves every filter of its list (a menu, a tab, a category, a search).
 */
export interface SqlFilter {
  where: string;
  param: unknown;
}

/** Where a statement runs: the pool, or the manager of an open transaction (`db.transaction(async (manager) => …)`). */
export type Sql = DataSource | EntityManager;

/**
 * Runs one statement and returns the driver's structured result (rows and affected count alike for every
 * command; the plain `query()` answers UPDATE and DELETE as a `[rows, count]` pair instead).
 */
async function run(db: Sql, text: string, params: readonly unknown[]): Promise<QueryResult> {
  const manager = db instanceof DataSource ? db.manager : db;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    return await runner.query(text, [...params], true);
  } finally {
    // A transaction's runner belongs to the transaction; one taken from the pool goes back at once.
    if (runner !== manager.queryRunner) await runner.release();
  }
}

/**
 * The rows of a statement, typed by the caller. The one place a driver's untyped result becomes a row type:
 * each `<domain>.queries.ts` states the columns its SQL selects as `Row`.
 */
export async function query<Row>(db: Sql, text: string, params: readonly unknown[] = []): Promise<Row[]> {
  return (await run(db, text, params)).records as Row[];
}

/** The first row, or `undefined` when there is none (a lookup by key). */
export async function queryOne<Row>(db: Sql, text: string, params: readonly unknown[] = []): Promise<Row | undefined> {
  return (await query<Row>(db, text, params))[0];
}

/** A `SELECT count(*)::int AS n …`. */
export async function queryCount(db: Sql, text: string, params: readonly unknown[] = []): Promise<number> {
  return (await queryOne<{ n: number }>(db, text, params))?.n ?? 0;
}

/** An `INSERT … RETURNING id`: the new row's id. */
export async function insertReturningId(db: Sql, text: string, params: readonly unknown[]): Promise<number> {
  const row = await queryOne<{ id: number }>(db, text, params);
  if (!row) throw new Error('INSERT … RETURNING id returned no row');
  return row.id;
}

/** A statement run for its effect: the number of rows it inserted, updated or deleted. */
export async function execute(db: Sql, text: string, params: readonly unknown[] = []): Promise<number> {
  return (await run(db, text, params)).affected ?? 0;
}

/** Holds a transaction-wide advisory lock: work under the same key is serialised across instances. */
export async function advisoryLock(manager: EntityManager, key: number): Promise<void> {
  await execute(manager, 'SELECT pg_advisory_xact_lock($1)', [key]);
}

/** Throws when the database does not answer (the health check). */
export async function ping(db: Sql): Promise<void> {
  await execute(db, 'SELECT 1');
}

/** A parameter for a `$n::interval`. */
export function milliseconds(ms: number): string {
  return `${ms} milliseconds`;
}

/** `a.x, a.y` for a list of column names (constants of the queries files, never input). */
export function columnList(alias: string, columns: readonly string[]): string {
  return columns.map((column) => `${alias}.${column}`).join(', ');
}
