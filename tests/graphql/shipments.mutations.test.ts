import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activities, commentReads, favorites, shipments, subscriptions } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../setup/app";
import { graphqlClient, shipmentsWorld, signIn } from "./shipments.kit";

// The shipments mutations of the API (spec 01 §7) over HTTP with the console session: each one's
// effect, read back from the database, and a refusal by role or company.

let t: TestApp;
let world: Awaited<ReturnType<typeof shipmentsWorld>>;
let admin: ReturnType<typeof graphqlClient>;
let operator: ReturnType<typeof graphqlClient>;
let readonly: ReturnType<typeof graphqlClient>;
let foreign: ReturnType<typeof graphqlClient>;

beforeAll(async () => {
  t = await startTestApp();
  world = await shipmentsWorld(t.database.db, t.clock.now());
  admin = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.members.ADMIN.id));
  operator = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.members.OPERATOR.id));
  readonly = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.members.READONLY.id));
  foreign = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.foreign.user.id));
});
afterAll(() => t?.close());

const codeOf = (res: { body: { errors?: { extensions: { code?: string } }[] } }) =>
  res.body.errors?.[0]?.extensions.code;

const shipment = (overrides = {}) =>
  world.f.shipment(world.team, { ownerUserId: world.members.ADMIN.id, ...overrides });

const row = async (id: string) => {
  const [found] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  return found;
};

describe("createShipment", () => {
  const CREATE = /* GraphQL */ `
    mutation ($teamId: ID!, $input: ShipmentInput!) {
      createShipment(teamId: $teamId, input: $input) {
        id warnings { code message } shipment { id trackingNumber queueStatus team { name } }
      }
    }`;

  it("creates the shipment, queues its first refresh and answers the line's warnings", async () => {
    const res = await operator(CREATE, {
      teamId: world.team.id,
      input: {
        trackingNumber: "EGLV123456789012",
        shippingLine: "EVERGREEN",
        trackingType: "CONTAINER_NUMBER",
        title: "From the API",
        requestedEta: "2026-12-01",
      },
    });
    expect(res.body.errors).toBeUndefined();
    const created = res.body.data.createShipment;
    expect(created.warnings).toEqual([
      {
        code: "evergreenContainerNumber",
        message:
          "Evergreen does not provide detailed information by a container number. We recommend using a booking number or b/l number instead.",
      },
    ]);
    expect(created.shipment).toMatchObject({
      id: created.id,
      queueStatus: "WAITING",
      team: { name: "Tokyo desk" },
    });
    expect(await row(created.id)).toMatchObject({ title: "From the API", requestedEta: "2026-12-01" });
  });

  it("refuses a container number whose check digit does not match, creating nothing", async () => {
    for (const [trackingNumber, shippingLine] of [
      ["EGHU9012347", "EVERGREEN"],
      ["MSCU7188213", "MSC"],
      ["MSKU1234567", "MAERSK"],
    ] as const) {
      const res = await operator(CREATE, {
        teamId: world.team.id,
        input: { trackingNumber, shippingLine, trackingType: "CONTAINER_NUMBER" },
      });
      expect(res.body.errors?.[0]).toMatchObject({
        message: "The check digit does not match: please check the number",
        path: ["createShipment"],
        extensions: { code: "CONTAINER_CHECK_DIGIT_MISMATCH" },
      });
      const stored = await t.database.db
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.trackingNumber, trackingNumber));
      expect(stored).toEqual([]);
    }
    const valid = await operator(CREATE, {
      teamId: world.team.id,
      input: { trackingNumber: "MSKU1234565", shippingLine: "MAERSK", trackingType: "CONTAINER_NUMBER" },
    });
    expect(valid.body.errors).toBeUndefined();
  });

  it("refuses a Readonly member", async () => {
    const res = await readonly(CREATE, {
      teamId: world.team.id,
      input: { trackingNumber: "MAEU000000001", shippingLine: "MAERSK", trackingType: "BOOKING_NUMBER" },
    });
    expect(codeOf(res)).toBe("PERMISSION_DENIED");
  });

  it("refuses an unknown shipping line before any service runs", async () => {
    const res = await operator(CREATE, {
      teamId: world.team.id,
      input: { trackingNumber: "X1", shippingLine: "NOPE", trackingType: "BOOKING_NUMBER" },
    });
    // A request error answered to an application/json client: 200 (GraphQL over HTTP).
    expect(res.status).toBe(200);
    expect(codeOf(res)).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});

