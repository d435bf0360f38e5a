// @vitest-environment node
import { describe, expect, it } from "vitest";
import { LOCAL_STORAGE_KEYS } from "../../../shared/constants";
import { type BrowserState, clearCacheAndReload } from "./clear-cache";

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    clear: () => map.clear(),
  };
}

describe("clear cache and retry", () => {
  it("clears both storages and the Cache API but keeps the language, then reloads", async () => {
    const local = memoryStorage({
      [LOCAL_STORAGE_KEYS.language]: "ja",
      selectedTeamId: "t1",
      newsReadSlugs: "[]",
    });
    const session = memoryStorage({ continueUrl: "/x" });
    const cacheNames = new Set(["assets-v1", "api"]);
    let reloaded = 0;
    const browser: BrowserState = {
      localStorage: local,
      sessionStorage: session,
      caches: {
        keys: async () => [...cacheNames],
        delete: async (name: string) => cacheNames.delete(name),
      },
      reload: () => {
        reloaded++;
      },
    };
    await clearCacheAndReload(browser);
    expect([...local.map]).toEqual([[LOCAL_STORAGE_KEYS.language, "ja"]]);
    expect(session.map.size).toBe(0);
    expect(cacheNames.size).toBe(0);
    expect(reloaded).toBe(1);
  });

  it("works without the Cache API and without a stored language", async () => {
    const local = memoryStorage({ selectedTeamId: "t1" });
    let reloaded = false;
    await clearCacheAndReload({
      localStorage: local,
      sessionStorage: memoryStorage({}),
      reload: () => (reloaded = true),
    });
    expect(local.map.size).toBe(0);
    expect(reloaded).toBe(true);
  });
});
