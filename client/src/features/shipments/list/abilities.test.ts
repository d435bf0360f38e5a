import { describe, expect, it } from "vitest";
import { listAbilities } from "./abilities";

describe("what the list offers each role and plan", () => {
  it("offers an Admin on Premium everything", () => {
    expect(listAbilities("ADMIN", "PREMIUM")).toEqual({
      subscribe: true,
      archive: true,
      delete: true,
      edit: true,
      move: "allowed",
      csvExport: "allowed",
      canUpgrade: true,
    });
  });

  it("shows the Premium badge for move and CSV export below Premium", () => {
    expect(listAbilities("MANAGER", "STANDARD")).toMatchObject({
      move: "upgrade",
      csvExport: "upgrade",
      canUpgrade: false,
    });
    expect(listAbilities("ADMIN", "FREE")).toMatchObject({
      move: "upgrade",
      csvExport: "upgrade",
      canUpgrade: true,
    });
  });

  it("hides what the role may not do, whatever the plan", () => {
    expect(listAbilities("OPERATOR", "ENTERPRISE")).toMatchObject({
      delete: false,
      move: "hidden",
      csvExport: "allowed",
      archive: true,
    });
    expect(listAbilities("READONLY", "ENTERPRISE")).toMatchObject({
      subscribe: true,
      archive: false,
      delete: false,
      edit: false,
      move: "hidden",
      csvExport: "hidden",
    });
    expect(listAbilities(null, "PREMIUM")).toMatchObject({ subscribe: false, move: "hidden" });
  });

  it("offers a churned company's Admin a read-only list: no subscribe, archive, delete, edit or move", () => {
    expect(
      listAbilities("ADMIN", "FREE", { isApproved: true, canAccessConsole: true, isChurned: true }),
    ).toEqual({
      subscribe: false,
      archive: false,
      delete: false,
      edit: false,
      move: "hidden",
      csvExport: "upgrade",
      canUpgrade: true,
    });
  });
});
