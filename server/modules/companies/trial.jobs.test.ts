import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { DAY_MS, HOUR_MS, TestClock } from "../../core/clock";
import { auditLogs, type Company, companies } from "../../db/schema";
import { runTrialLifecycle } from "./trial.jobs";

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const START = new Date("2026-01-15T00:00:00Z");
const clock = new TestClock(START);
const run = () => runTrialLifecycle(contextFor(t.db, { kind: "system", reason: "test" }, { clock }));
const statusOf = async (c: Company) =>
  (await t.db.select().from(companies).where(eq(companies.id, c.id)))[0]?.contractStatus;

/** A company that started its 30-day FREE trial (and its trial contract) at START. */
async function trialCompany() {
  return (await factories(t.db, START).companyWith("ADMIN")).company;
}

describe("the trial lifecycle", () => {
  it("turns a trial into CHURN 30 days after it started, not before, with an audit entry", async () => {
    clock.set(START);
    const company = await trialCompany();
    clock.set(new Date(START.getTime() + 30 * DAY_MS - HOUR_MS));
    await run();
    expect(await statusOf(company)).toBe("IN_TRIAL");
    clock.set(new Date(START.getTime() + 30 * DAY_MS));
    const result = await run();
    expect(result.churned).toContain(company.id);
    expect(await statusOf(company)).toBe("CHURN");
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.target, `company:${company.id}`));
    expect(audit.map((a) => a.action)).toEqual(["company.trialEnded"]);
    expect((await run()).churned).not.toContain(company.id);
  });

  it("moves a trial with a current or upcoming paid contract to ACTIVE or WAITING_CONTRACT, not CHURN", async () => {
    clock.set(START);
    const f = factories(t.db, START);
    const current = await trialCompany();
    await f.contract(current.id, {
      plan: "STANDARD",
      startsAt: new Date(START.getTime() + 10 * DAY_MS),
      endsAt: new Date(START.getTime() + 400 * DAY_MS),
    });
    const upcoming = await trialCompany();
    await f.contract(upcoming.id, {
      plan: "PREMIUM",
      startsAt: new Date(START.getTime() + 45 * DAY_MS),
      endsAt: new Date(START.getTime() + 400 * DAY_MS),
    });
    const lapsed = await trialCompany();
    await f.contract(lapsed.id, {
      plan: "STANDARD",
      startsAt: new Date(START.getTime() - 400 * DAY_MS),
      endsAt: new Date(START.getTime() + 5 * DAY_MS),
    });
    clock.set(new Date(START.getTime() + 31 * DAY_MS));
    await run();
    expect(await statusOf(current)).toBe("ACTIVE");
    expect(await statusOf(upcoming)).toBe("WAITING_CONTRACT");
    expect(await statusOf(lapsed)).toBe("CHURN");
  });

  it("waits for a FREE contract the provider extended past the 30 days", async () => {
    clock.set(START);
    const company = await trialCompany();
    await factories(t.db, START).contract(company.id, {
      plan: "FREE",
      startsAt: new Date(START.getTime() + 30 * DAY_MS),
      endsAt: new Date(START.getTime() + 44 * DAY_MS),
    });
    clock.set(new Date(START.getTime() + 40 * DAY_MS));
    await run();
    expect(await statusOf(company)).toBe("IN_TRIAL");
    clock.set(new Date(START.getTime() + 44 * DAY_MS));
    await run();
    expect(await statusOf(company)).toBe("CHURN");
  });

  it("makes an accepted upgrade ACTIVE when its contract starts, and leaves other states alone", async () => {
    clock.set(START);
    const f = factories(t.db, START);
    const waiting = await f.company({ contractStatus: "WAITING_CONTRACT" });
    await f.contract(waiting.id, {
      plan: "PREMIUM",
      startsAt: new Date(START.getTime() + 3 * DAY_MS),
      endsAt: new Date(START.getTime() + 368 * DAY_MS),
    });
    const churned = await f.company({
      contractStatus: "CHURN",
      trialStartedAt: new Date(START.getTime() - 90 * DAY_MS),
    });
    clock.set(new Date(START.getTime() + 2 * DAY_MS));
    await run();
    expect(await statusOf(waiting)).toBe("WAITING_CONTRACT");
    clock.set(new Date(START.getTime() + 3 * DAY_MS));
    await run();
    expect(await statusOf(waiting)).toBe("ACTIVE");
    expect(await statusOf(churned)).toBe("CHURN");
  });

  it("is the system's to run", async () => {
    const user = (await factories(t.db, START).companyWith("ADMIN")).user;
    await expect(runTrialLifecycle(contextFor(t.db, user, { clock }))).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});
