// @vitest-environment node
import { describe, expect, it } from "vitest";
import { decideGate } from "./gate-decision";
import type { GateViewer, ViewerCompany } from "./viewer";

const company: ViewerCompany = {
  id: "c1",
  companyName: "Osaka Imports",
  isApproved: true,
  contractStatus: "IN_TRIAL",
  canAccessConsole: true,
  isChurned: false,
  plan: "FREE",
  trialEndsAt: "2026-12-20T00:00:00.000Z",
  hasUpcomingContract: false,
  upcomingContractStartsAt: null,
};

interface State {
  verified?: boolean;
  mfa?: "off" | "pending" | "passed";
  company?: Partial<ViewerCompany> | null;
  teams?: number;
}

function viewer({ verified = true, mfa = "off", company: c = {}, teams = 1 }: State = {}): GateViewer {
  return {
    account: {
      id: "u1",
      email: "a@example.com",
      nickname: "A",
      language: "en",
      isEmailVerified: verified,
      isMultiFactorEnabled: mfa !== "off",
    },
    session: { isMultiFactorVerified: mfa === "passed" },
    role: "ADMIN",
    company: c === null ? null : { ...company, ...c },
    teams: Array.from({ length: teams }, (_, i) => ({ id: `t${i}`, name: `Team ${i}` })),
  };
}

const decide = (v: GateViewer | null | undefined | "failed", hasPendingCompany = false) =>
  decideGate({ viewer: v, hasPendingCompany });

describe("console gates, in the order of spec 01 §4", () => {
  it("wait while loading and offer a retry after a failure", () => {
    expect(decide(undefined)).toBe("loading");
    expect(decide("failed")).toBe("failed");
  });

  it("send a signed-out visitor to sign-in", () => {
    expect(decide(null)).toBe("signIn");
  });

  it("check e-mail verification first, even when everything else is wrong too", () => {
    const everythingWrong = viewer({
      verified: false,
      mfa: "pending",
      company: { canAccessConsole: false, isApproved: false },
      teams: 0,
    });
    expect(decide(everythingWrong)).toBe("verifyEmail");
  });

  it("check multi-factor before anything of the company", () => {
    expect(decide(viewer({ mfa: "pending", company: null }))).toBe("multiFactor");
    expect(decide(viewer({ mfa: "pending", company: { canAccessConsole: false } }))).toBe("multiFactor");
    expect(decide(viewer({ mfa: "passed" }))).toBe("console");
  });

  it("create the pending sign-up company, else warn about having no company", () => {
    expect(decide(viewer({ company: null }), true)).toBe("createCompany");
    expect(decide(viewer({ company: null }))).toBe("noCompany");
  });

  it("show Trial Period Ended before Approval Required, and both before onboarding", () => {
    expect(decide(viewer({ company: { canAccessConsole: false, isApproved: false }, teams: 0 }))).toBe(
      "trialEnded",
    );
    expect(decide(viewer({ company: { isApproved: false }, teams: 0 }))).toBe("approvalRequired");
    expect(decide(viewer({ teams: 0 }))).toBe("onboarding");
    expect(decide(viewer())).toBe("console");
  });

  it("let a churned company in (its read-only console), but keep an ended trial out", () => {
    const churned = { contractStatus: "CHURN" as const, canAccessConsole: true, isChurned: true };
    expect(decide(viewer({ company: churned }))).toBe("console");
    expect(decide(viewer({ company: { ...churned, isApproved: false } }))).toBe("approvalRequired");
    expect(
      decide(viewer({ company: { contractStatus: "CHURN", canAccessConsole: false, isChurned: false } })),
    ).toBe("trialEnded");
  });

  it("ignores a pending company once the account has one", () => {
    expect(decide(viewer(), true)).toBe("console");
  });
});
