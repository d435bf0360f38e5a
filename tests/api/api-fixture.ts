import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { type Clock, TestClock } from "../../server/core/clock";
import type { Db } from "../../server/db/client";
import { type Company, companies, contracts, type Team, type User } from "../../server/db/schema";
import { generateApiKey } from "../../server/modules/api/api-tokens.service";
import type { Plan } from "../../shared/enums";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { contextFor } from "../setup/context";

// A company that may use the API (paid plan, approved by the provider) with its Admin, and the
// ways to take either away, for the API access tests.

export interface ApiCompany {
  company: Company;
  team: Team;
  admin: User;
  operator: User;
}

export async function apiCompany(db: Db, clock: Clock, plan: Plan = "PREMIUM"): Promise<ApiCompany> {
  const now = clock.now();
  const f = factories(db, now);
  const company = await f.company({ isApiEnabled: true });
  await f.contract(company.id, {
    plan,
    startsAt: new Date(now.getTime() - 86_400_000),
    endsAt: new Date(now.getTime() + 365 * 86_400_000),
    maxMembers: 20,
    maxTrackings: 500,
  });
  const team = await f.team(company.id);
  const admin = await f.user({ companyId: company.id, role: "ADMIN" });
  const operator = await f.user({ companyId: company.id, role: "OPERATOR" });
  await f.teamMember(team, admin);
  await f.teamMember(team, operator);
  return { company, team, admin, operator };
}

/** Issues a key as `user` through the service the settings page calls; answers the whole key. */
export async function issueKey(db: Db, clock: Clock, user: User): Promise<string> {
  return (await generateApiKey(contextFor(db, user, { clock }))).token;
}

/** The provider withdraws API approval. */
export async function withdrawApproval(db: Db, companyId: string) {
  await db.update(companies).set({ isApiEnabled: false }).where(eq(companies.id, companyId));
}

/** The company is back on the FREE plan (its paid contract replaced by a current FREE one). */
export async function downgradeToFree(db: Db, clock: Clock, companyId: string) {
  const now = clock.now();
  await db.delete(contracts).where(eq(contracts.companyId, companyId));
  await factories(db, now).contract(companyId, {
    plan: "FREE",
    startsAt: new Date(now.getTime() - 86_400_000),
    endsAt: new Date(now.getTime() + 20 * 86_400_000),
  });
}

/**
 * The app on loopback with an API company's Admin key, for one file's tests: started before them,
 * closed after them. The fields are set once the file's beforeAll has run.
 */
export function appWithApiKey(): { app: TestApp; key: string } {
  const clock = new TestClock(new Date());
  const world = {} as { app: TestApp; key: string };
  beforeAll(async () => {
    world.app = await startTestApp({ clock });
    const { admin } = await apiCompany(world.app.database.db, clock);
    world.key = await issueKey(world.app.database.db, clock, admin);
  });
  afterAll(() => world.app.close());
  return world;
}
