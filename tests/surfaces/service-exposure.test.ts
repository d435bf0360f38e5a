import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/core/clock";
import type { ServiceDeps } from "../../server/core/context";
import { registerGraphql } from "../../server/graphql/plugin";
import type { JobQueue } from "../../server/jobs/queue";
import {
  exposure,
  exposureTable,
  forbiddenImportsOf,
  type Operation,
  operationsOf,
  parseFile,
  ROOT,
} from "./service-exposure";

// Every resolver calls the same service function as tRPC, so rules and authorization cannot
// drift (DESIGN: three surfaces, one service layer); this test lists the functions each exposes. Read from the source:
// each GraphQL operation's service functions must be ones the console's tRPC procedures import, and
// no resolver file may reach the database or the permission check itself.

/** Root wiring of server/graphql/plugin.ts, not a module's operation. */
const ROOT_WIRING = new Set(["Query._version"]);

let app: FastifyInstance;
let schemaFields: string[];

beforeAll(async () => {
  // The schema as the app builds it, without a database: only its field names are read.
  app = Fastify();
  const deps = { db: undefined, jobs: undefined as unknown as JobQueue, clock: systemClock, log: app.log };
  await registerGraphql(app, deps as unknown as ServiceDeps, async () => ({ kind: "anonymous" }) as const);
  await app.ready();
  const schema = app.graphql.schema;
  schemaFields = [
    ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `Query.${f}`),
    ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `Mutation.${f}`),
  ].sort();
});
afterAll(() => app.close());

describe("the service functions exposed on each surface", () => {
  const { operations, forbidden, trpc, byFile } = exposure();
  const table = exposureTable(operations, trpc);

  it("finds every GraphQL operation of the built schema in a module's resolvers", () => {
    const found = new Set(operations.map((o) => o.operation));
    const unfound = schemaFields.filter((f) => !ROOT_WIRING.has(f) && !found.has(f));
    expect(unfound, `resolvers not written as Query/Mutation object fields:\n${table}`).toEqual([]);
  });

  it("every GraphQL operation calls a service function, and only ones the console's tRPC exposes too", () => {
    const offending = operations.filter(
      (op) => op.services.length === 0 || op.services.some((s) => !trpc.has(s)),
    );
    expect(
      offending.map((o) => o.operation),
      `GraphQL-only business logic (fix the resolver or expose the service on tRPC):\n${exposureTable(offending, trpc)}\n\nAll operations:\n${table}`,
    ).toEqual([]);
  });

  it("type fields too reach only service functions the console's tRPC exposes", () => {
    const offending = byFile.flatMap((f) =>
      f.services.filter((s) => !trpc.has(s)).map((s) => `${f.file}: ${s}`),
    );
    expect(offending, "a nested field calls a service function tRPC does not expose").toEqual([]);
  });

  it("no GraphQL resolver file reads the database, takes locks or decides permissions itself", () => {
    expect(forbidden, `resolver files importing what only services may:\n${table}`).toEqual([]);
  });

  it("lists the spec 02 §7 operations with the service functions the console uses", () => {
    const byOperation = new Map(operations.map((o) => [o.operation, o.services]));
    expect(byOperation.get("Mutation.renameTeam")).toEqual([
      "server/modules/teams/teams.manage.service#renameTeam",
    ]);
    expect(byOperation.get("Mutation.inviteUsers")).toEqual([
      "server/modules/invitations/invitations.service#inviteUsers",
    ]);
    expect(byOperation.get("Query.viewer")).toEqual(["server/modules/account/viewer.service#getViewer"]);
    expect(trpc.get("server/modules/teams/teams.manage.service#renameTeam")).toEqual([
      "server/modules/teams/teams.router.ts",
    ]);
  });
});

describe("the check itself", () => {
  // A resolver module as someone might write it: one operation with its own query and permission
  // check, one calling a service the console does not use, one as it should be.
  const source = `
    import { eq } from "drizzle-orm";
    import { authorize } from "../../core/authz";
    import { users } from "../../db/schema";
    import { getTeam } from "./teams.manage.service";
    import { exportEverything } from "./teams.export.service";
    const load = (ctx, id) => getTeam(ctx.service, id);
    export const badGraphql = {
      typeDefs: "",
      resolvers: {
        Query: {
          rogue: async (_root, args, ctx) => {
            await authorize(ctx.service, "team.view");
            return ctx.service.db.select().from(users).where(eq(users.id, args.id));
          },
          sideDoor: (_root, _args, ctx) => exportEverything(ctx.service),
          team: (_root, args, ctx) => load(ctx, args.teamId),
        },
      },
    };
  `;
  const parsed = parseFile(`${ROOT}/server/modules/teams/bad.graphql.ts`, source);
  const operations = operationsOf(parsed);
  const trpc = exposure().trpc;
  const byName = (name: string) => operations.find((o) => o.operation === name) as Operation;

  it("catches a resolver with its own query and permission check", () => {
    expect(byName("Query.rogue").services).toEqual([]);
    expect(forbiddenImportsOf(parsed).map((f) => f.module)).toEqual([
      "drizzle-orm",
      "server/core/authz",
      "server/db/schema",
    ]);
  });

  it("catches a service function only GraphQL calls, and follows the file's own helpers", () => {
    expect(byName("Query.sideDoor").services.filter((s) => !trpc.has(s))).toEqual([
      "server/modules/teams/teams.export.service#exportEverything",
    ]);
    expect(byName("Query.team").services).toEqual(["server/modules/teams/teams.manage.service#getTeam"]);
    expect(exposureTable([byName("Query.rogue"), byName("Query.sideDoor")], trpc)).toContain("NOT ON tRPC");
  });
});
