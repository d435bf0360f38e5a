import { readdirSync } from "node:fs";
import path from "node:path";
import {
  type ArrowFunction,
  type Expression,
  type FunctionDeclaration,
  type FunctionExpression,
  type SourceFile,
  type Statement,
  SyntaxKind,
} from "typescript/unstable/ast";
import * as is from "typescript/unstable/ast/is";
import { API, type Snapshot } from "typescript/unstable/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Every exported function of a `*.service.ts` is an entry point, so its first statement is the
// permission check (docs/decisions/0082-service-guards.md). What counts as a check:
// - a guard of server/core/authz.ts: an exported function named authorize* or require* there (the
//   one place guards are defined; adding one there is how a new kind of check is accepted);
// - a module's own guard, named authorize* or require*, whose own first statement is such a check
//   (it may add the module's conditions after it: a team the actor manages, a feature switched on);
// called with the function's own first parameter (the caller's context). An entry point that has
// no actor to check (a sign-in, a token link) is listed in PUBLIC_ENTRY_POINTS with its reason.
// Helpers that are not entry points live in `*.internal.ts` files, which this does not read.

const ROOT = path.resolve(import.meta.dirname, "../..");
const AUTHZ = path.join(ROOT, "server/core/authz.ts");
const GUARD_NAME = /^(authorize|require)([A-Z]\w*)?$/;

/** Entry points without an actor to check: the reason is the credential they take instead. */
const PUBLIC_ENTRY_POINTS: Record<string, string> = {
  "carriers/notices/notices.service.ts#listLineNotices":
    "reference data like the list of lines, the same for everyone",
  "news/news.service.ts#loadNews": "the static news list, shown before sign-in",
  "api/api-auth.service.ts#authenticateApiToken":
    "establishes the actor: the presented API token is the credential",
  "auth/me.service.ts#getMe":
    "the session probe: answers the spec's UnableToGetUserSession itself when no one is signed in",
  "auth/providers/oauth.service.ts#signInWithGoogle":
    "sign-in: the provider's verified identity is the credential",
  "auth/providers/oauth.service.ts#signInWithFirebaseToken":
    "sign-in: the provider's verified token is the credential",
  "auth/password/password.service.ts#sendPasswordResetEmail":
    "anyone may ask; limited per IP and address, and the answer never tells whether the address exists",
  "auth/password/password.service.ts#resetPassword":
    "token flow: the single-use reset token is the credential",
  "auth/signin/signin.service.ts#signIn":
    "sign-in: the password is the credential; limited per IP and address",
  "auth/signin/signin.service.ts#endCurrentSession":
    "sign-out succeeds with or without a session (an API token is refused inside)",
  "auth/signup/signup.service.ts#signUp": "sign-up: creates the actor; limited per IP",
  "auth/providers/sso.service.ts#resolveSsoRedirect":
    "checks a redirect target against the allow-list; reads no data",
  "auth/signup/verification.service.ts#verifyEmail":
    "token flow: the single-use verification token is the credential",
  "calendar-feed/calendar-feed.fetch.service.ts#readCalendarFeed":
    "a calendar client's poll: the feed address's token is the credential, then its owner is authorized as a member",
  "carriers/carriers.service.ts#listShippingLines": "the fixed list of shipping lines, the same for everyone",
  "invitations/invitations.service.ts#getInvitationByToken":
    "token flow: the invitation token is the credential",
  "invitations/invitations.service.ts#acceptInvitation": "token flow: the invitation token is the credential",
  "invitations/invitations.service.ts#describeInvitation":
    "token flow: what an invitation link shows before sign-up; the token is the credential",
  "mail/outbox.service.ts#listDevelopmentOutbox":
    "the development outbox: absent (not found) in production, where mail leaves by SMTP",
  "notifications/unsubscribe.service.ts#unsubscribeByToken":
    "token flow: the unsubscribe link's token is the credential",
  "plans/webhook.service.ts#handlePaymentWebhook":
    "the payment provider's call: its signature is the credential",
  "share/share.service.ts#getSharedShipment": "share-token read: the share token is the permission",
  "telemetry/telemetry.service.ts#reportClientError": "any browser may report its errors; limited per IP",
};

type FunctionLike = FunctionDeclaration | ArrowFunction | FunctionExpression;
type Sources = (file: string) => SourceFile | undefined;

interface Finding {
  /** The file, relative to server/modules. */
  file: string;
  name: string;
  problem: string;
}

function exported(statement: Statement): boolean {
  const modifiers = (statement as { modifiers?: readonly { kind: number }[] }).modifiers;
  return !!modifiers?.some((m) => m.kind === SyntaxKind.ExportKeyword);
}

