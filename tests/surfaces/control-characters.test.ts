import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import type { World } from "../authz/world";
import type { TestApp } from "../setup/app";
import { type Caller, graphql, send, surfaceWorld, trpc } from "./surface-kit";

// NUL and the other control characters are refused at every surface's door, by one rule for every
// string (shared/schemas/control-characters.ts), with a 400 and the rule's message in the caller's
// language, instead of reaching Postgres as a 500. CSV cells fail their line with the same message.

const EN = en.validation.controlCharacters;
const JA = ja.validation.controlCharacters;

let t: TestApp;
let world: World;
let admin: Caller;
let anonymous: Caller;

beforeAll(async () => {
  ({ t, world, admin, anonymous } = await surfaceWorld());
});
afterAll(() => t.close());

describe("tRPC", () => {
  it("refuses a control character anywhere in any procedure's input, in the caller's language", async () => {
    const cases: [string, "query" | "mutation", unknown][] = [
      ["shipments.list", "query", { teamId: world.teams.A.id, fullTextQuery: "abc\u0000" }],
      [
        "shipments.list",
        "query",
        {
          teamId: world.teams.A.id,
          searchInputs: [{ field: "title", operator: "CONTAINS", value: "x\u0000y" }],
        },
      ],
      ["shipments.searchSuggestion", "query", { field: "title", query: "\u0000", teamId: null }],
      ["shipments.searchSuggestion", "query", { field: "title", query: "ok", teamId: null, "k\u0001": 1 }],
      ["teams.create", "mutation", { name: "Desk \u001b[31m" }],
    ];
    for (const [path, type, input] of cases) {
      const res = await trpc(t.app, admin, type, path, input);
      expect(res.statusCode, `${path} ${JSON.stringify(input)}`).toBe(400);
      const error = res.json().error;
      expect(error.message).toBe(EN);
      expect(error.data.appCode).toBe("VALIDATION_FAILED");
      expect(error.data.issues[0].message).toBe("validation.controlCharacters");
    }
    const ja = await trpc(
      t.app,
      admin,
      "query",
      "shipments.list",
      { teamId: world.teams.A.id, fullTextQuery: "\u0000" },
      "ja",
    );
    expect(ja.statusCode).toBe(400);
    expect(ja.json().error.message).toBe(JA);
    // Where it was is named, and tab and line breaks stay ordinary text.
    const at = await trpc(t.app, admin, "query", "shipments.list", {
      teamId: world.teams.A.id,
      fullTextQuery: "a\u007f",
    });
    expect(at.json().error.data.issues[0].path).toEqual(["fullTextQuery"]);
    const fine = await trpc(t.app, admin, "query", "shipments.list", {
      teamId: world.teams.A.id,
      fullTextQuery: "a\tb\r\nc",
    });
    expect(fine.statusCode).toBe(200);
  });

  it("refuses it for an anonymous caller too, before anything else is read", async () => {
    const res = await trpc(t.app, anonymous, "query", "share.shipment", { shareToken: "x\u0000y" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.appCode).toBe("VALIDATION_FAILED");
  });

  it("fails a bulk-update CSV line whose cell holds NUL, with the rule's message, and applies the others", async () => {
    const csv = [
      "ShipmentId,Title",
      `${world.shipment.id},Good title`,
      `${world.shipment.id},Bad\u0000title`,
    ].join("\r\n");
    const res = await trpc(t.app, admin, "mutation", "shipments.bulkUpdateCsv", {
      teamId: world.teams.A.id,
      fileName: "update.csv",
      fileBase64: Buffer.from(csv, "utf8").toString("base64"),
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result.data;
    expect(result.rows).toEqual([
      { lineNo: 2, status: "success", shipmentId: world.shipment.id, error: null },
      { lineNo: 3, status: "failed", shipmentId: world.shipment.id, error: EN },
    ]);
  });
});

describe("GraphQL", () => {
  const refused = async (body: unknown, lang?: "en" | "ja") => {
    const res = await graphql(t.app, admin, body, lang);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    const [error] = res.json().errors;
    expect(error.extensions.code).toBe("VALIDATION_FAILED");
    return error.message as string;
  };

  it("refuses control characters in string literals, variables and the operation name", async () => {
    expect(
      await refused({ query: '{ shipments_v2(fullTextQuery: "a\\u0000") { pagination { total } } }' }),
    ).toBe(EN);
    expect(
      await refused({
        query: "query Q($q: String) { shipments_v2(fullTextQuery: $q) { pagination { total } } }",
        variables: { q: "\u0000" },
      }),
    ).toBe(EN);
    expect(
      await refused({
        query: "query Q($s: String) { shipments(searchTerm: $s) { id } }",
        variables: { s: "x\u0000" },
      }),
    ).toBe(EN);
    expect(
      await refused(
        {
          query: "query Q($q: String) { shipmentSearchSuggestion(field: title, query: $q) { value } }",
          variables: { q: "\u0008" },
        },
        "ja",
      ),
    ).toBe(JA);
    expect(
      await refused({
        query:
          '{ shipments_v2(searchInputs: [{ field: title, operator: CONTAINS, value: "\\u0000" }]) { pagination { total } } }',
      }),
    ).toBe(EN);
    // The operation name, with a document of one operation and with two (the name then chooses).
    expect(
      await refused({ query: "query Q { shipments_v2 { pagination { total } } }", operationName: "Q\u0000" }),
    ).toBe(EN);
    expect(
      await refused({
        query: "query Q { shipments_v2 { pagination { total } } } query R { __typename }",
        operationName: "R\u0007",
      }),
    ).toBe(EN);
  });

  it("checks each request's variables, and the same document's literals however often it comes", async () => {
    // The document's literals are walked once per parsed document (server/graphql/control-characters.ts);
    // what each request brings with it is checked every time.
    const query =
      "query Q($t: ID, $q: String) { shipments_v2(teamId: $t, fullTextQuery: $q) { pagination { total } } }";
    for (let run = 0; run < 3; run += 1) {
      const clean = await graphql(t.app, admin, { query, variables: { t: world.teams.A.id, q: "a" } });
      expect(clean.statusCode).toBe(200);
      expect(await refused({ query, variables: { t: world.teams.A.id, q: "a\u0007" } })).toBe(EN);
      expect(
        await refused({ query: '{ shipments_v2(fullTextQuery: "a\\u0000") { pagination { total } } }' }),
      ).toBe(EN);
    }
  });

  it("answers a document without them as before", async () => {
    const res = await graphql(t.app, admin, {
      query:
        "query Q($t: ID, $q: String) { shipments_v2(teamId: $t, fullTextQuery: $q) { pagination { total } } }",
      variables: { t: world.teams.A.id, q: "a\tb" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toBeUndefined();
  });
});

describe("REST", () => {
  it("refuses them in the query, the path and the body of any route, signed in or not", async () => {
    const cases = [
      { method: "POST" as const, url: "/notifications/unsubscribe?unsubscribeToken=x%00y" },
      { method: "GET" as const, url: "/ml/infer/MSKU%001234565" },
      {
        method: "POST" as const,
        url: "/auth/signin",
        payload: { email: "a@example.com", password: "Pass\u0000word-123" },
      },
    ];
    for (const caller of [anonymous, admin]) {
      for (const request of cases) {
        const res = await send(t.app, caller, request);
        expect(res.statusCode, `${request.url} as ${caller.name}`).toBe(400);
        expect(res.json()).toMatchObject({ error: true, code: "VALIDATION_FAILED", message: EN });
      }
    }
    const ja = await send(t.app, anonymous, { ...cases[0]!, lang: "ja" });
    expect(ja.json().message).toBe(JA);
  });
});
