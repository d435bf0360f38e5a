import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../setup/app";

// A GraphQL request whose parameters have the wrong JSON types (`{"query": 5}`) is the client's
// mistake: 400 with a client error code, and nothing logged as an unhandled error.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("GraphQL request parameters of the wrong type", () => {
  it("answers 400 GRAPHQL_VALIDATION_FAILED naming the parameter, and logs no unhandled error", async () => {
    const errors = vi.spyOn(t.app.log, "error");
    const cases: [unknown, string][] = [
      [{ query: 5 }, "body/query must be a string"],
      [{ query: true }, "body/query must be a string"],
      [{ query: ["{ _version }"] }, "body/query must be a string"],
      [{ query: { kind: "Document", definitions: [] } }, "body/query must be a string"],
      [{ query: "{ _version }", variables: "{}" }, "body/variables must be an object"],
      [{ query: "{ _version }", variables: [1] }, "body/variables must be an object"],
      [{ query: "{ _version }", operationName: 5 }, "body/operationName must be a string"],
      [{ query: "{ _version }", extensions: 1 }, "body/extensions must be an object"],
      ["{ _version }", "body must be a JSON object"],
      [7, "body must be a JSON object"],
    ];
    for (const [payload, detail] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        data: null,
        errors: [
          {
            message: "The GraphQL document does not match the API schema.",
            extensions: { code: "GRAPHQL_VALIDATION_FAILED", detail },
          },
        ],
      });
    }
    const repeated = await t.app.inject({
      method: "GET",
      url: "/graphql?query=%7B_version%7D&query=%7B_version%7D",
      headers: { "mercurius-require-preflight": "true" },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors[0].extensions.detail).toBe("querystring/query must be a string");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("still answers a well-formed request, with null for the optional parameters", async () => {
    const res = await post({ query: "{ _version }", variables: null, operationName: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { _version: "1" } });
  });
});
