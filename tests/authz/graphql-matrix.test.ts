import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { teamGuestUsers } from "../../server/db/schema";
import { createSession } from "../../server/modules/auth/session.internal";
import { type Plan, ROLES, type Role } from "../../shared/enums";
import { authorizeDecision, type CompanyStandingGate } from "../../shared/permissions";
import { factories } from "../factories";
import { type GraphqlAnswer, GraphqlClient } from "../graphql/admin-client";
import { createTestApp, type TestApp } from "../setup/app";
import { GRAPHQL_OPERATIONS, type GraphqlCase } from "./graphql";
import {
  buildWorld,
  churn,
  endTrial,
  makeUnapproved,
  NOW,
  secretsOf,
  snapshotCompany,
  type World,
} from "./world";

// Every Query and Mutation field of the built schema, called over HTTP through /graphql with real
// sessions as each company role, a guest (signed in, no company, a guest of one of the company's
// teams), an anonymous caller, the company's Admin while it is unapproved, after its trial ended and
// after its paid contract ended (churned), and an Admin of another company. The expectations come from the same shared permission
// matrix as the tRPC matrix (tests/authz/matrix.test.ts); a refusal changes and sends nothing.
//
// Speed: refusals change nothing (asserted), so all of them share one world per company standing;
// only a mutation that is allowed gets a fresh world, since it may change what the next call sees.

const AUTHZ_CODES = new Set([
  "PERMISSION_DENIED",
  "UPGRADE_REQUIRED",
  "COMPANY_DELETE_FREE_ONLY",
  "UNAUTHENTICATED",
  "NO_COMPANY",
  "EMAIL_NOT_VERIFIED",
  "MFA_REQUIRED",
  "COMPANY_NOT_APPROVED",
  "TRIAL_ENDED",
  "CONTRACT_ENDED",
]);

type GatedAdmin = "UNAPPROVED_ADMIN" | "ENDED_ADMIN" | "CHURNED_ADMIN";
type ActorName = Role | "GUEST" | "ANONYMOUS" | GatedAdmin | "FOREIGN_ADMIN";
type Standing = "normal" | "unapproved" | "ended" | "churned";

const GATED: Record<GatedAdmin, { plan: Plan; company: CompanyStandingGate; standing: Standing }> = {
  UNAPPROVED_ADMIN: {
    plan: "PREMIUM",
    company: { isApproved: false, canAccessConsole: true, isChurned: false },
    standing: "unapproved",
  },
  ENDED_ADMIN: {
    plan: "FREE",
    company: { isApproved: true, canAccessConsole: false, isChurned: false },
    standing: "ended",
  },
  CHURNED_ADMIN: {
    plan: "FREE",
    company: { isApproved: true, canAccessConsole: true, isChurned: true },
    standing: "churned",
  },
};
const isGated = (name: ActorName): name is GatedAdmin => Object.hasOwn(GATED, name);
const ACTORS: ActorName[] = [
  ...ROLES,
  "GUEST",
  "ANONYMOUS",
  "UNAPPROVED_ADMIN",
  "ENDED_ADMIN",
  "CHURNED_ADMIN",
];
const OPERATIONS = Object.keys(GRAPHQL_OPERATIONS).sort();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(NOW) });
});
afterAll(() => t.close());

/** A world, its guest (a person without a company, guest of team A) and the sessions made in it. */
interface Stage {
  world: World;
  guestUserId: string;
  tokens: Map<ActorName, string>;
}

async function stage(standing: Standing): Promise<Stage> {
  const db = t.database.db;
  const world = await buildWorld(db);
  const guest = await factories(db, NOW).user({
    email: `guest-${randomBytes(4).toString("hex")}@partner.example`,
  });
  await db
    .insert(teamGuestUsers)
    .values({ companyId: world.company.id, teamId: world.teams.A.id, email: guest.email, userId: guest.id });
  if (standing === "unapproved") await makeUnapproved(db, world);
  if (standing === "ended") await endTrial(db, world);
  if (standing === "churned") await churn(db, world);
  return { world, guestUserId: guest.id, tokens: new Map() };
}

const shared = new Map<Standing, Promise<Stage>>();
function sharedStage(standing: Standing): Promise<Stage> {
  let s = shared.get(standing);
  if (!s) {
    s = stage(standing);
    shared.set(standing, s);
  }
  return s;
}

function userIdOf(s: Stage, name: ActorName): string | null {
  if (name === "ANONYMOUS") return null;
  if (name === "GUEST") return s.guestUserId;
  if (name === "FOREIGN_ADMIN") return s.world.foreign.user.id;
  return s.world.roles[isGated(name) ? "ADMIN" : name].id;
}

async function clientOf(s: Stage, name: ActorName): Promise<{ client: GraphqlClient; self: string | null }> {
  const self = userIdOf(s, name);
  if (!self) return { client: new GraphqlClient(t.app), self };
  let token = s.tokens.get(name);
  if (!token) {
    token = (await createSession(t.database.db, t.clock, self)).token;
    s.tokens.set(name, token);
  }
  return { client: new GraphqlClient(t.app, token), self };
}

type Outcome = { ok: true; data: unknown } | { ok: false; code: string };

function outcomeOf(answer: GraphqlAnswer): Outcome {
  if (answer.errors.length === 0) return { ok: true, data: answer.data };
  return { ok: false, code: GraphqlClient.code(answer) ?? `HTTP_${answer.status}` };
}

