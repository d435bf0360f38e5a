import type { FastifyBaseLogger } from "fastify";
import type { Language, Role } from "../../shared/enums";
import type { Database, Db } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import type { Clock } from "./clock";

/** Who is acting. Every service function authorizes against this before it touches data. */
export type Actor =
  | { kind: "anonymous" }
  | {
      kind: "user";
      userId: string;
      sessionId: string;
      email: string;
      companyId: string | null;
      role: Role | null;
      emailVerified: boolean;
      /** MFA is off for the account, or this session passed it. */
      mfaSatisfied: boolean;
      /**
       * How the person authenticated: absent for a console session; "apiToken" for a GraphQL
       * request with an API token (then sessionId names no session, and session-only actions refuse).
       */
      via?: "apiToken";
    }
  | { kind: "guest"; userId: string | null; email: string | null; shareToken: string | null }
  | { kind: "system"; reason: string };

export interface ServiceContext {
  readonly actor: Actor;
  /** The database, or the open transaction when inside `tx`. */
  readonly db: Db;
  readonly jobs: JobQueue;
  readonly clock: Clock;
  readonly lang: Language;
  readonly log: FastifyBaseLogger;
  readonly inTransaction: boolean;
  /** Runs `fn` in one transaction; inside an open transaction it joins it instead of nesting. */
  tx<T>(fn: (ctx: ServiceContext) => Promise<T>): Promise<T>;
  /** A copy with another actor (e.g. system work started by a user action). */
  as(actor: Actor): ServiceContext;
}

export interface ServiceDeps {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function createServiceContext(
  deps: ServiceDeps,
  actor: Actor,
  lang: Language = "en",
  open?: { db: Db },
): ServiceContext {
  const db = open?.db ?? deps.db;
  const inTransaction = open !== undefined;
  const ctx: ServiceContext = {
    actor,
    db,
    jobs: inTransaction ? deps.jobs.within(db) : deps.jobs,
    clock: deps.clock,
    lang,
    log: deps.log,
    inTransaction,
    tx(fn) {
      if (inTransaction) return fn(ctx);
      return deps.db.transaction((txDb) => fn(createServiceContext(deps, actor, lang, { db: txDb })));
    },
    as(other) {
      return createServiceContext(deps, other, lang, open);
    },
  };
  return ctx;
}

export function systemContext(deps: ServiceDeps, reason: string): ServiceContext {
  return createServiceContext(deps, { kind: "system", reason });
}
