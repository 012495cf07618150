import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { migrations as allMigrations } from '../../database/migrations/index.js';

/**
 * The database part of a backup, made in Node because the embedded PostgreSQL ships no `pg_dump`
 * (docs/decisions.md "Backup and restore"): the schema is recorded as the migrations that made it, the data as
 * `COPY … TO STDOUT` (PostgreSQL's own text format) per table, the sequences as their values. Restore runs the
 * same migrations on an empty database and loads the data back, all in one transaction.
 */

/** TypeORM's own bookkeeping: remade by the migrations, never copied. */
const BOOKKEEPING = ['migrations', 'typeorm_metadata'];

export interface TableDump {
  name: string;
  /** In the order of the file's fields (generated columns left out: PostgreSQL computes them). */
  columns: string[];
  rows: number;
  /** Inside the archive, e.g. `database/case.copy`. */
  file: string;
  bytes: number;
  sha256: string;
}

export interface SequenceValue {
  name: string;
  /** `null`: never used (the restored sequence starts afresh). A string: bigint. */
  value: string | null;
}

export interface DatabaseDump {
  /** `server_version` of the source, for the operator's information. */
  postgres: string;
  /** Names of the migrations the schema was made by, in order. */
  migrations: string[];
  /** In dependency order: a table comes after the tables its foreign keys point at. */
  tables: TableDump[];
  sequences: SequenceValue[];
}

/** The database cannot be backed up or restored for a reason the operator can act on; the message says it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes every table of the current schema into `<dir>/database/`, from one `REPEATABLE READ READ ONLY`
 * transaction: one snapshot, so rows of different tables always belong together, while the site keeps serving
 * and writing. Tables are found in the catalog, so a table added by a later migration is included by itself.
 */
export async function dumpDatabase(client: pg.ClientBase, dir: string): Promise<DatabaseDump> {
  await fs.mkdir(path.join(dir, 'database'), { recursive: true });
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const [{ server_version: postgres }] = (await client.query<{ server_version: string }>('SHOW server_version'))
      .rows as [{ server_version: string }];
    const migrations = await appliedMigrations(client);
    if (migrations === null) {
      throw new BackupError('The database has no schema yet (the server never started on it): nothing to back up.');
    }
    const tables: TableDump[] = [];
    for (const table of await tablesInLoadOrder(client)) {
      const columns = await copiedColumns(client, table);
      const file = `database/${table}.copy`;
      const hash = createHash('sha256');
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const copy = client.query(copyStreams.to(`COPY ${quote(table)} (${columns.map(quote).join(', ')}) TO STDOUT`));
      await pipeline(copy, counter, createWriteStream(path.join(dir, file)));
      tables.push({ name: table, columns, rows: copy.rowCount, file, bytes, sha256: hash.digest('hex') });
    }
    const sequences = (
      await client.query<{ name: string; value: string | null }>(
        `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
          WHERE schemaname = current_schema() ORDER BY sequencename`,
      )
    ).rows;
    return { postgres, migrations, tables, sequences };
  } finally {
    await client.query('ROLLBACK');
  }
}

async function appliedMigrations(client: pg.ClientBase): Promise<string[] | null> {
  const found = await client.query(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
  if (!(found.rows[0] as { present: boolean }).present) return null;
  return (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY timestamp, id')).rows.map(
    (row) => row.name,
  );
}

/** The schema's tables, each after the tables it references (a table referencing itself is loaded in one COPY). */
async function tablesInLoadOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND NOT (c.relname = ANY($1))
        ORDER BY c.relname`,
      [BOOKKEEPING],
    )
  ).rows.map((row) => row.name);
  const references = (
    await client.query<{ child: string; parent: string }>(
      `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
         JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
    )
  ).rows;
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((t) =>
      references.every((r) => r.child !== t || !pending.has(r.parent) || r.parent === t),
    );
    // A cycle of foreign keys (none today) is loaded in name order; its COPY then fails and nothing is restored.
    const next = ready.length > 0 ? ready : [...pending];
    for (const table of next) {
      ordered.push(table);
      pending.delete(table);
    }
  }
  return ordered;
}

async function copiedColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  return (
    await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
      [quote(table)],
    )
  ).rows.map((row) => row.name);
}

/** How many tables the current schema holds: a restore goes only into a database with none (or with `--force`). */
export async function countTables(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ count: string }>(
    `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm')`,
  );
  return Number(result.rows[0]!.count);
}

