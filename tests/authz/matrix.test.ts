import { TRPCError } from "@trpc/server";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import type { Actor } from "../../server/core/context";
import { createSession } from "../../server/modules/auth/session.internal";
import { createCallerFactory, type TrpcContext } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/router";
import { type Plan, ROLES, type Role } from "../../shared/enums";
import { authorizeDecision, type CompanyStandingGate } from "../../shared/permissions";
import { contextFor, silentLog, userActor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { PROCEDURES, type ProcedureCase } from "./procedures";
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

// Every tRPC procedure, taken from the router itself, called as each company role, a guest, an
// anonymous visitor and an Admin of another company. Roles get exactly what the shared matrix
// says; guests and visitors only what is public; the other company's Admin never reads or
// changes anything of this company. Three more actors are the Admin of the same company while the
// provider has not approved it, after its trial ended, and after its paid contract ended (churned):
// they get only what the console's gate screens and the churned company's read-only console need
// (shared/permissions STANDING_GATES), and a refusal changes and sends nothing.

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

/** The world's own Admin while its company is unapproved, after its trial ended, or churned. */
type GatedAdmin = "UNAPPROVED_ADMIN" | "ENDED_ADMIN" | "CHURNED_ADMIN";
type ActorName = Role | "GUEST" | "ANONYMOUS" | "FOREIGN_ADMIN" | GatedAdmin;
const GATED: Record<GatedAdmin, { plan: Plan; company: CompanyStandingGate }> = {
  UNAPPROVED_ADMIN: {
    plan: "PREMIUM",
    company: { isApproved: false, canAccessConsole: true, isChurned: false },
  },
  ENDED_ADMIN: { plan: "FREE", company: { isApproved: true, canAccessConsole: false, isChurned: false } },
  CHURNED_ADMIN: { plan: "FREE", company: { isApproved: true, canAccessConsole: true, isChurned: true } },
};
const isGated = (name: ActorName): name is GatedAdmin => Object.hasOwn(GATED, name);
const ACTORS: ActorName[] = [
  ...ROLES,
  "GUEST",
  "ANONYMOUS",
  "FOREIGN_ADMIN",
  "UNAPPROVED_ADMIN",
  "ENDED_ADMIN",
  "CHURNED_ADMIN",
];
const config = loadConfig({ NODE_ENV: "test" });
const createCaller = createCallerFactory(appRouter);
const procedurePaths = Object.keys(appRouter._def.procedures).sort();

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

/** A real session for signed-in actors: services may look it up (the viewer shows its MFA state). */
async function actorFor(world: World, name: ActorName): Promise<{ actor: Actor; self: string | null }> {
  if (name === "GUEST") {
    return { actor: { kind: "guest", userId: null, email: world.guest.email, shareToken: null }, self: null };
  }
  if (name === "ANONYMOUS") return { actor: { kind: "anonymous" }, self: null };
  if (name === "UNAPPROVED_ADMIN") await makeUnapproved(t.db, world);
  if (name === "ENDED_ADMIN") await endTrial(t.db, world);
  if (name === "CHURNED_ADMIN") await churn(t.db, world);
  const user = name === "FOREIGN_ADMIN" ? world.foreign.user : world.roles[isGated(name) ? "ADMIN" : name];
  const { session } = await createSession(t.db, new TestClock(NOW), user.id);
  return { actor: userActor(user, { sessionId: session.id }), self: user.id };
}

type Outcome = { ok: true; data: unknown } | { ok: false; code: string };

/** Calls as `name`; for a gated Admin also the company as it was just before the call. */
async function callWatching(path: string, c: ProcedureCase, world: World, name: ActorName) {
  const resolved = await actorFor(world, name);
  const before = isGated(name) ? await snapshotCompany(t.db, world.company.id) : null;
  return { outcome: await callAs(path, c, world, resolved), before };
}

async function call(path: string, c: ProcedureCase, world: World, name: ActorName): Promise<Outcome> {
  return callAs(path, c, world, await actorFor(world, name));
}

async function callAs(
  path: string,
  c: ProcedureCase,
  world: World,
  { actor, self }: { actor: Actor; self: string | null },
): Promise<Outcome> {
  const ctx: TrpcContext = {
    service: contextFor(t.db, actor, { clock: new TestClock(NOW) }),
    req: { log: silentLog, id: "matrix" } as unknown as FastifyRequest,
    config,
  };
  const procedure = path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller(ctx));
  try {
    return {
      ok: true,
      data: await (procedure as (input: unknown) => Promise<unknown>)(c.input?.(world, self)),
    };
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    const appCode = (err.cause as { code?: string } | undefined)?.code;
    return { ok: false, code: appCode ?? err.code };
  }
}

