import { readFile, readdir, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';
import { config } from '../config/config';
import { databaseKind } from './connection';
import { logger } from '../observability/logger';

// Prisma's own migration engine, compiled to WebAssembly, driven through a driver adapter.
// The native schema-engine binary cannot be downloaded on our machines; this one ships in npm.

const projectRoot = process.cwd();
export const schemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');
export const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');
const noFilters = { externalTables: [], externalEnums: [] };

type WasmModule = typeof import('@prisma/schema-engine-wasm');

let wasmModule: Promise<WasmModule> | undefined;

/**
 * Timers the engine started. It never clears one (its bindings have no clearTimeout), and a run
 * leaves a 10 s timer behind (the length of its advisory-lock timeout), which held every
 * short-lived process that migrated (`npm run seed`, the crash tests' children) open for 10 s after
 * its work was done. Once an engine is done they are unref'd (releaseEngineTimers): they still fire
 * in a process that lives on, and no longer keep one alive. While it runs they stay as they are: on
 * PGlite nothing else may keep the event loop alive while the engine waits on one.
 */
const engineTimers = new Set<NodeJS.Timeout>();

function releaseEngineTimers(): void {
  for (const timer of engineTimers) timer.unref();
  engineTimers.clear();
}

/** The package is a bundler-style wasm import; Node needs the module instantiated by hand. */
function loadSchemaEngineWasm(): Promise<WasmModule> {
  wasmModule ??= (async () => {
    const require = createRequire(path.join(projectRoot, 'package.json'));
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
    const bindings = await import(/* webpackIgnore: true */ pathToFileURL(path.join(dir, 'schema_engine_bg.js')).href);
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
    const imports: Record<string, unknown> = { ...bindings };
    for (const name of Object.keys(bindings).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
      imports[name] = (callback: () => void, ms: number) => {
        const timer = setTimeout(() => {
          engineTimers.delete(timer);
          callback();
        }, ms >>> 0);
        engineTimers.add(timer);
        return timer;
      };
    }
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': imports as WebAssembly.ModuleImports });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bindings as WasmModule;
  })();
  return wasmModule;
}

async function openEngine(factory: SqlMigrationAwareDriverAdapterFactory): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadSchemaEngineWasm();
  const schema = await readFile(schemaPath, 'utf8');
  const log = () => {};
  return SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, log, bindMigrationAwareSqlAdapterFactory(factory));
}

async function readMigrationList(): Promise<MigrationList> {
  await mkdir(migrationsDir, { recursive: true });
  const entries = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories = await Promise.all(
    entries.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8').then(
          (ok) => ({ tag: 'ok' as const, value: ok }),
          (err: Error) => ({ tag: 'error' as const, value: err.message }),
        ),
      },
    })),
  );
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  const lockContent = await readFile(lockPath, 'utf8').catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/** Distinct from maintenance's (7_165_930_212) and the engine's own (72707369); the write path's locks use the two-key form. */
const MIGRATION_LOCK_KEY = 7_165_930_213;

/**
 * On PostgreSQL, one migrator at a time per database, waiting for its turn on a connection of its
 * own. Several app instances starting at once race here (docs/scaling.md § Many instances). The
 * engine has a guard of its own, an advisory lock it gives up on after 10 s, which stopped every
 * instance but the first when three started on a fresh database; and the lock, taken on one session
 * of the adapter's pool, could stay held there after the engine was done (seen: an idle pooled
 * session holding it, every later migrator queued behind it). So the engine runs behind this lock,
 * on an adapter of its own that is released (its sessions ended) before this lock is: the next
 * migrator always finds the engine's lock free. Ending the session (as a crash does) releases both.
 */
async function underMigrationLock<T>(work: () => Promise<T>): Promise<T> {
  if (databaseKind() !== 'postgres') return work();
  const client = new pg.Client({ connectionString: config().database.url!, application_name: 'stigmem-migrate' });
  client.on('error', (error) => logger().error({ reason: error.message }, 'migration lock session ended'));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Applies every migration in prisma/migrations that the database has not seen yet, through
 * `factory`; `release` (lib/db/connection.ts, migrationAdapter) lets the adapter go before the next
 * migrator may start.
 */
export function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory, release: () => Promise<void> = async () => undefined): Promise<string[]> {
  return underMigrationLock(async () => {
    try {
      const engine = await openEngine(factory);
      try {
        const output = await engine.applyMigrations({ migrationsList: await readMigrationList(), filters: noFilters });
        return output.appliedMigrationNames;
      } finally {
        engine.free();
        releaseEngineTimers();
      }
    } finally {
      await release();
    }
  });
}

/**
 * Writes a new migration folder with the SQL that takes the migration history to the current
 * schema (diffed without a database, so no shadow database is needed). Returns null when the
 * schema and the migrations already agree.
 */
export async function createMigration(factory: SqlMigrationAwareDriverAdapterFactory, name: string): Promise<string | null> {
  const engine = await openEngine(factory);
  try {
    const schema = await readFile(schemaPath, 'utf8');
    const migrationsList = await readMigrationList();
    const result = await engine.diff({
      from: migrationsList.migrationDirectories.length ? { tag: 'migrations', ...migrationsList } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    if (result.exitCode !== 2 || !result.stdout) return null;
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const folder = `${stamp}_${name.replace(/[^a-z0-9_]+/gi, '_').toLowerCase()}`;
    await mkdir(path.join(migrationsDir, folder), { recursive: true });
    await writeFile(path.join(migrationsDir, folder, 'migration.sql'), result.stdout);
    const lockPath = path.join(migrationsDir, 'migration_lock.toml');
    await writeFile(lockPath, '# Please do not edit this file manually\nprovider = "postgresql"\n');
    return folder;
  } finally {
    engine.free();
    releaseEngineTimers();
  }
}
