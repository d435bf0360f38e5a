// What is left behind: uploads never completed, objects no row refers to, uploaders who left.

import { utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor, recordingJobs } from "../../../tests/setup/context";
import { shipments, users } from "../../db/schema";
import { codeOf } from "../shipments/shipments.testkit";
import { sweepOrphanedObjects, sweepUnfinishedUploads } from "./attachments.jobs";
import { getDownloadUrl, listAttachments } from "./attachments.service";
import { objectKeyOf, serviceHarness } from "./attachments.service.testkit";
import { pdfOfSize, put } from "./attachments.testkit";
import { MAX_UNFINISHED_UPLOADS } from "./upload/attachments.upload.internal";

const { clock, t, s, as, storage, world, upload, requestPdfUpload, rowOf } = serviceHarness();

describe("unfinished uploads", () => {
  it("are limited per person, so addresses cannot be asked for endlessly", async () => {
    const w = await world();
    const ask = () => requestPdfUpload(w.operator2, w.shipment.id, "a.pdf", 100);
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i += 1) await ask();
    expect(await codeOf(ask())).toBe("RATE_LIMITED");
    // Someone else is not held back by it.
    expect(await codeOf(requestPdfUpload(w.operator, w.shipment.id, "a.pdf", 100))).toBe("ok");
  });

  it("are hidden, then swept with their objects once the address expired", async () => {
    const w = await world();
    const ticket = await requestPdfUpload(w.operator, w.shipment.id, "a.pdf", 100);
    expect((await put(s.app, ticket, pdfOfSize(100))).statusCode).toBe(200);
    expect(await listAttachments(as(w.operator), w.shipment.id)).toEqual([]);
    expect(await codeOf(getDownloadUrl(as(w.operator), storage(), ticket.attachmentId))).toBe(
      "ATTACHMENT_NOT_FOUND",
    );
    const key = objectKeyOf(ticket);
    const system = contextFor(t.db, { kind: "system", reason: "test" }, { clock, jobs: recordingJobs() });
    expect(await sweepUnfinishedUploads(system, storage())).toBe(0);
    clock.advance(2 * 3_600_000);
    try {
      expect(await sweepUnfinishedUploads(system, storage())).toBeGreaterThanOrEqual(1);
    } finally {
      clock.advance(-2 * 3_600_000);
    }
    expect(await rowOf(ticket.attachmentId)).toBeUndefined();
    expect(await storage().size(key)).toBeNull();
    expect(await codeOf(sweepUnfinishedUploads(as(w.admin), storage()))).toBe("PERMISSION_DENIED");
  });
});

it("sweeps stored files no row refers to (a deleted shipment's), never a recent or a kept one", async () => {
  const w = await world();
  const kept = await (await upload(w.operator, w.shipment.id, "keep.pdf", "application/pdf", pdfOfSize(100)))
    .result;
  const doomedShipment = await t.f.shipment(w.team);
  const doomed = await (
    await upload(w.operator, doomedShipment.id, "gone.pdf", "application/pdf", pdfOfSize(100))
  ).result;
  const keyOf = async (id: string) => (await rowOf(id))?.storageKey ?? "";
  const keptKey = await keyOf(kept.id);
  const doomedKey = await keyOf(doomed.id);
  await t.db.delete(shipments).where(eq(shipments.id, doomedShipment.id));
  expect(await rowOf(doomed.id)).toBeUndefined();
  const fresh = crypto.randomUUID();
  await writeFile(path.join(s.dir, "attachments", fresh), pdfOfSize(100));
  const old = new Date(clock.now().getTime() - 3 * 3_600_000);
  for (const key of [keptKey, doomedKey]) await utimes(path.join(s.dir, "attachments", key), old, old);
  await utimes(path.join(s.dir, "attachments", fresh), clock.now(), clock.now());

  const system = contextFor(t.db, { kind: "system", reason: "test" }, { clock, jobs: recordingJobs() });
  expect(await sweepOrphanedObjects(system, storage())).toBeGreaterThanOrEqual(1);
  expect(await storage().size(doomedKey)).toBeNull();
  expect(await storage().size(keptKey)).toBe(100);
  expect(await storage().size(fresh)).toBe(100);
  expect(await codeOf(sweepOrphanedObjects(as(w.admin), storage()))).toBe("PERMISSION_DENIED");
});

it("keeps the uploader's name when they leave, as the deleted user", async () => {
  const w = await world();
  const file = await (await upload(w.operator2, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100)))
    .result;
  await t.db.delete(users).where(eq(users.id, w.operator2.id));
  const [row] = (await listAttachments(as(w.admin), w.shipment.id)).filter((a) => a.id === file.id);
  expect(row).toMatchObject({ uploadedByUserId: null, uploadedUserName: null, canDelete: true });
});