/** What the matrix says a company role gets: allowed, or refused with which code. */
function expected(c: ProcedureCase, name: ActorName): { allowed: true } | { allowed: false; code?: string } {
  const { rule } = c;
  if (rule.kind === "public") return { allowed: true };
  if (rule.kind === "developmentOnly") return { allowed: false, code: "NOT_FOUND" };
  if (name === "GUEST" || name === "ANONYMOUS") return { allowed: false, code: "UNAUTHENTICATED" };
  if (rule.kind === "signedIn") return { allowed: true };
  if (rule.kind === "withoutCompany") return { allowed: false };
  if (name === "FOREIGN_ADMIN")
    throw new Error("the foreign Admin is checked for integrity, not by the matrix");
  const decision = isGated(name)
    ? authorizeDecision({ role: "ADMIN", action: rule.action, ...GATED[name] })
    : authorizeDecision({ role: name, plan: "PREMIUM", action: rule.action });
  return decision.ok ? { allowed: true } : { allowed: false, code: decision.code };
}

describe("the procedure list", () => {
  it("has a rule for every procedure of the router, and no rule for a procedure that is gone", () => {
    expect(Object.keys(PROCEDURES).sort()).toEqual(procedurePaths);
  });
});

describe.each(procedurePaths)("%s", (path) => {
  const c = PROCEDURES[path];

  it.each(ACTORS.filter((a) => a !== "FOREIGN_ADMIN"))("as %s: per the matrix", async (name) => {
    if (!c) throw new Error(`no rule for ${path}: add it to tests/authz/procedures.ts`);
    const world = await buildWorld(t.db);
    const { outcome, before } = await callWatching(path, c, world, name);
    const want = expected(c, name);
    if (want.allowed) {
      if (!outcome.ok) {
        expect(AUTHZ_CODES.has(outcome.code), `${path} as ${name} was refused with ${outcome.code}`).toBe(
          false,
        );
        expect(outcome.code, `${path} as ${name}`).toBe(c.domainRefusal);
      }
    } else {
      expect(outcome.ok, `${path} as ${name} should be refused`).toBe(false);
      if (!outcome.ok && want.code) expect(outcome.code).toBe(want.code);
    }
    // The review saw refused-in-the-console calls create teams and send invitation e-mails.
    if (before !== null && !outcome.ok) {
      expect(await snapshotCompany(t.db, world.company.id), `${path} as ${name} changed data`).toBe(before);
    }
  });

  it("as an Admin of another company: nothing of this company is read or changed", async () => {
    if (!c) throw new Error(`no rule for ${path}`);
    const world = await buildWorld(t.db);
    const before = await snapshotCompany(t.db, world.company.id);
    const outcome = await call(path, c, world, "FOREIGN_ADMIN");
    expect(await snapshotCompany(t.db, world.company.id)).toBe(before);
    if (outcome.ok && c.rule.kind !== "public") {
      const answer = JSON.stringify(outcome.data) ?? "";
      for (const secret of secretsOf(world)) expect(answer, `${path} leaked ${secret}`).not.toContain(secret);
    }
  });
});

