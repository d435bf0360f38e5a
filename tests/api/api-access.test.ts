import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { apiTokens, users } from "../../server/db/schema";
import { createSession } from "../../server/modules/auth/session.internal";
import { ja } from "../../shared/i18n/ja";
import { startTestApp, type TestApp } from "../setup/app";
import { apiCompany, downgradeToFree, issueKey, withdrawApproval } from "./api-fixture";

// Token rules for API customers over real HTTP to /graphql: who gets through with
// `Authorization: Bearer <key>`, and the code and status of every refusal.

const clock = new TestClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const API_KEY_QUERY = "query { apiKey { hint maskedKey lastUsedAt } }";

async function graphql(query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as {
    data: { apiKey?: { hint: string; maskedKey: string; lastUsedAt: string | null } | null } | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
  return { status: res.status, headers: res.headers, body, code: body.errors?.[0]?.extensions.code };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("Bearer authentication on /graphql", () => {
  it("lets a key act as its Admin, without the session's CSRF rule", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    expect(key).toMatch(/^trk_[A-Za-z0-9_-]{43}$/);
    const res = await graphql(API_KEY_QUERY, bearer(key));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.apiKey?.hint).toBe(key.slice(-4));
    // Masked everywhere: the answer never holds the key.
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(res.headers.get("ratelimit-limit")).toBe("600");
  });

  it("acts with the user's current role: an Operator's key reads no API settings", async () => {
    const { admin, operator } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    await t.database.db.update(users).set({ roleId: operator.roleId }).where(eq(users.id, admin.id));
    const res = await graphql(API_KEY_QUERY, bearer(key));
    expect(res.code).toBe("PERMISSION_DENIED");
  });

  it("without a token the request is anonymous and refused by the operation", async () => {
    const res = await graphql(API_KEY_QUERY);
    expect(res.code).toBe("UNAUTHENTICATED");
    expect(res.body.data?.apiKey ?? null).toBeNull();
  });

  it.each([
    ["a wrong key", "Bearer trk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a key of another format", "Bearer abc.def"],
    ["an empty Bearer", "Bearer "],
    ["another scheme", "Basic dXNlcjpwYXNz"],
  ])("refuses %s with 401 API_TOKEN_INVALID", async (_name, authorization) => {
    const res = await graphql(API_KEY_QUERY, { authorization });
    expect(res.status).toBe(401);
    expect(res.code).toBe("API_TOKEN_INVALID");
    expect(res.body.data).toBeNull();
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("says why in the caller's language", async () => {
    const res = await graphql(API_KEY_QUERY, { authorization: "Bearer trk_nope", "accept-language": "ja" });
    expect(res.body.errors?.[0]?.message).toBe(ja.errors.API_TOKEN_INVALID);
  });

  it("refuses a FREE plan company's key with 403 API_REQUIRES_PAID_PLAN", async () => {
    const { company, admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    await downgradeToFree(t.database.db, clock, company.id);
    const res = await graphql(API_KEY_QUERY, bearer(key));
    expect(res.status).toBe(403);
    expect(res.code).toBe("API_REQUIRES_PAID_PLAN");
  });

  it("refuses a key of a company not approved for the API with 403 API_NOT_APPROVED", async () => {
    const { company, admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    await withdrawApproval(t.database.db, company.id);
    const res = await graphql(API_KEY_QUERY, bearer(key));
    expect(res.status).toBe(403);
    expect(res.code).toBe("API_NOT_APPROVED");
  });

  it("after regeneration the old key is refused and the new one works", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const old = await issueKey(t.database.db, clock, admin);
    expect((await graphql(API_KEY_QUERY, bearer(old))).status).toBe(200);
    const next = await issueKey(t.database.db, clock, admin);
    const refused = await graphql(API_KEY_QUERY, bearer(old));
    expect(refused.status).toBe(401);
    expect(refused.code).toBe("API_TOKEN_INVALID");
    const accepted = await graphql(API_KEY_QUERY, bearer(next));
    expect(accepted.status).toBe(200);
    expect(accepted.body.data?.apiKey?.hint).toBe(next.slice(-4));
  });

  it("refuses the key of a user removed from the company", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    await t.database.db.update(users).set({ companyId: null, roleId: null }).where(eq(users.id, admin.id));
    const res = await graphql(API_KEY_QUERY, bearer(key));
    expect(res.status).toBe(401);
    expect(res.code).toBe("API_TOKEN_INVALID");
  });

  it("records use at most once a minute", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    const lastUsed = async () => {
      const [row] = await t.database.db
        .select({ lastUsedAt: apiTokens.lastUsedAt })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, admin.id), isNull(apiTokens.revokedAt)));
      return row?.lastUsedAt?.toISOString() ?? null;
    };
    expect(await lastUsed()).toBeNull();
    await graphql(API_KEY_QUERY, bearer(key));
    const first = await lastUsed();
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await graphql(API_KEY_QUERY, bearer(key));
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await graphql(API_KEY_QUERY, bearer(key));
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });
});

describe("the console session on /graphql", () => {
  it("works with the console's Origin and is refused cross-site (same CSRF rule as tRPC)", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const { token } = await createSession(t.database.db, clock, admin.id);
    const cookie = `session=${token}`;
    const same = await graphql(API_KEY_QUERY, { cookie, origin: t.url });
    expect(same.status).toBe(200);
    expect(same.body.errors).toBeUndefined();
    expect(same.body.data?.apiKey).toBeNull();
    const cross = await graphql(API_KEY_QUERY, { cookie, origin: "https://evil.example" });
    expect(cross.status).toBe(403);
  });
});

describe("GET /graphql/schema.graphql", () => {
  it("publishes the live schema as SDL text", async () => {
    const res = await fetch(`${t.url}/graphql/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const sdl = await res.text();
    expect(sdl).toContain("type Query {");
    expect(sdl).toMatch(/apiKey: ApiKey\b/);
    expect(sdl).toContain("shippingLines: [ShippingLine!]!");
  });
});
