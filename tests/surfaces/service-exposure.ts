import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";

// Reads the surfaces' source (with the oxc parser that ships with Vite's rolldown; TypeScript 7
// has no in-process compiler API) and lists, per GraphQL operation and per tRPC file, the service
// functions they reach. A service function is an export of a `*.service.ts` file (DESIGN: "the only
// place business rules live"). Type-only imports carry no behaviour and are ignored.

export const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULES = path.join(ROOT, "server/modules");

// biome-ignore lint/suspicious/noExplicitAny: an ESTree node of any kind, walked generically.
type Node = any;

interface ImportRef {
  /** Repository-relative path without extension ("server/modules/teams/teams.service"), or a package name. */
  module: string;
  /** The exported name, or "*" for a namespace import. */
  name: string;
}

/** A service function as `module#export`, e.g. `server/modules/teams/teams.service#renameTeam`. */
export type ServiceRef = string;

export interface Operation {
  /** `Query.viewer`, `Mutation.createTeam`. */
  operation: string;
  file: string;
  services: ServiceRef[];
}

export interface ForbiddenImport {
  file: string;
  module: string;
}

/**
 * Value imports a GraphQL resolver file must not have: reading the database, taking locks or
 * deciding permissions is a service's work, so a resolver holding any of them holds business logic.
 */
const FORBIDDEN: RegExp[] = [
  /^drizzle-orm(\/|$)/,
  /^(pg|postgres)$/,
  /^server\/db\//,
  /\.queries$/,
  /^server\/core\/(authz|company-lock|request-cache|standing)$/,
];

export const isServiceModule = (module: string) => /\.service$/.test(module);

function walkFiles(dir: string, match: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkFiles(full, match));
    else if (match(entry.name) && !entry.name.endsWith(".test.ts")) out.push(full);
  }
  return out.sort();
}

/** Resolver files of the GraphQL surface: `<domain>.graphql.ts` (and its parts) and GraphQL helpers. */
export function graphqlFiles(): string[] {
  return walkFiles(
    MODULES,
    (name) => /\.graphql(\.[\w-]+)?\.ts$/.test(name) || /^graphql-[\w-]+\.ts$/.test(name),
  );
}

/** The console's tRPC surface: routers and the procedure maps they spread. */
export function trpcFiles(): string[] {
  return walkFiles(MODULES, (name) => /\.(router|procedures)\.ts$/.test(name));
}

export interface ParsedFile {
  file: string;
  program: Node;
  imports: Map<string, ImportRef>;
  declarations: Map<string, Node>;
}

export function parseFile(file: string, source = readFileSync(file, "utf8")): ParsedFile {
  const program = parseAst(source, { lang: "ts" }, file);
  const imports = new Map<string, ImportRef>();
  const declarations = new Map<string, Node>();
  for (const statement of program.body as Node[]) {
    if (statement.type === "ImportDeclaration") {
      if (statement.importKind === "type") continue;
      const module = moduleOf(file, statement.source.value);
      for (const s of statement.specifiers as Node[]) {
        if (s.importKind === "type") continue;
        const name =
          s.type === "ImportNamespaceSpecifier"
            ? "*"
            : s.type === "ImportDefaultSpecifier"
              ? "default"
              : s.imported.name;
        imports.set(s.local.name, { module, name });
      }
      continue;
    }
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (!declaration) continue;
    if (declaration.type === "FunctionDeclaration" && declaration.id)
      declarations.set(declaration.id.name, declaration);
    if (declaration.type === "VariableDeclaration") {
      for (const d of declaration.declarations as Node[])
        if (d.id.type === "Identifier") declarations.set(d.id.name, d);
    }
  }
  return { file, program, imports, declarations };
}

