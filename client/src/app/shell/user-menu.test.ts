// @vitest-environment node
import { describe, expect, it } from "vitest";
import { paths } from "../paths";
import { menuLinksFor } from "./user-menu";

const hrefs = (role: Parameters<typeof menuLinksFor>[0]) => menuLinksFor(role).map((link) => link.href);

describe("user menu per role", () => {
  it("gives the Admin every entry", () => {
    expect(hrefs("ADMIN")).toEqual([
      paths.companySettings,
      paths.accountSettings,
      paths.notificationSettings,
      paths.plans,
      paths.api,
    ]);
  });

  it("gives the Manager Company and members but not Plan and Payment or API Settings", () => {
    expect(hrefs("MANAGER")).toEqual([
      paths.companySettings,
      paths.accountSettings,
      paths.notificationSettings,
    ]);
  });

  it.each(["OPERATOR", "READONLY", null, undefined] as const)("hides company links from %s", (role) => {
    expect(hrefs(role)).toEqual([paths.accountSettings, paths.notificationSettings]);
  });
});
