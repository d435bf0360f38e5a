import { and, eq, ne, sql } from "drizzle-orm";
import { CONTRACT_PERIODS, type ContractPeriod, PLANS, type Plan } from "../../../shared/enums";
import type { StandingContract } from "../../core/request-cache";
import type { Db } from "../../db/client";
import {
  type Company,
  companies,
  contracts,
  type NewSession,
  type Session,
  sessions,
  type User,
  users,
} from "../../db/schema";

export async function insertSession(db: Db, row: NewSession) {
  await db.insert(sessions).values(row);
}

/** What one request needs to know about who is calling, read in a single statement. */
export interface SessionLookup {
  session: Session;
  user: User;
  company: Company | null;
  /** The terms of every contract of the user's company, for the standing (plan, limits, trial). */
  contracts: readonly StandingContract[];
}

interface ContractTermsJson {
  id: string;
  contractPeriod: string | null;
  plan: string;
  startsAt: string;
  endsAt: string;
  maxTrackings: number;
  maxMembers: number;
}

// A company has a handful of contracts; they ride along as JSON so validating the session also
// answers authorization's plan gate and the viewer without further round trips (server/core/request-cache.ts).
const contractTermsJson = sql<ContractTermsJson[] | string>`coalesce((
  select json_agg(json_build_object(
    'id', c.id, 'contractPeriod', c.contract_period, 'plan', c.plan, 'startsAt', c.starts_at, 'endsAt', c.ends_at,
    'maxTrackings', c.max_trackings, 'maxMembers', c.max_members))
  from ${contracts} c where c.company_id = ${users.companyId}), '[]'::json)`;

function toContractTerms(raw: ContractTermsJson[] | string): StandingContract[] {
  const rows: ContractTermsJson[] = typeof raw === "string" ? JSON.parse(raw) : raw;
  return rows.map((c) => {
    if (!PLANS.includes(c.plan as Plan)) throw new Error(`unknown plan in contracts: ${c.plan}`);
    const period = c.contractPeriod;
    if (period !== null && !CONTRACT_PERIODS.includes(period as ContractPeriod))
      throw new Error(`unknown contract period in contracts: ${period}`);
    return {
      id: c.id,
      contractPeriod: period as ContractPeriod | null,
      plan: c.plan as Plan,
      startsAt: new Date(c.startsAt),
      endsAt: new Date(c.endsAt),
      maxTrackings: c.maxTrackings,
      maxMembers: c.maxMembers,
    };
  });
}

function sessionLookupQuery(db: Db) {
  return db
    .select({ session: sessions, user: users, company: companies, contracts: contractTermsJson })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("session_lookup");
}

// Every authenticated request runs this statement, so its SQL is built once per database handle.
const preparedLookups = new WeakMap<Db, ReturnType<typeof sessionLookupQuery>>();

/** The session with its user, the user's company and that company's contract terms: one statement. */
export async function findSessionWithUser(db: Db, id: string): Promise<SessionLookup | null> {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = sessionLookupQuery(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id });
  if (!row) return null;
  return {
    session: row.session,
    user: row.user,
    company: row.company,
    contracts: toContractTerms(row.contracts),
  };
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.update(sessions).set({ lastVerifiedAt: at }).where(eq(sessions.id, id));
}

export async function markSessionMfaVerified(db: Db, id: string) {
  await db.update(sessions).set({ isMultiFactorVerified: true }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** All of a user's sessions, or all but one (a password change keeps the session that made it). */
export async function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}