export interface RestoreOptions {
  /** Replace whatever the database holds (its whole current schema is dropped, in the same transaction). */
  force: boolean;
  /** Runs once everything is loaded, just before COMMIT, on the loading client; throwing rolls the database back. */
  beforeCommit?: (client: pg.ClientBase) => Promise<void>;
  /** Runs when the transaction was rolled back after `beforeCommit` started (undoes what it did). */
  afterRollback?: () => Promise<void>;
}

/**
 * Loads a dump into the database at `url` in one transaction: the migrations up to the dump's, the rows, the
 * sequences, then the migrations the dump did not have yet (an older backup is upgraded like an older database
 * would be at start). Nothing is left changed when any step fails.
 */
export async function restoreDatabase(
  url: string,
  dir: string,
  dump: DatabaseDump,
  options: RestoreOptions,
): Promise<void> {
  const known = allMigrations.map((migration) => migration.name);
  const unknown = dump.migrations.filter((name, i) => known[i] !== name);
  if (unknown.length > 0) {
    throw new BackupError(
      `The archive was made by a newer version of the site (its schema has migration ${unknown[0]}, which this ` +
        'version does not know). Restore it with that version or a later one.',
    );
  }

  const dataSource = new DataSource({
    type: 'postgres',
    url,
    migrations: allMigrations,
    logging: false,
    extra: { max: 1, application_name: 'yunfan-site-restore' },
  });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    const client = (await runner.connect()) as pg.ClientBase;
    // A server's pool (its connections may all be idle-closed) or its cache's LISTEN connection.
    const servers = await client.query<{ count: string }>(
      `SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND application_name IN ('yunfan-site', 'yunfan-site-listen')`,
    );
    if (Number(servers.rows[0]!.count) > 0) {
      throw new BackupError('A server of the site is using the target database: stop it first, then restore.');
    }
    const tables = await countTables(client);
    if (tables > 0 && !options.force) {
      throw new BackupError(
        `The target database is not empty (it has ${tables} tables). Restore goes only into an empty database: ` +
          'point it at a new one, or add --force to replace everything it holds.',
      );
    }

    await runner.startTransaction();
    let swapping = false;
    try {
      if (tables > 0) {
        const schema = (await client.query<{ name: string }>('SELECT current_schema() AS name')).rows[0]!.name;
        await client.query(`DROP SCHEMA ${quote(schema)} CASCADE`);
        await client.query(`CREATE SCHEMA ${quote(schema)}`);
      }
      await migrate(dataSource, runner, dump.migrations.length);
      await loadRows(client, dir, dump);
      await migrate(dataSource, runner, known.length);
      swapping = true;
      await options.beforeCommit?.(client);
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      if (swapping) await options.afterRollback?.();
      throw error;
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}

/**
 * Runs the first `count` migrations that have not run yet, on the runner's open transaction. TypeORM's executor
 * runs a data source's whole list; it is given a view of the data source with the shorter list.
 */
async function migrate(dataSource: DataSource, runner: QueryRunner, count: number): Promise<void> {
  const view = Object.create(dataSource, { migrations: { value: dataSource.migrations.slice(0, count) } });
  const executor = new MigrationExecutor(view as DataSource, runner);
  executor.transaction = 'none';
  await executor.executePendingMigrations();
}

/**
 * Empties the dump's tables (the migrations insert a few rows of their own, e.g. the content version) and copies
 * the rows in. User triggers are off meanwhile, as with `pg_dump --disable-triggers`: the archive's rows are
 * already what those triggers made (the content version, say); foreign keys are still checked.
 */
async function loadRows(client: pg.ClientBase, dir: string, dump: DatabaseDump): Promise<void> {
  const names = dump.tables.map((table) => quote(table.name));
  if (names.length === 0) return;
  for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
  await client.query(`TRUNCATE ${names.join(', ')}`);
  for (const table of dump.tables) {
    const copy = client.query(
      copyStreams.from(`COPY ${quote(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`),
    );
    await pipeline(createReadStream(path.join(dir, table.file)), copy);
    if (copy.rowCount !== table.rows) {
      throw new BackupError(`Table ${table.name}: ${copy.rowCount} rows loaded, the archive says ${table.rows}.`);
    }
  }
  for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
  for (const sequence of dump.sequences) {
    if (sequence.value === null) continue;
    await client.query('SELECT setval($1::regclass, $2::bigint, true)', [quote(sequence.name), sequence.value]);
  }
}