describe("updateShipment", () => {
  const UPDATE = /* GraphQL */ `
    mutation ($id: ID!, $input: ShipmentUpdateInput!) {
      updateShipment(shipmentId: $id, input: $input) { id title remark requestedEtd isArchived }
    }`;

  it("changes the fields sent, clears those sent as null and records activities", async () => {
    const s = await shipment({ title: "Before", remark: "Keep me", requestedEtd: "2026-05-01" });
    const res = await operator(UPDATE, {
      id: s.id,
      input: { title: "After", requestedEtd: null, trackingType: null },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateShipment).toEqual({
      id: s.id,
      title: "After",
      remark: "Keep me",
      requestedEtd: null,
      isArchived: false,
    });
    const recorded = await t.database.db.select().from(activities).where(eq(activities.shipmentId, s.id));
    expect(recorded.length).toBeGreaterThanOrEqual(2);
  });

  it("archives, and refuses a team move to a Readonly member", async () => {
    const s = await shipment();
    const archived = await operator(UPDATE, { id: s.id, input: { isArchived: true } });
    expect(archived.body.data.updateShipment.isArchived).toBe(true);
    const refused = await readonly(UPDATE, { id: s.id, input: { teamId: world.other.id } });
    expect(codeOf(refused)).toBe("PERMISSION_DENIED");
    expect((await row(s.id))?.teamId).toBe(world.team.id);
  });
});

describe("deleteShipment", () => {
  const DELETE = `mutation ($id: ID!) { deleteShipment(shipmentId: $id) { id } }`;

  it("deletes for an Admin and refuses an Operator", async () => {
    const s = await shipment();
    expect(codeOf(await operator(DELETE, { id: s.id }))).toBe("PERMISSION_DENIED");
    expect(await row(s.id)).toBeDefined();
    const res = await admin(DELETE, { id: s.id });
    expect(res.body.data.deleteShipment).toEqual({ id: s.id });
    expect(await row(s.id)).toBeUndefined();
  });

  it("answers another company's shipment as not found", async () => {
    const s = await shipment();
    expect(codeOf(await foreign(DELETE, { id: s.id }))).toBe("SHIPMENT_NOT_FOUND");
    expect(await row(s.id)).toBeDefined();
  });
});

describe("updateAis and runShipmentScrapingManually", () => {
  it("answers the position and queues a refresh once", async () => {
    const s = await shipment();
    const ais = await readonly(
      `mutation ($id: ID!) { updateAis(shipmentId: $id) { shipmentId latitude longitude aisUpdatedAt } }`,
      { id: s.id },
    );
    expect(ais.body.data.updateAis).toEqual({
      shipmentId: s.id,
      latitude: null,
      longitude: null,
      aisUpdatedAt: null,
    });
    const REFRESH = `mutation ($id: ID!) { runShipmentScrapingManually(shipmentId: $id) { shipmentId queueStatus queued } }`;
    const first = await operator(REFRESH, { id: s.id });
    expect(first.body.data.runShipmentScrapingManually).toEqual({
      shipmentId: s.id,
      queueStatus: "WAITING",
      queued: true,
    });
    const second = await operator(REFRESH, { id: s.id });
    expect(second.body.data.runShipmentScrapingManually.queued).toBe(false);
  });

  it("refuses a refresh to a Readonly member and a position to another company", async () => {
    const s = await shipment();
    const refresh = await readonly(
      `mutation ($id: ID!) { runShipmentScrapingManually(shipmentId: $id) { queued } }`,
      {
        id: s.id,
      },
    );
    expect(codeOf(refresh)).toBe("PERMISSION_DENIED");
    const ais = await foreign(`mutation ($id: ID!) { updateAis(shipmentId: $id) { shipmentId } }`, {
      id: s.id,
    });
    expect(codeOf(ais)).toBe("SHIPMENT_NOT_FOUND");
  });
});

describe("subscribe, unsubscribe, createFavorite, deleteFavorite", () => {
  it("sets and clears the caller's own flags", async () => {
    const s = await shipment();
    const me = world.members.READONLY.id;
    const flag = async (m: string, field: string) =>
      (await readonly(`mutation ($id: ID!) { ${m}(shipmentId: $id) { shipmentId ${field} } }`, { id: s.id }))
        .body.data[m];
    expect(await flag("subscribe", "isNotificationEnabledForViewer")).toEqual({
      shipmentId: s.id,
      isNotificationEnabledForViewer: true,
    });
    expect(await flag("createFavorite", "isFavoriteForViewer")).toEqual({
      shipmentId: s.id,
      isFavoriteForViewer: true,
    });
    const mine = (table: typeof favorites | typeof subscriptions) =>
      t.database.db
        .select()
        .from(table)
        .where(and(eq(table.shipmentId, s.id), eq(table.userId, me)));
    expect(await mine(subscriptions)).toHaveLength(1);
    expect(await mine(favorites)).toHaveLength(1);
    await flag("unsubscribe", "isNotificationEnabledForViewer");
    await flag("deleteFavorite", "isFavoriteForViewer");
    expect(await mine(subscriptions)).toHaveLength(0);
    expect(await mine(favorites)).toHaveLength(0);
  });

  it("refuses another company", async () => {
    const s = await shipment();
    for (const m of ["subscribe", "unsubscribe", "createFavorite", "deleteFavorite"]) {
      const res = await foreign(`mutation ($id: ID!) { ${m}(shipmentId: $id) { shipmentId } }`, { id: s.id });
      expect(codeOf(res)).toBe("SHIPMENT_NOT_FOUND");
    }
  });
});

describe("createComment and markAllCommentsAsRead", () => {
  it("comments, and marks the comments read for the reader", async () => {
    const s = await shipment();
    const res = await operator(
      `mutation ($id: ID!, $input: CommentInput!) { createComment(shipmentId: $id, input: $input) { id content isOwn user { nickname } } }`,
      { id: s.id, input: { content: "Booked on the next vessel" } },
    );
    expect(res.body.data.createComment).toMatchObject({
      content: "Booked on the next vessel",
      isOwn: true,
      user: { nickname: "OPERATOR person" },
    });
    const unread = `query ($id: ID) { shipment(id: $id) { hasUnreadCommentForViewer } }`;
    expect((await admin(unread, { id: s.id })).body.data.shipment.hasUnreadCommentForViewer).toBe(true);
    const read = await admin(
      `mutation ($id: ID!) { markAllCommentsAsRead(shipmentId: $id) { shipmentId hasUnreadCommentForViewer } }`,
      { id: s.id },
    );
    expect(read.body.data.markAllCommentsAsRead).toEqual({
      shipmentId: s.id,
      hasUnreadCommentForViewer: false,
    });
    expect((await admin(unread, { id: s.id })).body.data.shipment.hasUnreadCommentForViewer).toBe(false);
    const reads = await t.database.db.select().from(commentReads).where(eq(commentReads.shipmentId, s.id));
    expect(reads).toHaveLength(1);
  });

  it("refuses a blank comment and a Readonly commenter", async () => {
    const s = await shipment();
    const COMMENT = `mutation ($id: ID!, $c: String!) { createComment(shipmentId: $id, input: { content: $c }) { id } }`;
    const blank = await operator(COMMENT, { id: s.id, c: "   " });
    expect(codeOf(blank)).toBe("VALIDATION_FAILED");
    expect(blank.body.errors?.[0]?.extensions.issues?.[0]).toEqual({
      path: ["content"],
      message: "This field is required",
    });
    expect(codeOf(await readonly(COMMENT, { id: s.id, c: "Hello" }))).toBe("PERMISSION_DENIED");
    const marked = await foreign(
      `mutation ($id: ID!) { markAllCommentsAsRead(shipmentId: $id) { shipmentId } }`,
      {
        id: s.id,
      },
    );
    expect(codeOf(marked)).toBe("SHIPMENT_NOT_FOUND");
  });
});
