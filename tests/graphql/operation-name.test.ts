import { describe, expect, it } from "vitest";
import { appWithApiKey } from "../api/api-fixture";

// The operation a request names is the one that runs, however often its document came before:
// mercurius compiles a document (graphql-jit) on its second run and keeps the compiled form by the
// document's text, for the operation of the request that compiled it (server/graphql/operation-choice.ts).

const world = appWithApiKey();

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions: { code: string; detail?: string } }[] };
}

async function post(query: string, operationName?: string): Promise<Answer> {
  const res = await fetch(`${world.app.url}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${world.key}`, "content-type": "application/json" },
    body: JSON.stringify(operationName === undefined ? { query } : { query, operationName }),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

async function get(query: string, operationName: string): Promise<Answer> {
  const params = new URLSearchParams({ query, operationName });
  const res = await fetch(`${world.app.url}/graphql?${params}`, {
    headers: { authorization: `Bearer ${world.key}` },
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("the operation a request names", () => {
  it("runs, for each request of a document of two operations, compiled or not", async () => {
    const document = "query A { a: __typename } query B { b: __typename }";
    for (let run = 0; run < 4; run += 1) {
      expect((await post(document, "A")).body).toEqual({ data: { a: "Query" } });
      expect((await post(document, "B")).body).toEqual({ data: { b: "Query" } });
    }
  });

  it("is missing from the document: the same answer before and after the document is compiled", async () => {
    const document = "query Only { only: __typename }";
    const before = await post(document, "Other");
    expect(before.body.errors?.[0]?.extensions.detail).toBe('Unknown operation named "Other".');
    for (let run = 0; run < 4; run += 1) {
      expect((await post(document, "Only")).body).toEqual({ data: { only: "Query" } });
      expect((await post(document)).body).toEqual({ data: { only: "Query" } });
    }
    expect(await post(document, "Other")).toEqual(before);
  });

  it("is a query asked by GET, after the same document's mutation was compiled by POST", async () => {
    const document = `query Q { q: __typename } mutation M { deleteShipment(shipmentId: "${MISSING}") { __typename } }`;
    for (let run = 0; run < 4; run += 1) {
      const mutation = await post(document, "M");
      expect(mutation.body.errors?.[0]?.extensions.code).toBe("SHIPMENT_NOT_FOUND");
    }
    const query = await get(document, "Q");
    expect(query.status).toBe(200);
    expect(query.body).toEqual({ data: { q: "Query" } });
    // And the mutation itself still may not come by GET.
    expect((await get(document, "M")).status).toBe(405);
  });
});
