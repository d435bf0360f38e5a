import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SIGN_IN, seedDemoIfEmpty } from "../../scripts/demo-seed";
import { TestClock } from "../../server/core/clock";
import { users } from "../../server/db/schema";
import { setContract } from "../../server/modules/companies/provider.service";
import { approveApi } from "../../server/modules/plans/provider.service";
import { createTestApp, startTestApp, type TestApp } from "../setup/app";
import { contextFor } from "../setup/context";
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

// Every shell example of docs/api.md, run as written (in order, in one shell, as the guide says)
// with curl and jq against the demo company of a fresh start, given a paid plan and API approval
// as the provider's admin CLI gives them (set-contract, approve-api). Only $TRACKING and $API_KEY
// are supplied. curl's own configuration (CURL_HOME) adds a newline after each answer and turns an
// HTTP error into a failed command; each answer must be a GraphQL result without errors.

const GUIDE = path.resolve(import.meta.dirname, "../../docs/api.md");
const run = promisify(execFile);

/** The fenced sh blocks of the guide that talk to the API. */
function apiExamples(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
  return blocks.filter((b) => b.includes("$TRACKING"));
}

describe("docs/api.md's examples against the demo company", () => {
  let demo: TestApp;
  let key: string;
  let curlHome: string;
  beforeAll(async () => {
    demo = await createTestApp({ clock, listen: true });
    expect(await seedDemoIfEmpty(demo.database.db, clock)).not.toBeNull();
    const provider = contextFor(demo.database.db, { kind: "system", reason: "admin-cli:test" }, { clock });
    const now = clock.now().getTime();
    await setContract(provider, DEMO_SIGN_IN.email, {
      plan: "STANDARD",
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 365 * 86_400_000),
      maxTrackings: 500,
      maxMembers: 20,
    });
    await approveApi(provider, DEMO_SIGN_IN.email);
    const [admin] = await demo.database.db.select().from(users).where(eq(users.email, DEMO_SIGN_IN.email));
    if (!admin) throw new Error("demo admin missing");
    key = await issueKey(demo.database.db, clock, admin);
    curlHome = await mkdtemp(path.join(tmpdir(), "api-guide-"));
    await writeFile(
      path.join(curlHome, ".curlrc"),
      'silent\nshow-error\nfail-with-body\nwrite-out = "\\n"\n',
    );
  });
  afterAll(async () => {
    await demo?.close();
    if (curlHome) await rm(curlHome, { recursive: true, force: true });
  });

  it("runs every example without an error", async () => {
    const examples = apiExamples(await readFile(GUIDE, "utf8"));
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const script = examples.map((block, i) => `echo "@@example ${i}"\n${block}`).join("\n");
    const { stdout } = await run("bash", ["-e", "-o", "pipefail", "-c", script], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: curlHome,
        CURL_HOME: curlHome,
        TRACKING: demo.url,
        API_KEY: key,
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    const answers = stdout.split("@@example ").slice(1);
    expect(answers).toHaveLength(examples.length);
    for (const [i, output] of answers.entries()) {
      const lines = output
        .split("\n")
        .slice(1)
        .filter((l) => l.trim() !== "");
      // Each example that prints answers them as GraphQL results without errors.
      for (const line of lines) {
        const answer = JSON.parse(line) as { data?: unknown; errors?: unknown[] };
        expect(answer.errors, `example ${i}: ${examples[i]}\n${line}`).toBeUndefined();
        expect(answer.data).toBeTruthy();
      }
      if (!examples[i]?.startsWith("TEAM_ID=")) expect(lines.length, `example ${i}`).toBeGreaterThan(0);
    }
    // The created shipment is the demo's fifth, beside its own MSKU1234565.
    const numbers = await demo.database.db.query.shipments.findMany({ columns: { trackingNumber: true } });
    expect(numbers.map((n) => n.trackingNumber)).toEqual(
      expect.arrayContaining(["MSKU1234565", "MSKU7654328"]),
    );
  });
});
