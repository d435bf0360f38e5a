import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkBoundaries,
  checkModuleOrder,
  type RuleName,
  readModuleOrder,
  type Violation,
} from "./boundaries";
import { type ImportEdge, importsOf, ROOT, readSources, type SourceFile } from "./import-graph";

// The import rules that used to hold by care alone (DESIGN.md rules 14 and 15): no cycle between
// server modules and the module order drawn in server/modules/README.md ("Module order"); core and
// db import no module; shared imports neither server nor client; no surface file (router,
// procedures, GraphQL, REST, routes) reaches the database; no service imports tRPC; no client
// feature imports another. Why a script over the imports and not dependency-cruiser:
// docs/decisions/0080-module-order.md.

const README = path.join(ROOT, "server/modules/README.md");
const modules = readdirSync(path.join(ROOT, "server/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const order = readModuleOrder(readFileSync(README, "utf8"));

const report = (violations: Violation[]) => violations.map((v) => `[${v.rule}] ${v.detail}`).join("\n");

describe("the import boundaries of the tree", () => {
  const edges = importsOf(readSources());

  it("reads the imports of the whole tree", () => {
    // A parser that silently read nothing would pass every rule.
    expect(edges.length).toBeGreaterThan(3000);
    expect(edges).toContainEqual({
      from: "server/graphql/modules.ts",
      to: "server/modules/account/account.graphql",
      typeOnly: false,
    });
  });

  it("keeps every rule", () => {
    expect(report(checkBoundaries(edges))).toBe("");
  });

  it("keeps the module order drawn in server/modules/README.md", () => {
    expect(report(checkModuleOrder(edges, order, modules))).toBe("");
  });
});

describe("each rule catches a planted violation", () => {
  // A tiny tree in memory: each file breaks one rule; `fine.service.ts` breaks none.
  const planted: SourceFile[] = [
    { path: "server/modules/alpha/alpha.service.ts", code: `import { b } from "../beta/beta.service";` },
    { path: "server/modules/beta/beta.service.ts", code: `export { g } from "../gamma/gamma.service";` },
    {
      path: "server/modules/gamma/gamma.service.ts",
      code: `const a = await import("../alpha/alpha.service");`,
    },
    { path: "server/modules/delta/delta.service.ts", code: `import { a } from "../alpha/alpha.service";` },
    { path: "server/modules/alpha/alpha.test.ts", code: `import { d } from "../delta/delta.service";` },
    { path: "server/core/csrf.ts", code: `import { name } from "../modules/auth/session-cookie";` },
    { path: "server/db/migrate.ts", code: `import type { X } from "../modules/teams/teams.output";` },
    { path: "shared/enums.ts", code: `import { config } from "../server/config";` },
    { path: "shared/i18n/index.ts", code: `import { Button } from "../../client/src/components/ui/button";` },
    { path: "server/modules/teams/teams.router.ts", code: `import { eq } from "drizzle-orm";` },
    {
      path: "server/modules/teams/teams.graphql.fields.ts",
      code: `import { teams } from "../../db/schema";`,
    },
    { path: "server/modules/teams/teams.rest.ts", code: `import { rename } from "./teams.queries";` },
    { path: "server/trpc/init.ts", code: `import type { Db } from "../db/client";` },
    { path: "server/modules/teams/teams.service.ts", code: `import { TRPCError } from "@trpc/server";` },
    { path: "server/modules/teams/fine.service.ts", code: `import { eq } from "drizzle-orm";` },
    {
      path: "client/src/features/plans/plans-page.tsx",
      code: `import { TeamPage } from "../teams/team-page";\nimport { Button } from "../../components/ui/button";`,
    },
    { path: "client/src/features/shipments/detail/page.tsx", code: `import { x } from "../common/banner";` },
  ];
  const violations = checkBoundaries(importsOf(planted));
  const of = (rule: RuleName) => violations.filter((v) => v.rule === rule).map((v) => v.detail);

  it("a cycle between modules, through static, re-exported and dynamic imports but not tests", () => {
    const [cycle, ...more] = of("module-cycle");
    expect(more).toEqual([]);
    expect(cycle?.split("\n")[0]).toBe("alpha <-> beta <-> gamma");
    expect(cycle).not.toContain("delta");
  });

  it("core or db importing a module", () => {
    expect(of("core-imports-module")).toEqual([
      "server/core/csrf.ts -> server/modules/auth/session-cookie",
      "server/db/migrate.ts -> server/modules/teams/teams.output (type)",
    ]);
  });

  it("shared importing server or client", () => {
    expect(of("shared-imports-server-or-client")).toEqual([
      "shared/enums.ts -> server/config",
      "shared/i18n/index.ts -> client/src/components/ui/button",
    ]);
  });

  it("a router, GraphQL, REST or surface-root file reaching the database", () => {
    expect(of("surface-imports-database")).toEqual([
      "server/modules/teams/teams.router.ts -> drizzle-orm",
      "server/modules/teams/teams.graphql.fields.ts -> server/db/schema",
      "server/modules/teams/teams.rest.ts -> server/modules/teams/teams.queries",
      "server/trpc/init.ts -> server/db/client (type)",
    ]);
  });

  it("a service importing tRPC", () => {
    expect(of("service-imports-trpc")).toEqual(["server/modules/teams/teams.service.ts -> @trpc/server"]);
  });

  it("a client feature importing another feature, but not its own parts or shared components", () => {
    expect(of("feature-imports-feature")).toEqual([
      "client/src/features/plans/plans-page.tsx -> client/src/features/teams/team-page",
    ]);
  });

  it("an import against the drawn order, and a module missing from it", () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, typeOnly: true });
    const rows = [["account"], ["teams", "share"], ["auth"]];
    const found = checkModuleOrder(
      [
        edge("server/modules/account/viewer.service.ts", "server/modules/teams/teams.queries"),
        edge("server/modules/auth/signup.service.ts", "server/modules/teams/teams.queries"),
        edge("server/modules/share/share.service.ts", "server/modules/teams/teams.queries"),
        edge("server/modules/teams/teams.test.ts", "server/modules/account/viewer.service"),
      ],
      rows,
      ["account", "auth", "teams", "share", "extra"],
    );
    expect(found.map((v) => v.detail.split("\n")[0])).toEqual([
      "extra is not on any row of the drawn order",
      "auth -> teams: teams is not on a row below auth",
      "share -> teams: teams is not on a row below share",
    ]);
    expect(checkModuleOrder([], rows, ["account", "auth", "teams"]).map((v) => v.detail)).toEqual([
      "share is drawn but has no folder in server/modules",
    ]);
  });

  it("reads the drawn order from the README's block", () => {
    expect(order[0]).toEqual(["account"]);
    expect(order.flat()).toContain("auth");
    expect(() => readModuleOrder("# server/modules\n\nno order here\n")).toThrow(/Module order/);
  });
});
