import { randomBytes } from "node:crypto";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { buildClientIfStale } from "../../scripts/build-client.mjs";
import { runMigrations } from "../../server/db/migrate";
import { startTestPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgPrefix: string;
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Once per run: a real Postgres, one migrated template database that every test database is
 * cloned from (cheap: a file copy), and an up-to-date console build for the browser tests.
 */
export default async function setup(project: TestProject) {
  buildClientIfStale({ quiet: true });
  const pg = await startTestPostgres();
  const prefix = `t${randomBytes(3).toString("hex")}`;
  const template = `${prefix}_template`;
  const admin = postgres(pg.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${template}"`);
  await runMigrations(databaseUrl(pg.adminUrl, template));
  project.provide("pgAdminUrl", pg.adminUrl);
  project.provide("pgTemplate", template);
  project.provide("pgPrefix", prefix);

  return async () => {
    const dbs = await admin`select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const { datname } of dbs) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await pg.stop();
  };
}
