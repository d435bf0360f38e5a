import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/setup/app";
import { systemClock } from "../core/clock";
import type { ServiceDeps } from "../core/context";
import type { JobQueue } from "../jobs/queue";
import { installRestErrorHandler } from "../rest/errors";
import { GRAPHQL_LIMITS } from "./limits";
import { registerGraphql } from "./plugin";

// Decision 0067: limits on aliases, depth, tokens and cost; client mistakes answered 400 with
// their own code and logged at info (never INTERNAL at error); introspection off in production.

const lines: { level: number; msg: string }[] = [];
let app: FastifyInstance;

const nestedTypeDefs = /* GraphQL */ `
  type Node {
    name: String!
    child: Node
  }
  extend type Query {
    node: Node
    nodes: [Node!]!
    broken: String!
    echo(text: String!): String
  }
`;
const node = (): unknown => ({ name: "n", child: node });

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ loggerInstance: pino({ level: "info" }, sink) }) as unknown as FastifyInstance;
  const deps: ServiceDeps = {
    db: undefined as never,
    jobs: undefined as unknown as JobQueue,
    clock: systemClock,
    log: app.log,
  };
  installRestErrorHandler(app);
  await registerGraphql(
    app,
    deps,
    async () => ({ kind: "anonymous" }) as const,
    [
      {
        typeDefs: nestedTypeDefs,
        resolvers: {
          Query: {
            node,
            nodes: () => [node()],
            broken: () => null,
            echo: (_: unknown, a: { text: string }) => a.text,
          },
        },
      },
    ],
    { introspection: false },
  );
});
afterAll(() => app.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/graphql",
    // Refusals answer their own 4xx in GraphQL over HTTP's media type (application/json: 200).
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

function logsSince(mark: number) {
  return lines.slice(mark);
}

describe("GraphQL client errors", () => {
  it.each([
    ["a syntax error", { query: "{ node { name " }, "GRAPHQL_SYNTAX_ERROR"],
    ["an unknown field", { query: "{ node { colour } }" }, "GRAPHQL_VALIDATION_FAILED"],
    ["a batch", [{ query: "{ _version }" }, { query: "{ _version }" }], "GRAPHQL_BATCH_NOT_SUPPORTED"],
  ])("answers %s with 400 and its own code, logged at info", async (_name, payload, code) => {
    const mark = lines.length;
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors[0].extensions.code).toBe(code);
    expect(body.errors[0].message).not.toContain("server issue");
    const logged = logsSince(mark);
    expect(logged.some((l) => l.level === 30 && l.msg === "graphql request refused")).toBe(true);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it("answers a CSRF refusal (a simple text/plain POST) with 400 GRAPHQL_CSRF_REJECTED", async () => {
    const mark = lines.length;
    const res = await app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify({ query: "{ _version }" }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe("GRAPHQL_CSRF_REJECTED");
    expect(logsSince(mark).filter((l) => l.level >= 50)).toEqual([]);
  });

  it("answers a missing required variable as the client's mistake", async () => {
    const res = await post({ query: "query ($t: String!) { echo(text: $t) }" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("answers a broken non-null field as INTERNAL, logged at error", async () => {
    const mark = lines.length;
    const res = await post({ query: "{ broken }" });
    expect(res.json().errors[0].extensions.code).toBe("INTERNAL");
    expect(logsSince(mark).some((l) => l.level === 50)).toBe(true);
  });

  it("answers in Japanese when asked", async () => {
    const res = await post({ query: "{ node { name " }, { "accept-language": "ja" });
    expect(res.json().errors[0].message).toBe("GraphQL ドキュメントを解析できませんでした。");
  });

  it("gives the parser's detail but no schema hints while introspection is off", async () => {
    const res = await post({ query: "{ nodez { name } }" });
    const [error] = res.json().errors;
    expect(error.extensions.detail).toContain('Cannot query field "nodez"');
    expect(error.extensions.detail).not.toContain("Did you mean");
  });
});

describe("GraphQL limits", () => {
  const tooComplex = async (query: string) => {
    const res = await post({ query });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe("GRAPHQL_QUERY_TOO_COMPLEX");
    return res.json().errors[0].extensions.detail as string | undefined;
  };

  it("refuses more aliases than the limit, and takes the limit itself", async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: _version`).join(" ")} }`;
    expect(await tooComplex(aliases(GRAPHQL_LIMITS.maxAliases + 1))).toMatch(/Aliases limit/);
    const ok = await post({ query: aliases(GRAPHQL_LIMITS.maxAliases) });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a 20,000-alias document without executing it", async () => {
    const huge = `{ ${Array.from({ length: 20_000 }, (_, i) => `a${i}: _version`).join(" ")} }`;
    const res = await post({ query: huge });
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().errors[0].extensions.code).toBe("GRAPHQL_QUERY_TOO_COMPLEX");
    expect(res.body.length).toBeLessThan(2000);
  });

  it("refuses a document deeper than the limit", async () => {
    const deep = (levels: number) => `{ node { ${"child { ".repeat(levels)}name${" }".repeat(levels)} } }`;
    expect(await tooComplex(deep(GRAPHQL_LIMITS.maxDepth + 1))).toMatch(/depth limit/);
  });

  it("refuses a document with more tokens than the limit", async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => "name").join(" ");
    await tooComplex(`{ node { ${fields} } }`);
  });

  it("refuses a document costlier than the limit", async () => {
    // Below the depth and alias limits, but each level multiplies the cost.
    const wide = Array.from({ length: 200 }, () => "name").join(" ");
    const level = (n: number): string => (n === 0 ? wide : `${wide} child { ${level(n - 1)} }`);
    expect(await tooComplex(`{ nodes { ${level(6)} } }`)).toMatch(/Cost limit/);
  });

  it("still answers an ordinary query", async () => {
    const res = await post({ query: "{ node { name child { name } } }" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.node.child.name).toBe("n");
  });
});

describe("introspection", () => {
  it("is refused when turned off", async () => {
    const res = await post({ query: "{ __schema { types { name } } }" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  describe("through the app's configuration", () => {
    const SECRETS_KEY = Buffer.alloc(32, 1).toString("base64");
    let production: TestApp;
    let configured: TestApp;
    beforeAll(async () => {
      [production, configured] = await Promise.all([
        createTestApp({ env: { NODE_ENV: "production", SECRETS_KEY } }),
        createTestApp({ env: { NODE_ENV: "production", SECRETS_KEY, GRAPHQL_INTROSPECTION: "true" } }),
      ]);
    });
    afterAll(() => Promise.all([production.close(), configured.close()]));

    const introspect = (t: TestApp) =>
      t.app.inject({
        method: "POST",
        url: "/graphql",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        payload: { query: '{ __type(name: "Query") { name } }' },
      });

    it("is off in production unless GRAPHQL_INTROSPECTION is set", async () => {
      expect((await introspect(production)).statusCode).toBe(400);
      const res = await introspect(configured);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.__type.name).toBe("Query");
    });
  });
});
