import { LOCAL_STORAGE_KEYS } from "../../../shared/constants";

export interface BrowserState {
  localStorage: Pick<Storage, "getItem" | "setItem" | "clear">;
  sessionStorage: Pick<Storage, "clear">;
  caches?: Pick<CacheStorage, "keys" | "delete">;
  reload: () => void;
}

function currentBrowser(): BrowserState {
  return {
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    caches: "caches" in window ? window.caches : undefined,
    reload: () => window.location.reload(),
  };
}

/**
 * The crash screen's 'Clear cache and retry': stale saved display settings or cached assets are
 * the usual cause of a crash that survives a reload. The language is kept so the user can read
 * what comes next.
 */
export async function clearCacheAndReload(browser: BrowserState = currentBrowser()): Promise<void> {
  try {
    const language = browser.localStorage.getItem(LOCAL_STORAGE_KEYS.language);
    browser.localStorage.clear();
    browser.sessionStorage.clear();
    if (language !== null) browser.localStorage.setItem(LOCAL_STORAGE_KEYS.language, language);
    if (browser.caches) {
      const names = await browser.caches.keys();
      await Promise.all(names.map((name) => browser.caches?.delete(name)));
    }
  } catch (error) {
    console.error("Clearing the cache failed; reloading anyway", error);
  }
  browser.reload();
}