/** The functions a file declares (exported or not) by name, and which of them it exports. */
function functionsOf(sf: SourceFile) {
  const all = new Map<string, FunctionLike>();
  const exports: string[] = [];
  const reExports: string[] = [];
  for (const st of sf.statements) {
    if (is.isFunctionDeclaration(st) && st.name) {
      all.set(st.name.text, st);
      if (exported(st)) exports.push(st.name.text);
    } else if (is.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (!is.isIdentifier(d.name) || !init) continue;
        if (is.isArrowFunction(init) || is.isFunctionExpression(init)) {
          all.set(d.name.text, init);
          if (exported(st)) exports.push(d.name.text);
        }
      }
    } else if (
      is.isExportDeclaration(st) &&
      !st.isTypeOnly &&
      st.exportClause &&
      is.isNamedExports(st.exportClause)
    ) {
      for (const spec of st.exportClause.elements) if (!spec.isTypeOnly) reExports.push(spec.name.text);
    }
  }
  return { all, exports, reExports };
}

function unwrap(expr: Expression | undefined): Expression | undefined {
  let e = expr;
  while (e && (is.isAwaitExpression(e) || is.isParenthesizedExpression(e))) e = e.expression;
  return e;
}

/** The callee and first argument of the call the function's body starts with, if it starts with one. */
function firstCall(fn: FunctionLike): { callee: string; firstArg: string | undefined } | undefined {
  const body = fn.body;
  if (!body || !is.isBlock(body)) return undefined;
  const st = body.statements[0];
  if (!st) return undefined;
  let expr: Expression | undefined;
  if (is.isExpressionStatement(st)) expr = st.expression;
  else if (is.isReturnStatement(st)) expr = st.expression;
  else if (is.isVariableStatement(st) && st.declarationList.declarations.length === 1)
    expr = st.declarationList.declarations[0]?.initializer;
  const call = unwrap(expr);
  if (!call || !is.isCallExpression(call) || !is.isIdentifier(call.expression)) return undefined;
  const arg = call.arguments[0];
  return { callee: call.expression.text, firstArg: arg && is.isIdentifier(arg) ? arg.text : undefined };
}

function firstParameter(fn: FunctionLike): string | undefined {
  const p = fn.parameters[0];
  return p && is.isIdentifier(p.name) ? p.name.text : undefined;
}

/** Where `name`, used in `sf`, is declared: this file's function, or the file and name it is imported from. */
function resolve(sf: SourceFile, name: string): { file: string; name: string } | undefined {
  if (functionsOf(sf).all.has(name)) return { file: sf.fileName, name };
  for (const st of sf.statements) {
    if (!is.isImportDeclaration(st) || !is.isStringLiteral(st.moduleSpecifier)) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !is.isNamedImports(bindings)) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith(".")) continue;
    for (const el of bindings.elements) {
      if (el.name.text !== name) continue;
      const imported = el.propertyName && is.isIdentifier(el.propertyName) ? el.propertyName.text : name;
      const target = path.resolve(path.dirname(sf.fileName), spec);
      return { file: target.endsWith(".ts") ? target : `${target}.ts`, name: imported };
    }
  }
  return undefined;
}

/** The guards of server/core/authz.ts: its exported authorize* and require* functions. */
function coreGuards(sources: Sources): Set<string> {
  const authz = sources(AUTHZ);
  if (!authz) throw new Error(`cannot read ${AUTHZ}`);
  return new Set(functionsOf(authz).exports.filter((n) => GUARD_NAME.test(n)));
}

/** Why the function does not start with a guard, or undefined when it does. */
function guardProblem(
  sf: SourceFile,
  fn: FunctionLike,
  sources: Sources,
  core: Set<string>,
  depth = 0,
): string | undefined {
  const call = firstCall(fn);
  if (!call) return "does not start with a guard call";
  const ctx = firstParameter(fn);
  if (!ctx || call.firstArg !== ctx)
    return `calls ${call.callee} first, but not with its own context (${ctx ?? "none"})`;
  const target = resolve(sf, call.callee);
  if (!target) return `calls ${call.callee} first, which is no guard of core/authz or of its module`;
  if (target.file === AUTHZ) {
    return core.has(target.name)
      ? undefined
      : `calls ${target.name} from core/authz, which is no guard there`;
  }
  if (!GUARD_NAME.test(target.name))
    return `calls ${call.callee} first, which is not named as a guard (authorize*/require*)`;
  const home = sources(target.file);
  const guard = home && functionsOf(home).all.get(target.name);
  if (!home || !guard) return `calls ${call.callee} first, whose declaration was not found`;
  if (depth > 5) return `calls ${call.callee} first, whose guards nest too deep`;
  const inner = guardProblem(home, guard, sources, core, depth + 1);
  return inner ? `calls ${call.callee} first, which is no guard: it ${inner}` : undefined;
}

