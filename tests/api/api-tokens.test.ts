import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { apiTokens, auditLogs } from "../../server/db/schema";
import { authenticateApiToken } from "../../server/modules/api/api-auth.service";
import {
  generateApiKey,
  getApiKey,
  getApiKeyStatus,
  revokeApiKey,
} from "../../server/modules/api/api-tokens.service";
import { deleteAccount } from "../../server/modules/auth/account.service";
import { verifyMfa } from "../../server/modules/auth/mfa/mfa.service";
import { changePassword } from "../../server/modules/auth/password/password.service";
import { endCurrentSession } from "../../server/modules/auth/signin/signin.service";
import { hashToken } from "../../server/modules/auth/tokens";
import { contextFor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { apiCompany, withdrawApproval } from "./api-fixture";

// The API key rules of the settings page, called as the service functions the surfaces share.

const clock = new TestClock("2026-03-01T00:00:00Z");
let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const activeKeys = (userId: string) =>
  t.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));

describe("generate and show", () => {
  it("issues the key once, stores only its hash, and shows it masked afterwards", async () => {
    const { admin } = await apiCompany(t.db, clock);
    const ctx = contextFor(t.db, admin, { clock });
    expect(await getApiKeyStatus(ctx, { rateLimitPerMinute: 600 })).toEqual({
      hasKey: false,
      rateLimitPerMinute: 600,
    });
    expect(await getApiKey(ctx)).toBeNull();
    const issued = await generateApiKey(ctx);
    const [row] = await activeKeys(admin.id);
    expect(row?.tokenHash).toBe(hashToken(issued.token));
    expect(row?.hint).toBe(issued.token.slice(-4));
    const shown = await getApiKey(ctx);
    expect(shown).toEqual({
      maskedKey: `trk_${"•".repeat(12)}${issued.token.slice(-4)}`,
      hint: issued.token.slice(-4),
      createdAt: clock.now().toISOString(),
      lastUsedAt: null,
    });
    expect(JSON.stringify(shown)).not.toContain(issued.token);
    expect(JSON.stringify(shown)).not.toContain(row?.tokenHash);
    expect(await getApiKeyStatus(ctx, { rateLimitPerMinute: 600 })).toEqual({
      hasKey: true,
      rateLimitPerMinute: 600,
    });
  });

  it("refuses a FREE company with the spec's upgrade message", async () => {
    const { admin } = await apiCompany(t.db, clock, "FREE");
    await expect(generateApiKey(contextFor(t.db, admin, { clock }))).rejects.toMatchObject({
      code: "UPGRADE_REQUIRED",
    });
    expect(await activeKeys(admin.id)).toHaveLength(0);
  });

  it("refuses a paid company the provider has not approved for the API", async () => {
    const { company, admin } = await apiCompany(t.db, clock, "STANDARD");
    await withdrawApproval(t.db, company.id);
    await expect(generateApiKey(contextFor(t.db, admin, { clock }))).rejects.toMatchObject({
      code: "API_NOT_APPROVED",
    });
    expect(await activeKeys(admin.id)).toHaveLength(0);
  });

  it("is the Admin's: an Operator may neither generate nor see a key", async () => {
    const { operator } = await apiCompany(t.db, clock);
    const ctx = contextFor(t.db, operator, { clock });
    await expect(generateApiKey(ctx)).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(getApiKey(ctx)).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });
});

describe("regenerate and revoke", () => {
  it("parallel regenerations leave exactly one working key", async () => {
    const { admin } = await apiCompany(t.db, clock);
    await generateApiKey(contextFor(t.db, admin, { clock }));
    const issued = await Promise.all(
      Array.from({ length: 6 }, () => generateApiKey(contextFor(t.db, admin, { clock }))),
    );
    const active = await activeKeys(admin.id);
    expect(active).toHaveLength(1);
    const working = issued.filter((k) => hashToken(k.token) === active[0]?.tokenHash);
    expect(working).toHaveLength(1);
    const results = await Promise.allSettled(issued.map((k) => authenticateApiToken(t.db, clock, k.token)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.actor, `user:${admin.id}`));
    expect(audit.filter((a) => a.action === "apiToken.regenerated")).toHaveLength(6);
  });

  it("revoking stops the key, also after a downgrade", async () => {
    const { admin } = await apiCompany(t.db, clock);
    const ctx = contextFor(t.db, admin, { clock });
    const { token } = await generateApiKey(ctx);
    await authenticateApiToken(t.db, clock, token);
    expect(await revokeApiKey(ctx)).toEqual({ hasKey: false });
    await expect(authenticateApiToken(t.db, clock, token)).rejects.toMatchObject({
      code: "API_TOKEN_INVALID",
    });
    expect(await getApiKey(ctx)).toBeNull();
  });
});

describe("an API token is not a session", () => {
  it("refuses sign-out, password change, MFA and account deletion", async () => {
    const { admin } = await apiCompany(t.db, clock);
    const { token } = await generateApiKey(contextFor(t.db, admin, { clock }));
    const actor = await authenticateApiToken(t.db, clock, token);
    const ctx = contextFor(t.db, actor, { clock });
    await expect(endCurrentSession(ctx)).rejects.toMatchObject({ code: "SESSION_REQUIRED" });
    await expect(
      changePassword(ctx, { currentPassword: "Whatever-123", newPassword: "Another-Passw0rd" }),
    ).rejects.toMatchObject({ code: "SESSION_REQUIRED" });
    await expect(verifyMfa(ctx, { totpCode: "123456" })).rejects.toMatchObject({ code: "SESSION_REQUIRED" });
    await expect(deleteAccount(ctx, { confirm: true })).rejects.toMatchObject({ code: "SESSION_REQUIRED" });
    // It still acts as the member for company work.
    expect(await getApiKey(ctx)).not.toBeNull();
  });
});
