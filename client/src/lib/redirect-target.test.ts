// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "./memory-storage";
import {
  DEFAULT_TARGET,
  RETURN_TARGET_KEY,
  rememberReturnTarget,
  sameOriginTarget,
  takeReturnTarget,
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
