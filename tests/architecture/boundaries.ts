import type { ImportEdge } from "./import-graph";

// The import rules of server/modules/README.md ("Module order") and DESIGN.md rules 14 and 15,
// as functions of the import edges, so the test can run them on the tree and on planted edges.

export type RuleName =
  | "module-cycle"
  | "module-order"
  | "core-imports-module"
  | "shared-imports-server-or-client"
  | "surface-imports-database"
  | "service-imports-trpc"
  | "feature-imports-feature";

export interface Violation {
  rule: RuleName;
  /** `from -> to` for one import, or the modules of a cycle with the imports that close it. */
  detail: string;
}

/** Tests and testkits build whole worlds, so they may reach any module; the rules govern the product code. */
export const isTestCode = (file: string) => /\.(test|testkit)\.tsx?$/.test(file);

/** `teams` for `server/modules/teams/teams.service.ts` (areas inside a module belong to it). */
export function moduleOf(file: string): string | null {
  return /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** `shipments` for `client/src/features/shipments/list/list-page.tsx`. */
function featureOf(file: string): string | null {
  return /^client\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
}

const under = (file: string, dir: string) => file === dir || file.startsWith(`${dir}/`);

/**
 * The files of the three surfaces (tRPC, GraphQL, REST and other HTTP routes): they build a context,
 * call a service and map errors, so they never reach the database themselves.
 */
export function isSurfaceFile(file: string): boolean {
  const name = file.slice(file.lastIndexOf("/") + 1);
  if (/\.(router|procedures|rest|routes|http)\.ts$/.test(name)) return true;
  if (/\.graphql(\.[\w-]+)?\.ts$/.test(name)) return true;
  return ["server/trpc", "server/graphql", "server/rest"].some((dir) => under(file, dir));
}

/** Drizzle, the schema and the database handle, and a module's own statements (`*.queries.ts`). */
const isDatabase = (to: string) =>
  /^drizzle-orm(\/|$)/.test(to) ||
  /^(pg|postgres)$/.test(to) ||
  under(to, "server/db") ||
  /\.queries$/.test(to);
const isTrpc = (to: string) => /^@trpc\//.test(to) || under(to, "server/trpc");

/** Modules reachable from each other in both directions: Tarjan's strongly connected components. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** Every import between two modules, grouped as `from -> to` module pairs. */
export function moduleEdges(edges: ImportEdge[]): Map<string, ImportEdge[]> {
  const pairs = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (isTestCode(edge.from)) continue;
    const from = moduleOf(edge.from);
    const to = moduleOf(`${edge.to}/`);
    if (!from || !to || from === to) continue;
    const key = `${from} -> ${to}`;
    pairs.set(key, [...(pairs.get(key) ?? []), edge]);
  }
  return pairs;
}

function moduleCycles(edges: ImportEdge[]): Violation[] {
  const pairs = moduleEdges(edges);
  const graph = new Map<string, Set<string>>();
  for (const key of pairs.keys()) {
    const [from = "", to = ""] = key.split(" -> ");
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
    if (!graph.has(to)) graph.set(to, new Set());
  }
  return cyclesOf(graph).map((component) => {
    const inside = [...pairs.entries()].filter(([key]) =>
      key.split(" -> ").every((m) => component.includes(m)),
    );
    const lines = inside.flatMap(([key, list]) => [
      `  ${key}:`,
      ...list.map((e) => `    ${e.from} -> ${e.to}${e.typeOnly ? " (type)" : ""}`),
    ]);
    return { rule: "module-cycle" as const, detail: [`${component.join(" <-> ")}`, ...lines].join("\n") };
  });
}

/** Every broken rule; an empty list when the imports keep them all. */
export function checkBoundaries(edges: ImportEdge[]): Violation[] {
  const violations: Violation[] = moduleCycles(edges);
  const add = (rule: RuleName, edge: ImportEdge) =>
    violations.push({ rule, detail: `${edge.from} -> ${edge.to}${edge.typeOnly ? " (type)" : ""}` });
  for (const edge of edges) {
    const { from, to } = edge;
    if (isTestCode(from)) continue;
    if ((under(from, "server/core") || under(from, "server/db")) && under(to, "server/modules")) {
      add("core-imports-module", edge);
    }
    if (under(from, "shared") && (under(to, "server") || under(to, "client"))) {
      add("shared-imports-server-or-client", edge);
    }
    if (isSurfaceFile(from) && isDatabase(to)) add("surface-imports-database", edge);
    if (/\.service\.ts$/.test(from) && isTrpc(to)) add("service-imports-trpc", edge);
    const feature = featureOf(from);
    const other = featureOf(`${to}/`);
    if (feature && other && feature !== other) add("feature-imports-feature", edge);
  }
  return violations;
}

/**
 * The rows of the "Module order" block in server/modules/README.md, top row first: a module may
 * import only modules on rows below its own.
 */
export function readModuleOrder(readme: string): string[][] {
  const section = readme.split(/^## /m).find((part) => part.startsWith("Module order"));
  const block = section && /```text\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block)
    throw new Error('server/modules/README.md has no "## Module order" section with a ```text block');
  return block
    .split("\n")
    .map((line) => line.trim().split(/\s+/).filter(Boolean))
    .filter((row) => row.length > 0);
}

/** Imports against the drawn order, and modules missing from it (or listed but gone). */
export function checkModuleOrder(edges: ImportEdge[], rows: string[][], modules: string[]): Violation[] {
  const rowOf = new Map(rows.flatMap((row, index) => row.map((m) => [m, index] as const)));
  const violations: Violation[] = [];
  for (const m of modules.filter((m) => !rowOf.has(m)).sort()) {
    violations.push({ rule: "module-order", detail: `${m} is not on any row of the drawn order` });
  }
  for (const m of [...rowOf.keys()].filter((m) => !modules.includes(m)).sort()) {
    violations.push({ rule: "module-order", detail: `${m} is drawn but has no folder in server/modules` });
  }
  for (const [key, list] of moduleEdges(edges)) {
    const [from = "", to = ""] = key.split(" -> ");
    const fromRow = rowOf.get(from);
    const toRow = rowOf.get(to);
    if (fromRow === undefined || toRow === undefined || toRow > fromRow) continue;
    const files = list.map((e) => `    ${e.from} -> ${e.to}${e.typeOnly ? " (type)" : ""}`);
    violations.push({
      rule: "module-order",
      detail: [`${key}: ${to} is not on a row below ${from}`, ...files].join("\n"),
    });
  }
  return violations;
}
