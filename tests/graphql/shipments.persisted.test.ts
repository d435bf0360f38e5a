import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../setup/app";
import { graphqlClient, shipmentsWithHistory, shipmentsWorld, signIn } from "./shipments.kit";

// Automatic persisted queries (spec 01 §7 "persisted queries"): a client sends the sha256 of its
// document; on PERSISTED_QUERY_NOT_FOUND it sends the document with the hash once, and from then on
// the hash alone is enough. The protocol is Apollo's, so its links work unchanged.

let t: TestApp;
let admin: ReturnType<typeof graphqlClient>;
let teamId: string;

beforeAll(async () => {
  t = await startTestApp();
  const world = await shipmentsWorld(t.database.db, t.clock.now());
  await shipmentsWithHistory(t.database.db, world.f, world.team, world.members.ADMIN.id, 2);
  admin = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.members.ADMIN.id));
  teamId = world.team.id;
});
afterAll(() => t?.close());

const PAGE = `query Page($teamId: ID) { shipments_v2(teamId: $teamId, tab: ALL) { items { title latestHistory { vessels { vesselName } } } pagination { total } } }`;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const persisted = (hash: string, version = 1) => ({ persistedQuery: { version, sha256Hash: hash } });

describe("automatic persisted queries", () => {
  it("asks for the document of an unknown hash, then answers the hash alone", async () => {
    const hash = sha256(PAGE);
    const unknown = await admin(null, { teamId }, persisted(hash));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: "PersistedQueryNotFound",
      extensions: { code: "PERSISTED_QUERY_NOT_FOUND" },
    });

    const registered = await admin(PAGE, { teamId }, persisted(hash));
    expect(registered.status).toBe(200);
    expect(registered.body.data.shipments_v2.pagination.total).toBe(2);

    const byHash = await admin(null, { teamId }, persisted(hash));
    expect(byHash.status).toBe(200);
    expect(byHash.body.data).toEqual(registered.body.data);
    expect(byHash.body.data.shipments_v2.items[0].latestHistory.vessels).toHaveLength(2);
  });

  it("refuses a document whose hash does not match, and keeps nothing for that hash", async () => {
    const wrong = sha256("something else");
    const res = await admin(PAGE, { teamId }, persisted(wrong));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const later = await admin(null, { teamId }, persisted(wrong));
    expect(later.body.errors?.[0]?.extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
  });

  it("says an unknown protocol version is not supported", async () => {
    const res = await admin(null, { teamId }, persisted(sha256(PAGE), 2));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions.code).toBe("PERSISTED_QUERY_NOT_SUPPORTED");
  });

  it("still answers ordinary documents sent without a hash", async () => {
    const res = await admin(PAGE, { teamId });
    expect(res.body.data.shipments_v2.pagination.total).toBe(2);
  });
});
