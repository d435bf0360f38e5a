import { eq } from "drizzle-orm";
import type { ContractPeriod } from "../../shared/enums";
import { type ContractTerms, effectiveStanding, type Standing } from "../../shared/plan-standing";
import { type Company, companies, type Session, type User } from "../db/schema";
import type { Actor, ServiceContext } from "./context";
import { loadStanding } from "./standing";

// Per-request lookups. Validating the session cookie already reads the user,
// their company and its contract terms in one statement; a read-only request reuses those rows for
// authorization's plan gate, the actor's company and the viewer instead of reading them again.
//
// The snapshot belongs to the request's actor object, so it lives exactly as long as the request
// and a context for another actor (ctx.as) never sees it. It is only consulted outside
// transactions: a transaction reads under its own locks, where a value read earlier would be stale
// by design (check-then-act). Only read-only requests get one (see actorFromRequest), so a request
// never reads back a row it changed from before the change.

/** A contract as the standing judges it and every member may read its summary (the viewer's company). */
export type StandingContract = ContractTerms & { id: string; contractPeriod: ContractPeriod | null };

export interface RequestSnapshot {
  user: User;
  session: Session;
  company: Company | null;
  contracts: readonly StandingContract[];
  /**
   * Values derived from these rows and kept as long as they are (a cached session's, see
   * core/session-cache): dropped with them whenever the database announces a change.
   */
  memo?: Map<string, unknown>;
}

const snapshots = new WeakMap<Actor, RequestSnapshot>();

/** Attaches the rows read while authenticating to the request's actor. */
export function rememberRequestSnapshot(actor: Actor, snapshot: RequestSnapshot): void {
  snapshots.set(actor, snapshot);
}

/** The rows read at authentication for this context's actor, when they may be reused here. */
export function requestSnapshot(ctx: ServiceContext): RequestSnapshot | null {
  if (ctx.inTransaction) return null;
  return snapshots.get(ctx.actor) ?? null;
}

/** The company's standing (plan, limits, trial), from the request's snapshot when it holds it. */
export async function companyStanding(
  ctx: ServiceContext,
  companyId: string,
): Promise<Standing<StandingContract>> {
  const snapshot = requestSnapshot(ctx);
  if (snapshot?.company?.id === companyId) return effectiveStanding(snapshot.contracts, ctx.clock.now());
  return loadStanding(ctx.db, companyId, ctx.clock.now());
}

/** The company row, from the request's snapshot when it holds it; null when there is none. */
export async function companyRow(ctx: ServiceContext, companyId: string): Promise<Company | null> {
  const snapshot = requestSnapshot(ctx);
  if (snapshot?.company?.id === companyId) return snapshot.company;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

/**
 * `read()` once per snapshot when the request has one (and is outside a transaction), else every
 * time. Only for values whose every input is announced by the session's triggers
 * (drizzle/0026_session_standing_notify.sql), so a cached session never outlives a change to them.
 */
export async function snapshotMemo<T>(ctx: ServiceContext, key: string, read: () => Promise<T>): Promise<T> {
  const memo = requestSnapshot(ctx)?.memo;
  if (!memo) return read();
  if (memo.has(key)) return memo.get(key) as T;
  const value = await read();
  memo.set(key, value);
  return value;
}
