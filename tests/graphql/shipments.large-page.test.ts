import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { shipments } from "../../server/db/schema";
import { GRAPHQL_LIST_LIMITS } from "../../server/graphql/limits";
import { apiCompany, issueKey } from "../api/api-fixture";
import { startTestApp, type TestApp } from "../setup/app";

// shipments_v2 serves the calendar's and timeline's whole set in one page (perPage up to 100,000,
// spec 01 §7) through the API; the list cost limit counts perPage times the items' selection, so
// such a page cannot be multiplied by aliases or by a heavy nested selection.

const SEEDED = 300;
const clock = new TestClock(new Date());
let t: TestApp;
let key: string;
let teamId: string;
beforeAll(async () => {
  t = await startTestApp({ clock });
  const { admin, team } = await apiCompany(t.database.db, clock);
  teamId = team.id;
  key = await issueKey(t.database.db, clock, admin);
  await t.database.db.insert(shipments).values(
    Array.from({ length: SEEDED }, (_, i) => ({
      companyId: team.companyId,
      teamId: team.id,
      shippingLine: "MAERSK" as const,
      trackingType: "BOOKING_NUMBER" as const,
      trackingNumber: `BKPAGE${String(i).padStart(5, "0")}`,
      title: `Shipment ${i}`,
    })),
  );
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: {
    data?: Record<string, { items: { id: string }[]; pagination: { total: number } }> | null;
    errors?: { message: string; extensions: { code: string; detail?: string } }[];
  };
}

async function post(
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
): Promise<Answer> {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json",
      authorization: `Bearer ${key}`,
    },
    body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const LIGHT = "items { id trackingNumber title createdAt } pagination { total hasNextPage }";
const place = "{ locode name latitude longitude timeZone }";
const history = `{ id status placeOfReceipt ${place} loadingPort ${place} dischargingPort ${place}
  departureTime arrivalTime placeOfDelivery ${place} placeOfDeliveryEta
  vessels { id vesselName imo voyage loadingPort ${place} dischargingPort ${place} departureTime arrivalTime }
  containers { id containerNumber sizeType gateInTime gateOutTime } }`;
const HEAVY = `items { id title remark trackingNumber shippingLine owner { id nickname email }
  team { id name } comments { id content createdAt user { id nickname } }
  shipmentActivities { id kind content createdAt } shipmentHistories ${history} latestHistory ${history} }`;
const page = (alias: string, perPage: string, selection: string) =>
  `${alias}: shipments_v2(teamId: $teamId, tab: ALL, perPage: ${perPage}) { ${selection} }`;

describe("shipments_v2 pages of up to 100,000", () => {
  it("answers one 100,000 page of a light selection with every shipment", async () => {
    const answer = await post(`query ($teamId: ID) { ${page("all", "100000", LIGHT)} }`, { teamId });
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.body.data?.all?.items).toHaveLength(SEEDED);
    expect(answer.body.data?.all?.pagination.total).toBe(SEEDED);
  });

  it("counts a page size given as a variable", async () => {
    const ok = await post(`query ($teamId: ID, $n: Int) { ${page("all", "$n", LIGHT)} }`, {
      teamId,
      n: 100_000,
    });
    expect(ok.body.data?.all?.items).toHaveLength(SEEDED);
    const heavy = await post(`query ($teamId: ID, $n: Int) { ${page("all", "$n", HEAVY)} }`, {
      teamId,
      n: 100_000,
    });
    expect(heavy.status).toBe(400);
    expect(heavy.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_QUERY_TOO_COMPLEX");
  });

  it("refuses a 100,000 page of a heavy nested selection as too complex", async () => {
    const answer = await post(`query ($teamId: ID) { ${page("all", "100000", HEAVY)} }`, { teamId });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: "GRAPHQL_QUERY_TOO_COMPLEX" });
    expect(answer.body.errors?.[0]?.extensions.detail).toMatch(/List cost limit/);
    // The same selection on the list's own page still runs.
    const small = await post(`query ($teamId: ID) { ${page("all", "100", HEAVY)} }`, { teamId });
    expect(small.body.errors).toBeUndefined();
    expect(small.body.data?.all?.items).toHaveLength(100);
  });

  it("refuses several aliased 100,000 pages, given literally or as variables", async () => {
    const aliases = ["a", "b", "c"].map((a) => page(a, "100000", LIGHT)).join(" ");
    const literal = await post(`query ($teamId: ID) { ${aliases} }`, { teamId });
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_QUERY_TOO_COMPLEX");
    expect(literal.body.errors?.[0]?.extensions.detail).toContain(
      `List items limit of ${GRAPHQL_LIST_LIMITS.maxListItems}`,
    );
    const two = ["a", "b"].map((a) => page(a, "$n", "items { id }")).join(" ");
    const variables = await post(`query ($teamId: ID, $n: Int) { ${two} }`, { teamId, n: 100_000 });
    expect(variables.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_QUERY_TOO_COMPLEX");
  });

  it("measures the same document again for each page size and operation it comes with", async () => {
    // The measure is kept per document (server/graphql/limits.ts): an answer for one page size or
    // operation must never stand for another.
    const document = `query Page($teamId: ID, $n: Int) { ${page("all", "$n", HEAVY)} }
      query Whole($teamId: ID) { ${page("all", "100000", HEAVY)} }`;
    const sizes = [100, 100_000, 100, 100_000, -1, 100];
    const answers = [];
    for (const n of sizes) answers.push(await post(document, { teamId, n }, "Page"));
    expect(answers.map((a) => a.body.errors?.[0]?.extensions.code ?? "ok")).toEqual([
      "ok",
      "GRAPHQL_QUERY_TOO_COMPLEX",
      "ok",
      "GRAPHQL_QUERY_TOO_COMPLEX",
      // A size the field refuses is counted as the default page, then refused by the field itself.
      "VALIDATION_FAILED",
      "ok",
    ]);
    const whole = await post(document, { teamId, n: 100 }, "Whole");
    expect(whole.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_QUERY_TOO_COMPLEX");
    const again = await post(document, { teamId, n: 100 }, "Page");
    expect(again.body.errors).toBeUndefined();
  });

  it("refuses a page over 100,000", async () => {
    const answer = await post(`query ($teamId: ID) { ${page("all", "100001", "items { id }")} }`, { teamId });
    expect(answer.body.errors?.[0]?.extensions.code).toBe("VALIDATION_FAILED");
    expect(answer.body.data?.all ?? null).toBeNull();
  });
});
