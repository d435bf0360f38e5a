import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor, silentLog } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { AppError } from "../../core/app-error";
import { TestClock } from "../../core/clock";
import { createServiceContext } from "../../core/context";
import { companies } from "../../db/schema";
import { createCompany } from "./companies.service";

let t: TestDatabase;
const clock = new TestClock("2026-07-01T00:00:00Z");

beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const input = { companyName: "Demo Lines", companyTel: "+81 3 0000 0000" };

describe("createCompany", () => {
  it("approves the company at once when the deployment auto-approves (the demo)", async () => {
    const user = await factories(t.db).user();
    const created = await createCompany(contextFor(t.db, user, { clock }), input, { autoApprove: true });
    expect(created.approvalState).toBe("APPROVED");
    const [row] = await t.db.select().from(companies).where(eq(companies.id, created.id));
    expect(row).toMatchObject({
      approvalState: "APPROVED",
      approvedAt: clock.now(),
      trialStartedAt: clock.now(),
    });
  });

  it("answers 'Failed to create company' for an unexpected failure, and logs it", async () => {
    const user = await factories(t.db).user();
    const logged: unknown[] = [];
    const broken = {
      ...t.db,
      transaction: async () => {
        throw new Error("connection reset");
      },
    };
    const ctx = createServiceContext(
      {
        db: broken as never,
        jobs: undefined as never,
        clock,
        log: { ...(silentLog as object), error: (...args: unknown[]) => logged.push(args) } as never,
      },
      {
        kind: "user",
        userId: user.id,
        sessionId: "s",
        email: user.email,
        companyId: null,
        role: null,
        emailVerified: true,
        mfaSatisfied: true,
      },
    );
    const error = await createCompany(ctx, input, { autoApprove: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("COMPANY_CREATION_FAILED");
    expect(logged).toHaveLength(1);
  });

  it("needs the second factor where it is on", async () => {
    const user = await factories(t.db).user();
    const ctx = contextFor(t.db, { ...userActorOf(user), mfaSatisfied: false }, { clock });
    await expect(createCompany(ctx, input, { autoApprove: false })).rejects.toMatchObject({
      code: "MFA_REQUIRED",
    });
  });
});

function userActorOf(user: { id: string; email: string }) {
  return {
    kind: "user" as const,
    userId: user.id,
    sessionId: "s",
    email: user.email,
    companyId: null,
    role: null,
    emailVerified: true,
    mfaSatisfied: true,
  };
}
