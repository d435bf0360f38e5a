import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

// Web and worker processes may start together against one database: one migrates, the others wait.
const MIGRATION_LOCK_KEY = 7_261_834_101;

export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await sql.end();
  }
}
