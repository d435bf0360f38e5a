import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { dbPoolMax } from "../core/metrics";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PostgresJsDatabase<Schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: query functions take either. */
export type Db = Database | Tx;

export interface DbHandle {
  db: Database;
  sql: postgres.Sql;
  close(): Promise<void>;
}

/** Seconds a new connection may take before its waiting query fails (the driver's default is 30). */
export const CONNECT_TIMEOUT_SECONDS = 2;
/**
 * Seconds between reconnection attempts after a failed one. The driver's default grows to 20 s, so
 * during an outage queries queued behind a reconnecting connection waited that long and requests
 * hung instead of failing; a short cap fails them fast and reconnects promptly when Postgres is back.
 */
export function reconnectBackoffSeconds(retries: number): number {
  return Math.min(0.1 * retries, 0.5);
}

export function createDb(url: string, options: { max?: number } = {}): DbHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectBackoffSeconds,
    connection: { application_name: "tracking" },
  });
  const db = drizzle(sql, { schema, casing: "snake_case" });
  const max = options.max ?? 10;
  dbPoolMax.inc(max);
  return {
    db,
    sql,
    close: () => {
      dbPoolMax.dec(max);
      return sql.end({ timeout: 5 });
    },
  };
}

/** Errors that mean "the database cannot be reached right now", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // Postgres itself: shutting down, starting up, too many connections, connection failure class.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/**
 * True when an error (or one of its causes: Drizzle wraps driver errors) says Postgres is out of
 * reach, so surfaces answer 503 SERVER_ISSUE and a load balancer can route around this process.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
