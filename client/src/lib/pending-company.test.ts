// @vitest-environment node
import { describe, expect, it } from "vitest";
import { pendingCompanyOf } from "./pending-company";

const pending = { companyName: "Osaka Imports", companyTel: "+81 6 0000 0000" };

describe("pending sign-up company", () => {
  it("is the one the server keeps with the account", () => {
    expect(pendingCompanyOf({ pendingCompany: pending, company: null })).toEqual(pending);
  });

  it("is none without a viewer, without one kept, or once the account has a company", () => {
    expect(pendingCompanyOf(undefined)).toBeNull();
    expect(pendingCompanyOf(null)).toBeNull();
    expect(pendingCompanyOf({ pendingCompany: null, company: null })).toBeNull();
    const company = {} as NonNullable<Parameters<typeof pendingCompanyOf>[0]>["company"];
    expect(pendingCompanyOf({ pendingCompany: pending, company })).toBeNull();
  });
});
