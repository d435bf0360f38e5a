import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { users } from "../../db/schema";
import { deleteAccount } from "../auth/account.service";
import { deleteUserFromCompany, updateUserRole } from "./members.service";

// Decision 0051 (the company lock): "at least one Admin" holds when Admins act on each other at the same moment.
// Each call runs its own transaction on its own connection; several companies per test so an
// unlucky interleaving cannot hide a missing lock.

const t = setupDatabase();
const ROUNDS = 4;

async function twoAdmins() {
  const { company, user: first } = await t.f.companyWith("ADMIN");
  const second = await t.f.user({ companyId: company.id, role: "ADMIN" });
  await t.f.user({ companyId: company.id, role: "OPERATOR" });
  return { company, first, second };
}

const adminsOf = (companyId: string) =>
  t.db.$count(users, and(eq(users.companyId, companyId), eq(users.roleId, ROLE_IDS.ADMIN)));

function settledOnce(results: PromiseSettledResult<unknown>[]) {
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  expect(["LAST_ADMIN", "PERMISSION_DENIED", "NOT_FOUND"]).toContain(refused?.reason?.code);
}

describe("the last Admin under concurrency", () => {
  it("two Admins demoting each other at once leave one Admin", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { company, first, second } = await twoAdmins();
      const results = await Promise.allSettled([
        updateUserRole(contextFor(t.db, first), { userId: second.id, input: { roleId: ROLE_IDS.MANAGER } }),
        updateUserRole(contextFor(t.db, second), { userId: first.id, input: { roleId: ROLE_IDS.MANAGER } }),
      ]);
      settledOnce(results);
      expect(await adminsOf(company.id)).toBe(1);
    }
  });

  it("two Admins removing each other at once leave one Admin", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { company, first, second } = await twoAdmins();
      const results = await Promise.allSettled([
        deleteUserFromCompany(contextFor(t.db, first), { userId: second.id }),
        deleteUserFromCompany(contextFor(t.db, second), { userId: first.id }),
      ]);
      settledOnce(results);
      expect(await adminsOf(company.id)).toBe(1);
    }
  });

  it("an Admin demoting the only other Admin while deleting their own account (two tabs) leaves one", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { company, first, second } = await twoAdmins();
      await Promise.allSettled([
        updateUserRole(contextFor(t.db, first), { userId: second.id, input: { roleId: ROLE_IDS.MANAGER } }),
        deleteAccount(contextFor(t.db, first), { confirm: true }),
      ]);
      expect(await adminsOf(company.id)).toBeGreaterThanOrEqual(1);
    }
  });

  it("a demoted Admin's request that was already on its way is refused", async () => {
    const { first, second } = await twoAdmins();
    const staleCtx = contextFor(t.db, second);
    await updateUserRole(contextFor(t.db, first), { userId: second.id, input: { roleId: ROLE_IDS.MANAGER } });
    // `staleCtx` still carries the ADMIN role it was built with, as a request that started earlier.
    await expect(
      updateUserRole(staleCtx, { userId: first.id, input: { roleId: ROLE_IDS.READONLY } }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    const [still] = await t.db.select().from(users).where(eq(users.id, first.id));
    expect(still?.roleId).toBe(ROLE_IDS.ADMIN);
  });
});
