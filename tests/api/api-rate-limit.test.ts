import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { startTestApp, type TestApp } from "../setup/app";
import { apiCompany, issueKey } from "./api-fixture";

// The per-key budget over real HTTP, with real parallel requests at a small limit.

const LIMIT = 5;
const clock = new TestClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { API_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(() => t.close());

function call(key: string) {
  return fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: "query { apiKey { hint } }" }),
  });
}

describe("per-key rate limit", () => {
  it("answers exactly the limit in parallel, then 429 with Retry-After and a GraphQL error", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    const answers = await Promise.all(Array.from({ length: LIMIT + 4 }, () => call(key)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const refused = answers.find((r) => r.status === 429);
    if (!refused) throw new Error("no refusal");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    const body = (await refused.json()) as {
      data: unknown;
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.data).toBeNull();
    expect(body.errors[0]?.extensions.code).toBe("API_RATE_LIMITED");
    expect(body.errors[0]?.message).toContain(`${retryAfter} seconds`);
  });

  it("counts each key on its own, and a new window starts after a minute", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const other = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    const otherKey = await issueKey(t.database.db, clock, other.admin);
    for (let i = 0; i < LIMIT; i++) expect((await call(key)).status).toBe(200);
    expect((await call(key)).status).toBe(429);
    expect((await call(otherKey)).status).toBe(200);
    clock.advance(60_000);
    const fresh = await call(key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
  });
});
