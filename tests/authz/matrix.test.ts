import { TRPCError } from "@trpc/server";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import type { Actor } from "../../server/core/context";
import { createSession } from "../../server/modules/auth/session.service";
import { createCallerFactory, type TrpcContext } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/router";
import { ROLES, type Role } from "../../shared/enums";
import { authorizeDecision } from "../../shared/permissions";
import { contextFor, silentLog, userActor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { PROCEDURES, type ProcedureCase } from "./procedures";
import { buildWorld, NOW, secretsOf, snapshotCompany, type World } from "./world";

// Every tRPC procedure, taken from the router itself, called as each company role, a guest, an
// anonymous visitor and an Admin of another company. Roles get exactly what the shared matrix
// says; guests and visitors only what is public; the other company's Admin never reads or
// changes anything of this company.

const AUTHZ_CODES = new Set([
  "PERMISSION_DENIED",
  "UPGRADE_REQUIRED",
  "COMPANY_DELETE_FREE_ONLY",
  "UNAUTHENTICATED",
  "NO_COMPANY",
  "EMAIL_NOT_VERIFIED",
  "MFA_REQUIRED",
]);

type ActorName = Role | "GUEST" | "ANONYMOUS" | "FOREIGN_ADMIN";
const ACTORS: ActorName[] = [...ROLES, "GUEST", "ANONYMOUS", "FOREIGN_ADMIN"];
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
  const user = name === "FOREIGN_ADMIN" ? world.foreign.user : world.roles[name];
  const { session } = await createSession(t.db, new TestClock(NOW), user.id);
  return { actor: userActor(user, { sessionId: session.id }), self: user.id };
}

type Outcome = { ok: true; data: unknown } | { ok: false; code: string };

async function call(path: string, c: ProcedureCase, world: World, name: ActorName): Promise<Outcome> {
  const { actor, self } = await actorFor(world, name);
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
  const decision = authorizeDecision({ role: name, plan: "PREMIUM", action: rule.action });
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
    const outcome = await call(path, c, world, name);
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
