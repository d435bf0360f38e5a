import { describe, expect, it } from "vitest";
import type { Company, Session, User } from "../db/schema";
import type { RequestSnapshot } from "./request-cache";
import { SESSION_CACHE_TTL_MS, SessionCache, type StandingFence } from "./session-cache";

// The cache's own rules, without a database: what it keeps, when it may answer, what drops what.
// The announcements themselves are tested end to end in modules/auth/session-cache.test.ts.

function snapshot(sessionId: string, userId: string, companyId: string | null): RequestSnapshot {
  return {
    session: { id: sessionId, userId } as Session,
    user: { id: userId, companyId } as User,
    company: companyId ? ({ id: companyId } as Company) : null,
    contracts: [],
  };
}

class FakeFence implements StandingFence {
  connected = true;
  /** Runs while the fence is "in flight": what the process hears meanwhile. */
  during: (() => void) | null = null;
  answer = true;
  async fence(): Promise<boolean> {
    this.during?.();
    return this.answer;
  }
}

function setup() {
  let now = 0;
  const cache = new SessionCache(() => now);
  const fence = new FakeFence();
  cache.attachFence(fence);
  return { cache, fence, advance: (ms: number) => (now += ms) };
}

describe("the session cache", () => {
  it("answers a kept session once the fence passes", async () => {
    const { cache } = setup();
    cache.remember(snapshot("s1", "u1", "c1"), cache.mark());
    expect((await cache.get("s1"))?.user.id).toBe("u1");
  });

  it("does not keep a session read while a change was heard (the read may predate it)", async () => {
    const { cache } = setup();
    const mark = cache.mark();
    cache.onNotify("u:someone-else");
    cache.remember(snapshot("s1", "u1", "c1"), mark);
    expect(await cache.get("s1")).toBeNull();
  });

  it("drops by session, by user and by company, and everything on '*'", async () => {
    const { cache } = setup();
    const keep = (s: string, u: string, c: string | null) => cache.remember(snapshot(s, u, c), cache.mark());
    keep("s1", "u1", "c1");
    keep("s2", "u1", "c1");
    keep("s3", "u2", "c1");
    keep("s4", "u3", "c2");
    cache.onNotify("s:s1");
    expect(await cache.get("s1")).toBeNull();
    expect(await cache.get("s2")).not.toBeNull();
    cache.onNotify("u:u1");
    expect(await cache.get("s2")).toBeNull();
    expect(await cache.get("s3")).not.toBeNull();
    cache.onNotify("c:c1");
    expect(await cache.get("s3")).toBeNull();
    expect(await cache.get("s4")).not.toBeNull();
    cache.onNotify("*");
    expect(await cache.get("s4")).toBeNull();
  });

  it("refuses an entry dropped while its fence was in flight", async () => {
    const { cache, fence } = setup();
    cache.remember(snapshot("s1", "u1", "c1"), cache.mark());
    fence.during = () => cache.onNotify("s:s1");
    expect(await cache.get("s1")).toBeNull();
  });

  it("answers nothing when the fence cannot prove it heard everything, or nobody listens", async () => {
    const { cache, fence } = setup();
    cache.remember(snapshot("s1", "u1", "c1"), cache.mark());
    fence.answer = false;
    expect(await cache.get("s1")).toBeNull();
    fence.answer = true;
    fence.connected = false;
    expect(await cache.get("s1")).toBeNull();
    // Nor keeps anything while not listening.
    cache.remember(snapshot("s2", "u2", "c2"), cache.mark());
    fence.connected = true;
    expect(await cache.get("s2")).toBeNull();
  });

  it("forgets everything when the listener resets", async () => {
    const { cache } = setup();
    const mark = cache.mark();
    cache.remember(snapshot("s1", "u1", "c1"), mark);
    cache.onReset();
    expect(await cache.get("s1")).toBeNull();
    // A read that began before the reset is not kept after it.
    cache.remember(snapshot("s1", "u1", "c1"), mark);
    expect(await cache.get("s1")).toBeNull();
  });

  it("lets an entry expire after its time to live", async () => {
    const { cache, advance } = setup();
    cache.remember(snapshot("s1", "u1", "c1"), cache.mark());
    advance(SESSION_CACHE_TTL_MS - 1);
    expect(await cache.get("s1")).not.toBeNull();
    advance(1);
    expect(await cache.get("s1")).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("keeps memoized values with the entry and drops them with it", async () => {
    const { cache } = setup();
    const kept = cache.remember(snapshot("s1", "u1", "c1"), cache.mark());
    kept.memo.set("viewer.teams:u1", ["t1"]);
    expect((await cache.get("s1"))?.memo.get("viewer.teams:u1")).toEqual(["t1"]);
    cache.onNotify("u:u1");
    cache.remember(snapshot("s1", "u1", "c1"), cache.mark());
    expect((await cache.get("s1"))?.memo.has("viewer.teams:u1")).toBe(false);
  });
});
