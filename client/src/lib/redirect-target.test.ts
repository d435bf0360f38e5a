// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "./memory-storage";
import {
  DEFAULT_TARGET,
  RETURN_TARGET_KEY,
  rememberReturnTarget,
  rememberSignupReturnTarget,
  SIGNUP_RETURN_TARGET_TTL_MS,
  sameOriginTarget,
  takeReturnTarget,
  takeSignupReturnTarget,
} from "./redirect-target";

const origin = "https://app.tracking.example";

describe("sameOriginTarget", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps a same-origin path with its query and hash", () => {
    expect(sameOriginTarget("/app/console/shipments/42?tab=History#map", origin)).toBe(
      "/app/console/shipments/42?tab=History#map",
    );
    expect(sameOriginTarget(`${origin}/app/console/team`, origin)).toBe("/app/console/team");
  });

  it.each([
    "https://evil.example/app/console",
    "//evil.example/app/console",
    "/\\evil.example/app",
    "\\\\evil.example",
    "https://app.tracking.example.evil.example/",
    "http://app.tracking.example/app/console",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
  ])("refuses and reports %s", (target) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(sameOriginTarget(target, origin)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.stringify(warn.mock.calls[0])).toContain("redirect");
  });

  it("does not send a signed-in user back to an auth page", () => {
    expect(sameOriginTarget("/app/auth/signin", origin)).toBeNull();
  });

  it("treats nothing as nothing", () => {
    expect(sameOriginTarget(null, origin)).toBeNull();
    expect(sameOriginTarget("", origin)).toBeNull();
  });
});

describe("return target", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is used once", () => {
    const store = memoryStorage();
    rememberReturnTarget("/app/console/settings", store);
    expect(takeReturnTarget(origin, store)).toBe("/app/console/settings");
    expect(takeReturnTarget(origin, store)).toBe(DEFAULT_TARGET);
  });

  it("falls back to the console for a foreign target, and reports it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = memoryStorage();
    store.setItem(RETURN_TARGET_KEY, "https://evil.example/phish");
    expect(takeReturnTarget(origin, store)).toBe(DEFAULT_TARGET);
    expect(warn).toHaveBeenCalledOnce();
    expect(store.getItem(RETURN_TARGET_KEY)).toBeNull();
  });

  it("falls back to the console without storage", () => {
    expect(takeReturnTarget(origin, undefined)).toBe(DEFAULT_TARGET);
  });
});

describe("the sign-up return target", () => {
  const now = 1_800_000_000_000;

  it("survives into another tab (localStorage) and is used once", () => {
    const store = memoryStorage();
    rememberSignupReturnTarget("/app/share/abc?x=1", origin, now, store);
    expect(takeSignupReturnTarget(origin, now + 60_000, store)).toBe("/app/share/abc?x=1");
    expect(takeSignupReturnTarget(origin, now + 60_000, store)).toBeNull();
  });

  it("drops a foreign target, an auth page and an old entry", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = memoryStorage();
    rememberSignupReturnTarget("https://evil.example/app/share/abc", origin, now, store);
    expect(takeSignupReturnTarget(origin, now, store)).toBeNull();
    rememberSignupReturnTarget("/app/auth/signin", origin, now, store);
    expect(takeSignupReturnTarget(origin, now, store)).toBeNull();
    rememberSignupReturnTarget("/app/share/abc", origin, now, store);
    expect(takeSignupReturnTarget(origin, now + SIGNUP_RETURN_TARGET_TTL_MS + 1, store)).toBeNull();
  });
});
