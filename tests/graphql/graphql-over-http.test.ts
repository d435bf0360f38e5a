import { auditServer } from "graphql-http";
import { describe, expect, it } from "vitest";
import { appWithApiKey } from "../api/api-fixture";

// The GraphQL-over-HTTP conformance audit an integrator's tooling runs (graphql-http's
// auditServer), against the real app on loopback with an API key: every MUST and SHOULD holds.

const world = appWithApiKey();

function withKey(input: RequestInfo | URL, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${world.key}`);
  return fetch(input, { ...init, headers });
}

describe("GraphQL over HTTP conformance (graphql-http auditServer)", () => {
  it("passes every audit with no error and no warning", async () => {
    const results = await auditServer({ url: `${world.app.url}/graphql`, fetchFn: withKey });
    const failed = results
      .filter((r) => r.status !== "ok")
      .map((r) => `${r.status} ${r.id} ${r.name}: ${"reason" in r ? r.reason : ""}`);
    expect(failed).toEqual([]);
    expect(results.length).toBeGreaterThan(30);
  });

  async function send(body: string, headers: Record<string, string> = {}) {
    const res = await withKey(`${world.app.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    return {
      status: res.status,
      type: res.headers.get("content-type") ?? "",
      body: (await res.json()) as {
        data?: unknown;
        errors?: { message: string; extensions: { code: string; detail?: string } }[];
      },
    };
  }
  const GQL = { accept: "application/graphql-response+json, application/json;q=0.9" };

  it.each([
    ["{}", "GRAPHQL_REQUEST_MALFORMED"],
    ["not json", "GRAPHQL_REQUEST_MALFORMED"],
    ['{"query": 42}', "GRAPHQL_VALIDATION_FAILED"],
    ['{"query": ["{ __typename }"]}', "GRAPHQL_VALIDATION_FAILED"],
  ])("refuses %s as a malformed request with 400 in both media types", async (body, code) => {
    for (const headers of [{}, { accept: "application/json" }, GQL]) {
      const answer = await send(body, headers);
      expect(answer.status, `${body} ${JSON.stringify(headers)}`).toBe(400);
      expect(answer.body.data ?? null).toBeNull();
      expect(answer.body.errors?.[0]?.extensions.code).toBe(code);
    }
  });

  it("runs a request whose optional parameters are null", async () => {
    const answer = await send(
      JSON.stringify({ query: "{ __typename }", variables: null, operationName: null, extensions: null }),
    );
    expect(answer).toMatchObject({ status: 200, body: { data: { __typename: "Query" } } });
  });

  it("answers document errors 200 to application/json and 400 without data to graphql-response+json", async () => {
    const body = JSON.stringify({ query: "{ nope }" });
    const legacy = await send(body, { "accept-language": "ja" });
    expect(legacy.status).toBe(200);
    expect(legacy.type).toMatch(/^application\/json/);
    expect(legacy.body.data).toBeNull();
    expect(legacy.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(legacy.body.errors?.[0]?.message).toBe("GraphQL ドキュメントが API のスキーマと一致しません。");
    const modern = await send(body, GQL);
    expect(modern.status).toBe(400);
    expect(modern.type).toMatch(/^application\/graphql-response\+json/);
    expect("data" in modern.body).toBe(false);
    expect(modern.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("answers a refused key 401 in the negotiated media type, with its code", async () => {
    const res = await fetch(`${world.app.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer trk_wrong", ...GQL },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/graphql-response\+json/);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe("API_TOKEN_INVALID");
  });
});