/** Every exported function of the service files that neither starts with a guard nor is listed public. */
function findUnguarded(
  files: readonly string[],
  sources: Sources,
  publicEntries: Record<string, string>,
): Finding[] {
  const core = coreGuards(sources);
  const findings: Finding[] = [];
  for (const file of files) {
    const sf = sources(file);
    const rel = path.relative(path.join(ROOT, "server/modules"), file);
    if (!sf) {
      findings.push({ file: rel, name: "*", problem: "not part of the TypeScript project" });
      continue;
    }
    const { all, exports, reExports } = functionsOf(sf);
    for (const name of reExports)
      findings.push({
        file: rel,
        name,
        problem: "re-exported from a service file: import it from where it lives",
      });
    for (const name of exports) {
      if (publicEntries[`${rel}#${name}`]) continue;
      const fn = all.get(name);
      const problem = fn && guardProblem(sf, fn, sources, core);
      if (problem) findings.push({ file: rel, name, problem });
    }
  }
  return findings;
}

function serviceFiles(): string[] {
  const dir = path.join(ROOT, "server/modules");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".service.ts"))
    .map((f) => path.join(dir, f))
    .sort();
}

// A service planted beside the real ones (only in the compiler's view of the files): the check
// must refuse each bad entry point and pass the good ones.
const PLANTED = path.join(ROOT, "server/modules/planted/planted.service.ts");
const PLANTED_SOURCE = `
import { authorize, requireSystem, currentPlan } from "../../core/authz";
import type { ServiceContext } from "../../core/context";

function requirePlantedFeature(ctx: ServiceContext) {
  requireSystem(ctx);
}
function requireNothing(ctx: ServiceContext) {
  return ctx;
}
function loadFirst(ctx: ServiceContext) {
  return ctx.db;
}

export async function guarded(ctx: ServiceContext) {
  const actor = await authorize(ctx, "shipment.view");
  return actor.userId;
}
export async function guardedByModuleGuard(ctx: ServiceContext) {
  requirePlantedFeature(ctx);
}
export const guardedArrow = async (ctx: ServiceContext) => {
  await authorize(ctx, "shipment.view");
};
export async function noGuard(ctx: ServiceContext) {
  return ctx.db;
}
export async function guardSecond(ctx: ServiceContext) {
  const db = ctx.db;
  await authorize(ctx, "shipment.view");
  return db;
}
export async function notAGuardFromAuthz(ctx: ServiceContext) {
  await currentPlan(ctx, "x");
}
export async function fakeGuard(ctx: ServiceContext) {
  requireNothing(ctx);
}
export async function helperFirst(ctx: ServiceContext) {
  loadFirst(ctx);
}
export async function otherContext(ctx: ServiceContext, other: ServiceContext) {
  await authorize(other, "shipment.view");
  return ctx;
}
export function pureHelper(value: string) {
  return value.trim();
}
export { guarded as alsoGuarded };
`;

let api: API;
let snapshot: Snapshot;
let sources: Sources;

beforeAll(() => {
  api = new API({
    cwd: ROOT,
    fs: {
      readFile: (f) => (f === PLANTED ? PLANTED_SOURCE : undefined),
      fileExists: (f) => (f === PLANTED ? true : undefined),
    },
  });
  const tsconfig = path.join(ROOT, "tsconfig.json");
  snapshot = api.updateSnapshot({ openProjects: [tsconfig], openFiles: [PLANTED] });
  const program = snapshot.getProject(tsconfig)?.program;
  sources = (file) =>
    program?.getSourceFile(file) ?? snapshot.getDefaultProjectForFile(file)?.program.getSourceFile(file);
}, 60_000);
afterAll(() => api?.close());

describe("service entry points", () => {
  it("each start with a guard, or are listed as public with a reason", () => {
    const findings = findUnguarded(serviceFiles(), sources, PUBLIC_ENTRY_POINTS);
    expect(findings.map((f) => `${f.file}#${f.name}: ${f.problem}`)).toEqual([]);
  });

  it("listed as public still exist and do not start with a guard", () => {
    const core = coreGuards(sources);
    const stale = Object.keys(PUBLIC_ENTRY_POINTS).filter((key) => {
      const [rel = "", name = ""] = key.split("#");
      const sf = sources(path.join(ROOT, "server/modules", rel));
      const fn = sf && functionsOf(sf).exports.includes(name) ? functionsOf(sf).all.get(name) : undefined;
      return !sf || !fn || guardProblem(sf, fn, sources, core) === undefined;
    });
    expect(stale).toEqual([]);
  });

  it("the check refuses a planted service's unguarded entry points", () => {
    const findings = findUnguarded([PLANTED], sources, {});
    expect(findings.map((f) => f.name).sort()).toEqual(
      [
        "alsoGuarded",
        "fakeGuard",
        "guardSecond",
        "helperFirst",
        "noGuard",
        "notAGuardFromAuthz",
        "otherContext",
        "pureHelper",
      ].sort(),
    );
    expect(findings.find((f) => f.name === "fakeGuard")?.problem).toBe(
      "calls requireNothing first, which is no guard: it does not start with a guard call",
    );
    // And a listed reason lets an entry point through.
    const listed = findUnguarded([PLANTED], sources, { "planted/planted.service.ts#noGuard": "a test" });
    expect(listed.map((f) => f.name)).not.toContain("noGuard");
  });
});
