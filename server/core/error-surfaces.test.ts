import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { registerGraphql } from "../graphql/plugin";
import type { JobQueue } from "../jobs/queue";
import { installRestErrorHandler } from "../rest/errors";
import { router, serviceProcedure, type TrpcContext } from "../trpc/init";
import { AppError } from "./app-error";
import { systemClock } from "./clock";
import type { ServiceDeps } from "./context";
import { serviceContextFor } from "./request-context";

// One service failure, three surfaces: each maps the code to its status and the translated
// message, and none lets an unexpected error's text out.

const denied = () => {
  throw new AppError("PERMISSION_DENIED");
};
const limited = () => {
  throw new AppError("RATE_LIMITED", { seconds: 42 });
};
const crashed = () => {
  throw new Error("connection string postgres://secret@db leaked");
};

let app: FastifyInstance;
const logged: unknown[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  const log = { ...app.log, error: (...args: unknown[]) => logged.push(args) } as never;
  app.addHook("onRequest", async (req) => {
    req.log = log;
  });
  const deps: ServiceDeps = {
    db: undefined as never,
    jobs: undefined as unknown as JobQueue,
    clock: systemClock,
    log,
  };
  const anonymous = async () => ({ kind: "anonymous" }) as const;
  installRestErrorHandler(app);
  const testRouter = router({
    denied: serviceProcedure.query(denied),
    limited: serviceProcedure.query(limited),
    crashed: serviceProcedure.query(crashed),
  });
  await app.register(fastifyTRPCPlugin<typeof testRouter>, {
    prefix: "/trpc",
    trpcOptions: {
      router: testRouter,
      createContext: async ({ req }): Promise<TrpcContext> => ({
        req,
        config: loadConfig({ NODE_ENV: "test" }),
        service: await serviceContextFor(deps, req, anonymous),
      }),
    },
  });
  await registerGraphql(app, deps, anonymous, [
    {
      typeDefs: "extend type Query { denied: String, crashed: String }",
      resolvers: { Query: { denied, crashed } },
    },
  ]);
  app.get("/rest/denied", denied);
  app.get("/rest/crashed", crashed);
});
afterAll(() => app.close());

describe("tRPC", () => {
  it("answers an AppError with its status and the English message", async () => {
    const res = await app.inject({ url: "/trpc/denied" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You don't have permission to access this page.");
    expect(res.json().error.data.appCode).toBe("PERMISSION_DENIED");
  });

  it("answers in Japanese when asked, with parameters filled in", async () => {
    const res = await app.inject({ url: "/trpc/limited", headers: { "accept-language": "ja,en;q=0.5" } });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe("試行回数が多すぎます。42秒待ってから再度お試しください。");
  });

  it("never shows an unexpected error's text, and logs it", async () => {
    const before = logged.length;
    const res = await app.inject({ url: "/trpc/crashed" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret");
    expect(res.json().error.message).toBe("We are experiencing a server issue. Please try again later.");
    expect(logged.length).toBeGreaterThan(before);
  });
});

describe("GraphQL", () => {
  const query = (q: string, lang = "en") =>
    app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", "x-lang": lang },
      payload: { query: q },
    });

  it("puts the translated message and the code in the error", async () => {
    const res = await query("{ denied }", "ja");
    const [error] = res.json().errors;
    expect(error.message).toBe("このページにアクセスする権限がありません。");
    expect(error.extensions.code).toBe("PERMISSION_DENIED");
  });

  it("hides an unexpected error's text", async () => {
    const res = await query("{ crashed }");
    expect(res.body).not.toContain("secret");
    expect(res.json().errors[0].extensions.code).toBe("INTERNAL");
  });
});

describe("REST", () => {
  it("answers { error: true, message } with the code's status", async () => {
    const res = await app.inject({ url: "/rest/denied", headers: { "accept-language": "ja" } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: true,
      code: "PERMISSION_DENIED",
      message: "このページにアクセスする権限がありません。",
    });
  });

  it("hides an unexpected error's text", async () => {
    const res = await app.inject({ url: "/rest/crashed" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret");
    expect(res.json().message).toBe("We are experiencing a server issue. Please try again later.");
  });
});
