import { describe, expect, it } from "vitest";
import { recordingJobs, silentLog, userActor } from "../../tests/setup/context";
import { setupDatabase } from "../../tests/setup/db";
import type { RequestAuth } from "../modules/auth/authenticate";
import { actorFromRequest } from "../modules/auth/authenticate";
import { TestClock } from "./clock";
import { type Actor, createServiceContext } from "./context";
import { companyRow, companyStanding, rememberRequestSnapshot, requestSnapshot } from "./request-cache";

// The per-request snapshot may answer only the request it was read for, only
// outside transactions (which read under their own locks), and only for read-only requests.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);

const contextFor = (actor: Actor) =>
  createServiceContext({ db: t.db, jobs: recordingJobs(), clock: new TestClock(NOW), log: silentLog }, actor);

/** A member whose request snapshot says the trial ended, while the database says it runs. */
async function memberWithStaleSnapshot() {
  const { company, user } = await t.f.companyWith("ADMIN");
  const actor = userActor(user);
  const ended = {
    id: "00000000-0000-4000-8000-000000000001",
    contractPeriod: null,
    plan: "FREE" as const,
    startsAt: new Date(NOW.getTime() - 40 * 86_400_000),
    endsAt: new Date(NOW.getTime() - 10 * 86_400_000),
    maxTrackings: 0,
    maxMembers: 0,
  };
  const session = {
    id: "s",
    userId: user.id,
    secretHash: Buffer.alloc(32),
    isMultiFactorVerified: false,
    createdAt: NOW,
    lastVerifiedAt: NOW,
    expiresAt: NOW,
    ip: null,
    userAgent: null,
  };
  const snapshot = {
    user,
    session,
    company: { ...company, companyName: "From the snapshot" },
    contracts: [ended],
  };
  return { company, user, actor, snapshot };
}

describe("the request snapshot", () => {
  it("answers the standing and the company for its own actor outside a transaction", async () => {
    const { company, actor, snapshot } = await memberWithStaleSnapshot();
    rememberRequestSnapshot(actor, snapshot);
    const ctx = contextFor(actor);
    expect((await companyStanding(ctx, company.id)).canAccessConsole).toBe(false);
    expect((await companyRow(ctx, company.id))?.companyName).toBe("From the snapshot");
  });

  it("is not used inside a transaction, which reads afresh", async () => {
    const { company, actor, snapshot } = await memberWithStaleSnapshot();
    rememberRequestSnapshot(actor, snapshot);
    await contextFor(actor).tx(async (tx) => {
      expect(requestSnapshot(tx)).toBeNull();
      expect((await companyStanding(tx, company.id)).canAccessConsole).toBe(true);
      expect((await companyRow(tx, company.id))?.companyName).toBe(company.companyName);
    });
  });

  it("is not used for another actor or another company", async () => {
    const { company, actor, snapshot } = await memberWithStaleSnapshot();
    rememberRequestSnapshot(actor, snapshot);
    const other = contextFor(actor).as({ ...actor });
    expect((await companyStanding(other, company.id)).canAccessConsole).toBe(true);
    const elsewhere = await t.f.companyWith("ADMIN");
    const ctx = contextFor(actor);
    expect((await companyRow(ctx, elsewhere.company.id))?.companyName).toBe(elsewhere.company.companyName);
  });

  it("is kept for read-only requests only", async () => {
    const { user, snapshot } = await memberWithStaleSnapshot();
    const auth: RequestAuth = snapshot;
    for (const [method, kept] of [
      ["GET", true],
      ["HEAD", true],
      ["POST", false],
      ["PUT", false],
      ["DELETE", false],
    ] as const) {
      const actor = await actorFromRequest({ method, auth } as never);
      expect(actor).toMatchObject({ kind: "user", userId: user.id });
      expect(requestSnapshot(contextFor(actor)) !== null).toBe(kept);
    }
  });
});
