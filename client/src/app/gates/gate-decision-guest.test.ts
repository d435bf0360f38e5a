// @vitest-environment node
import { describe, expect, it } from "vitest";
import { decideGate } from "./gate-decision";
import type { GateViewer } from "./viewer";

// Decision 0061: a guest of another company's team has no company of their own; they reach
// the console (their guest team), not the "no company" warning.

const guest: GateViewer = {
  account: {
    id: "u1",
    email: "partner@outside.example",
    nickname: "Partner",
    language: "en",
    isEmailVerified: true,
    isMultiFactorEnabled: false,
  },
  session: { isMultiFactorVerified: false },
  role: null,
  company: null,
  teams: [],
};

describe("a signed-in person without a company", () => {
  it("enters the console as a guest, or is warned when they are nobody's guest", () => {
    expect(decideGate({ viewer: guest, hasPendingCompany: false, hasGuestTeams: true })).toBe("console");
    expect(decideGate({ viewer: guest, hasPendingCompany: false, hasGuestTeams: false })).toBe("noCompany");
    expect(decideGate({ viewer: guest, hasPendingCompany: false })).toBe("noCompany");
  });

  it("still passes verification and MFA first, and a company to create still wins", () => {
    const unverified = { ...guest, account: { ...guest.account, isEmailVerified: false } };
    expect(decideGate({ viewer: unverified, hasPendingCompany: false, hasGuestTeams: true })).toBe(
      "verifyEmail",
    );
    expect(decideGate({ viewer: guest, hasPendingCompany: true, hasGuestTeams: true })).toBe("createCompany");
  });
});