function moduleOf(file: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const resolved = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
  return resolved
    .replace(/\.(ts|js|mjs)$/, "")
    .split(path.sep)
    .join("/");
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/** The names a subtree refers to (not property names, which are not references). */
function referencedNames(node: Node, out = new Set<string>()): Set<string> {
  if (!isNode(node)) return out;
  if (node.type === "Identifier") {
    out.add(node.name);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    if (
      key === "typeAnnotation" ||
      key === "returnType" ||
      key === "typeParameters" ||
      key === "typeArguments"
    )
      continue;
    if (key === "property" && node.type === "MemberExpression" && !node.computed) continue;
    if (key === "key" && (node.type === "Property" || node.type === "PropertyDefinition") && !node.computed) {
      if (node.shorthand) referencedNames(value, out);
      continue;
    }
    if (Array.isArray(value)) for (const item of value) referencedNames(item, out);
    else if (isNode(value)) referencedNames(value, out);
  }
  return out;
}

/** The service functions a subtree reaches, directly or through the file's own helpers. */
export function servicesReached(parsed: ParsedFile, node: Node, seen = new Set<string>()): Set<ServiceRef> {
  const found = new Set<ServiceRef>();
  for (const name of referencedNames(node)) {
    const ref = parsed.imports.get(name);
    if (ref && isServiceModule(ref.module)) found.add(`${ref.module}#${ref.name}`);
    const local = parsed.declarations.get(name);
    if (local && !seen.has(name)) {
      seen.add(name);
      for (const s of servicesReached(parsed, local, seen)) found.add(s);
    }
  }
  return found;
}

function keyName(property: Node): string | null {
  if (property.computed) return null;
  if (property.key?.type === "Identifier") return property.key.name;
  if (property.key?.type === "Literal") return String(property.key.value);
  return null;
}

/** Every `Query: { … }` and `Mutation: { … }` field in a file, with the service functions it reaches. */
export function operationsOf(parsed: ParsedFile): Operation[] {
  const found: Operation[] = [];
  const visit = (node: Node) => {
    if (!isNode(node)) return;
    if (node.type === "Property" && node.value?.type === "ObjectExpression") {
      const root = keyName(node);
      if (root === "Query" || root === "Mutation") {
        for (const field of node.value.properties as Node[]) {
          const name = field.type === "Property" ? keyName(field) : null;
          if (!name) continue;
          found.push({
            operation: `${root}.${name}`,
            file: path.relative(ROOT, parsed.file),
            services: [...servicesReached(parsed, field.value)].sort(),
          });
        }
        return;
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(parsed.program);
  return found;
}

export function forbiddenImportsOf(parsed: ParsedFile): ForbiddenImport[] {
  const modules = new Set([...parsed.imports.values()].map((i) => i.module));
  return [...modules]
    .filter((module) => FORBIDDEN.some((pattern) => pattern.test(module)))
    .map((module) => ({ file: path.relative(ROOT, parsed.file), module }));
}

/** The service functions a tRPC file imports (and so exposes through its procedures). */
export function servicesImportedBy(parsed: ParsedFile): ServiceRef[] {
  return [...parsed.imports.values()]
    .filter((ref) => isServiceModule(ref.module))
    .map((ref) => `${ref.module}#${ref.name}`);
}

/** Which service functions each surface reaches: GraphQL per operation, tRPC per file. */
export function exposure() {
  const graphql = graphqlFiles().map((file) => parseFile(file));
  const operations = graphql.flatMap(operationsOf);
  const forbidden = graphql.flatMap(forbiddenImportsOf);
  // Type fields too (Company.users, User.notificationEmail): whatever a resolver file reaches.
  const byFile = graphql.map((parsed) => ({
    file: path.relative(ROOT, parsed.file),
    services: [...servicesReached(parsed, parsed.program)].sort(),
  }));
  const trpc = new Map<ServiceRef, string[]>();
  for (const file of trpcFiles()) {
    for (const ref of servicesImportedBy(parseFile(file))) {
      trpc.set(ref, [...(trpc.get(ref) ?? []), path.relative(ROOT, file)]);
    }
  }
  return { operations, forbidden, trpc, byFile };
}

/** The table printed when the check fails: operation, its service functions, and where tRPC has each. */
export function exposureTable(operations: Operation[], trpc: Map<ServiceRef, string[]>): string {
  const rows = operations.flatMap((op) =>
    op.services.length === 0
      ? [[op.operation, "(no service function)", "—"]]
      : op.services.map((s) => [
          op.operation,
          s.replace(/^server\/modules\//, ""),
          trpc.get(s)?.join(", ") ?? "NOT ON tRPC",
        ]),
  );
  const header = ["GraphQL operation", "service function", "tRPC file"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line)].join("\n");
}
