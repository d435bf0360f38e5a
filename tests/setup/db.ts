import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type DbHandle } from "../../server/db/client";
import { factories } from "../factories";
import { databaseUrl } from "./global-setup";

export interface TestDatabase extends DbHandle {
  url: string;
}

async function admin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

function newName(): string {
  return `${inject("pgPrefix")}_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;
}

async function dropDatabase(name: string) {
  await admin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
}

/** A new database cloned from the migrated template: full schema, no rows but the seeded ones. */
export async function freshDatabase(): Promise<TestDatabase> {
  const name = newName();
  await admin((sql) => sql.unsafe(`create database "${name}" template "${inject("pgTemplate")}"`));
  const url = databaseUrl(inject("pgAdminUrl"), name);
  const handle = createDb(url, { max: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await dropDatabase(name);
    },
  };
}

/** A database with nothing in it, for testing that the migrations apply from scratch. */
export async function createEmptyDatabase(): Promise<{
  url: string;
  sql: postgres.Sql;
  close(): Promise<void>;
}> {
  const name = newName();
  await admin((sql) => sql.unsafe(`create database "${name}"`));
  const url = databaseUrl(inject("pgAdminUrl"), name);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  return {
    url,
    sql,
    async close() {
      await sql.end();
      await dropDatabase(name);
    },
  };
}

/**
 * For a test file: a fresh database before its tests and gone after them, with factories bound to
 * it. Read `db` and `f` inside tests (they exist once beforeAll has run).
 */
export function setupDatabase(now?: Date) {
  let database: TestDatabase | undefined;
  let made: ReturnType<typeof factories> | undefined;
  beforeAll(async () => {
    database = await freshDatabase();
    made = factories(database.db, now);
  });
  afterAll(() => database?.close());
  return {
    get database(): TestDatabase {
      if (!database) throw new Error("setupDatabase: read it inside a test");
      return database;
    },
    get db() {
      return this.database.db;
    },
    get f(): ReturnType<typeof factories> {
      if (!made) throw new Error("setupDatabase: read it inside a test");
      return made;
    },
  };
}
