import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "rolldown/utils";

// The project's imports as a list of edges, read with the oxc parser that ships with Vite's
// rolldown (TypeScript 7 has no in-process compiler API, which is also why dependency-cruiser,
// built on that API, cannot read this code: see docs/decisions/0080-module-order.md).

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The folders whose imports the boundaries govern. */
export const SOURCE_ROOTS = ["server", "shared", "client/src"];

export interface SourceFile {
  /** Repository-relative, with forward slashes: `server/modules/teams/teams.service.ts`. */
  path: string;
  code: string;
}

export interface ImportEdge {
  /** The importing file, repository-relative. */
  from: string;
  /**
   * A relative import resolved to a repository-relative path without its extension
   * (`server/db/schema`, `server/modules/auth/tokens`); a package import as written (`drizzle-orm/pg-core`).
   */
  to: string;
  /** `import type` / `export type`: erased at run time, but still a dependency of the code's shape. */
  typeOnly: boolean;
}

const SOURCE_FILE = /\.(ts|tsx)$/;

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
}

/** Every TypeScript file under the source roots, read from disk. */
export function readSources(root = ROOT, roots = SOURCE_ROOTS): SourceFile[] {
  const files: string[] = [];
  for (const dir of roots) walk(path.join(root, dir), files);
  return files.sort().map((file) => ({
    path: path.relative(root, file).split(path.sep).join("/"),
    code: readFileSync(file, "utf8"),
  }));
}

const EXTENSION = /\.(ts|tsx|js|mjs|jsx)$/;

function target(from: string, specifier: string): string {
  const bare = specifier.replace(/\?.*$/, "");
  if (!bare.startsWith(".")) return bare;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), bare)).replace(EXTENSION, "");
}

/** The static, re-exported and dynamic imports of each file. */
export function importsOf(files: SourceFile[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const { module, errors } = parseSync(file.path, file.code);
    if (errors.length > 0) throw new Error(`${file.path} does not parse: ${errors[0]?.message}`);
    const add = (specifier: string, typeOnly: boolean) =>
      edges.push({ from: file.path, to: target(file.path, specifier), typeOnly });
    for (const i of module.staticImports) {
      // `import { type A, type B }` is as type-only as `import type { A, B }`; `import "x"` is not.
      add(i.moduleRequest.value, i.entries.length > 0 && i.entries.every((e) => e.isType));
    }
    for (const e of module.staticExports) {
      for (const entry of e.entries) if (entry.moduleRequest) add(entry.moduleRequest.value, entry.isType);
    }
    for (const d of module.dynamicImports) {
      const literal = file.code.slice(d.moduleRequest.start, d.moduleRequest.end).trim();
      // Only a string literal names a module; a computed import() cannot be checked statically.
      const match = /^(["'`])([^"'`]+)\1$/.exec(literal);
      if (match?.[2]) add(match[2], false);
    }
  }
  return edges;
}
