import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { startTestApp, type TestApp } from "../setup/app";
import { apiCompany, issueKey } from "./api-fixture";

// What docs/api.md tells API customers to do, done with a key over real HTTP: the documents of
// the guide (createShipment, shipments_v2 paging, persisted queries, the webhook operations).

const clock = new TestClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: {
    data: Record<string, unknown> | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
}

async function post(key: string, payload: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const CREATE =
  "mutation Add($teamId: ID!, $input: ShipmentInput!) { createShipment(teamId: $teamId, input: $input) { id warnings { code message } shipment { queueStatus } } }";
const PAGE =
  'query Page($teamId: ID, $page: Int) { shipments_v2(teamId: $teamId, tab: ONGOING, orderBy: arrivalTime, orderByType: ASC, page: $page, perPage: 100, searchInputs: [{ field: shippingLine, operator: IS, value: "MAERSK" }], fullTextQuery: "") { items { id trackingNumber shippingLine title latestHistory { arrivalTime arrivalTimeStatus dischargingPort { locode name } } } pagination { total hasNextPage } } }';

describe("the API guide's operations with a key", () => {
  it("creates a shipment and finds it in shipments_v2", async () => {
    const { admin, team } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    const created = await post(key, {
      query: CREATE,
      variables: {
        teamId: team.id,
        input: {
          trackingNumber: "MSKU1234565",
          shippingLine: "MAERSK",
          trackingType: "CONTAINER_NUMBER",
          title: "PO 4711",
        },
      },
    });
    expect(created.body.errors).toBeUndefined();
    const id = (created.body.data?.createShipment as { id: string } | undefined)?.id;
    expect(id).toBeTruthy();
    const page = await post(key, { query: PAGE, variables: { teamId: team.id, page: 1 } });
    expect(page.body.errors).toBeUndefined();
    const list = page.body.data?.shipments_v2 as {
      items: { id: string; title: string }[];
      pagination: { total: number; hasNextPage: boolean };
    };
    expect(list.items.map((s) => s.id)).toEqual([id]);
    expect(list.pagination).toEqual({ total: 1, hasNextPage: false });
  });

  it("answers a persisted query by its hash once the document was sent", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    const query = "{ shippingLines { code label } }";
    const hash = createHash("sha256").update(query).digest("hex");
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    const miss = await post(key, { extensions });
    expect(miss.body.errors?.[0]?.extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect((await post(key, { query, extensions })).body.errors).toBeUndefined();
    const hit = await post(key, { extensions });
    expect(hit.body.errors).toBeUndefined();
    expect(Array.isArray(hit.body.data?.shippingLines)).toBe(true);
  });

  it("sets, reads and removes the webhook URL", async () => {
    const { admin } = await apiCompany(t.database.db, clock);
    const key = await issueKey(t.database.db, clock, admin);
    const url = "https://93.184.215.14/tracking-hook";
    const saved = await post(key, {
      query: "mutation ($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhookUrl enabled } }",
      variables: { input: { webhookUrl: url } },
    });
    expect(saved.body.data?.updateWebhook).toEqual({ webhookUrl: url, enabled: true });
    const viewer = await post(key, { query: "{ viewer { apiToken webhookUrl } }" });
    expect(viewer.body.data?.viewer).toEqual({
      apiToken: `trk_${"•".repeat(12)}${key.slice(-4)}`,
      webhookUrl: url,
    });
    const refused = await post(key, {
      query:
        'mutation { updateWebhook(input: { webhookUrl: "http://169.254.169.254/latest" }) { webhookUrl } }',
    });
    expect(refused.body.errors?.[0]?.extensions.code).toMatch(/^WEBHOOK_URL_/);
    const removed = await post(key, {
      query: 'mutation { updateWebhook(input: { webhookUrl: "" }) { webhookUrl enabled } }',
    });
    expect(removed.body.data?.updateWebhook).toEqual({ webhookUrl: null, enabled: false });
    const webhook = await post(key, { query: "{ webhook { webhookUrl disabledReason } }" });
    expect(webhook.body.data?.webhook).toEqual({ webhookUrl: null, disabledReason: null });
  });
});