// What the review did with a PENDING company and an ended trial, named one by one, so the rule
// cannot be emptied by editing the data the matrix above derives its expectations from.
describe.each([
  ["UNAPPROVED_ADMIN", "COMPANY_NOT_APPROVED"],
  ["ENDED_ADMIN", "TRIAL_ENDED"],
] as const)("as %s", (name, code) => {
  it.each([
    "teams.create",
    "companies.updateInvitationDomains",
    "invitations.invite",
    "invitations.resend",
    "carriers.infer",
    "shipments.create",
    "shipments.list",
    "members.updateRole",
    "notifications.updateSettings",
  ])(`%s is refused with ${code}`, async (path) => {
    const c = PROCEDURES[path];
    if (!c) throw new Error(`no rule for ${path}`);
    const world = await buildWorld(t.db);
    const { outcome } = await callWatching(path, c, world, name);
    expect(outcome).toEqual({ ok: false, code });
  });

  it.each(["account.viewer", "account.update", "teams.switcher", "companies.settings", "members.list"])(
    "%s still answers",
    async (path) => {
      const c = PROCEDURES[path];
      if (!c) throw new Error(`no rule for ${path}`);
      const world = await buildWorld(t.db);
      const { outcome } = await callWatching(path, c, world, name);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    },
  );
});

// The churned company's read-only console (docs/decisions/0012-churned-console.md), named one by
// one: it reads its shipments and may choose a plan, but adds, changes and refreshes nothing.
describe("as CHURNED_ADMIN", () => {
  it.each([
    "shipments.create",
    "shipments.update",
    "tracking.refresh",
    "shipments.subscribe",
    "shipments.createComment",
    "carriers.infer",
    "teams.create",
    "invitations.invite",
    "companies.updateSettings",
  ])("%s is refused with CONTRACT_ENDED", async (path) => {
    const c = PROCEDURES[path];
    if (!c) throw new Error(`no rule for ${path}`);
    const world = await buildWorld(t.db);
    const { outcome } = await callWatching(path, c, world, "CHURNED_ADMIN");
    expect(outcome).toEqual({ ok: false, code: "CONTRACT_ENDED" });
  });

  it.each([
    "account.viewer",
    "shipments.list",
    "shipments.get",
    "shipments.createFavorite",
    "companies.settings",
    "members.list",
    "notifications.updateSettings",
    "plans.overview",
    "plans.upgradeDefaults",
  ])("%s still answers", async (path) => {
    const c = PROCEDURES[path];
    if (!c) throw new Error(`no rule for ${path}`);
    const world = await buildWorld(t.db);
    const { outcome } = await callWatching(path, c, world, "CHURNED_ADMIN");
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  });

  it("sees its shipment with nothing to change, refresh or subscribe to", async () => {
    const world = await buildWorld(t.db);
    const c = PROCEDURES["shipments.get"];
    if (!c) throw new Error("no rule for shipments.get");
    const { outcome } = await callWatching("shipments.get", c, world, "CHURNED_ADMIN");
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect((outcome.data as { id: string; viewerCan: unknown }).viewerCan).toEqual({
      edit: false,
      archive: false,
      delete: false,
      comment: false,
      refresh: false,
      subscribe: false,
      moveTeam: false,
      editCustomFields: false,
    });
  });
});

describe("the ways out of a gate screen", () => {
  it("an unapproved company's Admin cancels the trial", async () => {
    const world = await buildWorld(t.db);
    const c = PROCEDURES["companies.cancelTrial"];
    if (!c) throw new Error("no rule for companies.cancelTrial");
    const { outcome } = await callWatching("companies.cancelTrial", c, world, "UNAPPROVED_ADMIN");
    expect(outcome.ok).toBe(true);
  });

  it.each(["plans.overview", "plans.upgradeDefaults", "plans.submitUpgradeRequest"])(
    "an ended trial's Admin still reaches %s (spec 02 §2: plan cards for a churned company)",
    async (path) => {
      const c = PROCEDURES[path];
      if (!c) throw new Error(`no rule for ${path}`);
      const world = await buildWorld(t.db);
      const { outcome } = await callWatching(path, c, world, "ENDED_ADMIN");
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    },
  );
});