async function call(s: Stage, c: GraphqlCase, name: ActorName): Promise<Outcome> {
  const { client, self } = await clientOf(s, name);
  return outcomeOf(await client.request(c.query, c.variables?.(s.world, self) ?? {}));
}

/** What the shared matrix says: allowed, or refused (with which code, where the matrix names one). */
function expected(c: GraphqlCase, name: ActorName): { allowed: true } | { allowed: false; code?: string } {
  const { rule } = c;
  if (rule.kind === "public") return { allowed: true };
  if (rule.kind === "developmentOnly") return { allowed: false };
  if (name === "ANONYMOUS") return { allowed: false, code: "UNAUTHENTICATED" };
  if (rule.kind === "signedIn") return { allowed: true };
  // The guest is signed in without a company: company actions are refused (NO_COMPANY).
  if (name === "GUEST") return rule.kind === "withoutCompany" ? { allowed: true } : { allowed: false };
  if (rule.kind === "withoutCompany") return { allowed: false };
  if (name === "FOREIGN_ADMIN")
    throw new Error("the foreign Admin is checked for integrity, not by the matrix");
  const decision = isGated(name)
    ? authorizeDecision({
        role: "ADMIN",
        action: rule.action,
        plan: GATED[name].plan,
        company: GATED[name].company,
      })
    : authorizeDecision({ role: name, plan: "PREMIUM", action: rule.action });
  return decision.ok ? { allowed: true } : { allowed: false, code: decision.code };
}

describe("the operation list", () => {
  it("has a case for every Query and Mutation field of the built schema, and none for a field that is gone", () => {
    const schema = t.app.graphql.schema;
    const fields = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `Query.${f}`),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `Mutation.${f}`),
    ].sort();
    const missing = fields.filter((f) => !OPERATIONS.includes(f));
    const gone = OPERATIONS.filter((f) => !fields.includes(f));
    expect({ missing, gone }, "add the missing cases to tests/authz/graphql.<area>.ts").toEqual({
      missing: [],
      gone: [],
    });
  });
});

describe.each(OPERATIONS)("%s", (operation) => {
  const c = GRAPHQL_OPERATIONS[operation] as GraphqlCase;
  const isMutation = operation.startsWith("Mutation.");

  it.each(ACTORS)("as %s: per the matrix", async (name) => {
    const want = expected(c, name);
    const standing = isGated(name) ? GATED[name].standing : "normal";
    // An allowed mutation may change the world; everything else leaves it as it was (asserted).
    const s = want.allowed && isMutation ? await stage(standing) : await sharedStage(standing);
    const before = await snapshotCompany(t.database.db, s.world.company.id);
    const outcome = await call(s, c, name);
    if (want.allowed) {
      if (!outcome.ok) {
        expect(
          AUTHZ_CODES.has(outcome.code),
          `${operation} as ${name} was refused with ${outcome.code}`,
        ).toBe(false);
        expect(outcome.code, `${operation} as ${name}`).toBe(c.domainRefusal);
      }
      return;
    }
    expect(outcome.ok, `${operation} as ${name} should be refused`).toBe(false);
    if (!outcome.ok) {
      expect(AUTHZ_CODES.has(outcome.code), `${operation} as ${name} was refused with ${outcome.code}`).toBe(
        true,
      );
      if (want.code) expect(outcome.code, `${operation} as ${name}`).toBe(want.code);
    }
    expect(
      await snapshotCompany(t.database.db, s.world.company.id),
      `${operation} as ${name} changed data`,
    ).toBe(before);
  });

  it("as an Admin of another company: nothing of this company is read or changed", async () => {
    const s = isMutation ? await stage("normal") : await sharedStage("normal");
    const before = await snapshotCompany(t.database.db, s.world.company.id);
    const outcome = await call(s, c, "FOREIGN_ADMIN");
    expect(await snapshotCompany(t.database.db, s.world.company.id)).toBe(before);
    if (outcome.ok && c.rule.kind !== "public") {
      const answer = JSON.stringify(outcome.data) ?? "";
      for (const secret of secretsOf(s.world))
        expect(answer, `${operation} leaked ${secret}`).not.toContain(secret);
    }
  });
});

// Named one by one (as in the tRPC matrix), so the gate cannot be emptied by editing the data the
// matrix above derives its expectations from.
describe.each([
  ["UNAPPROVED_ADMIN", "COMPANY_NOT_APPROVED"],
  ["ENDED_ADMIN", "TRIAL_ENDED"],
  ["CHURNED_ADMIN", "CONTRACT_ENDED"],
] as const)("as %s", (name, code) => {
  it.each(["Mutation.createTeam", "Mutation.inviteUsers", "Mutation.updateUserRole", "Mutation.renameTeam"])(
    `%s is refused with ${code}`,
    async (operation) => {
      const s = await sharedStage(GATED[name].standing);
      const outcome = await call(s, GRAPHQL_OPERATIONS[operation] as GraphqlCase, name);
      expect(outcome).toEqual({ ok: false, code });
    },
  );

  it.each(["Query.viewer", "Mutation.updateUser"])("%s still answers", async (operation) => {
    const s = await stage(GATED[name].standing);
    const outcome = await call(s, GRAPHQL_OPERATIONS[operation] as GraphqlCase, name);
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  });
});
