// @vitest-environment node
import { describe, expect, it } from "vitest";
import { memoryStorage } from "./memory-storage";
import {
  clearPendingCompany,
  loadPendingCompany,
  PENDING_COMPANY_KEY,
  PENDING_COMPANY_TTL_MS,
  savePendingCompany,
} from "./pending-company";

const now = Date.UTC(2026, 0, 15);
const entry = { email: "Owner@Example.com", companyName: "Osaka Imports", companyTel: "+81 6 0000 0000" };

describe("pending sign-up company", () => {
  it("is found again for the same e-mail in any letter case", () => {
    const store = memoryStorage();
    savePendingCompany(entry, now, store);
    expect(loadPendingCompany("owner@example.COM", now + 1000, store)).toMatchObject({
      companyName: "Osaka Imports",
      companyTel: "+81 6 0000 0000",
    });
  });

  it("is never used for another account", () => {
    const store = memoryStorage();
    savePendingCompany(entry, now, store);
    expect(loadPendingCompany("someone@example.com", now, store)).toBeNull();
    expect(loadPendingCompany(undefined, now, store)).toBeNull();
    expect(store.getItem(PENDING_COMPANY_KEY)).not.toBeNull();
  });

  it("expires and is then removed", () => {
    const store = memoryStorage();
    savePendingCompany(entry, now, store);
    expect(loadPendingCompany(entry.email, now + PENDING_COMPANY_TTL_MS, store)).not.toBeNull();
    expect(loadPendingCompany(entry.email, now + PENDING_COMPANY_TTL_MS + 1, store)).toBeNull();
    expect(store.getItem(PENDING_COMPANY_KEY)).toBeNull();
  });

  it("ignores damaged entries and can be cleared", () => {
    const store = memoryStorage();
    store.setItem(PENDING_COMPANY_KEY, "{not json");
    expect(loadPendingCompany(entry.email, now, store)).toBeNull();
    store.setItem(PENDING_COMPANY_KEY, JSON.stringify({ email: "owner@example.com", companyName: 3 }));
    expect(loadPendingCompany(entry.email, now, store)).toBeNull();
    savePendingCompany(entry, now, store);
    clearPendingCompany(store);
    expect(loadPendingCompany(entry.email, now, store)).toBeNull();
  });
});
