import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ATTACHMENT_GUEST_QUOTA_BYTES, ATTACHMENT_STORAGE_QUOTA_BYTES } from "../../../../shared/constants";
import type { ErrorCode } from "../../../../shared/errors";
import { errorMessage } from "../../../../shared/i18n";
import type { Shipment, User } from "../../../db/schema";
import { codeOf } from "../../shipments/shipments.testkit";
import { guestCompleteUpload, guestGenerateUploadUrl } from "../attachments.guest.service";
import { completeUpload, generateUploadUrl, listAttachments } from "../attachments.service";
import { objectKeyOf, serviceHarness, type Who } from "../attachments.service.testkit";
import { fillAttachments, pdfOfSize, put } from "../attachments.testkit";

// Storage quotas: a company's files and uploads under way stay within its plan's quota, and what
// one person uploads through the company's share links within the guest allowance. Checked under
// the company's lock when the upload address is asked for and again at completion, so parallel
// requests cannot pass the sum. Parallel calls are real: each has its own transaction and
// connection of the test pool.

const { t, s, as, storage, world, rowOf } = serviceHarness();
const MIB = 1024 * 1024;
const client = { ip: "192.0.2.30" };

/** What a store that took more than was signed would hold under the upload's key. */
async function storeDirectly(ticket: { uploadUrl: string }, body: Buffer) {
  await mkdir(path.join(s.dir, "attachments"), { recursive: true });
  await writeFile(path.join(s.dir, "attachments", objectKeyOf(ticket)), body);
}

const fill = (shipment: Shipment, bytes: number, guest?: User) =>
  fillAttachments(t.db, shipment, bytes, guest);

const ask = (who: Who, shipmentId: string, fileSizeBytes: number) =>
  generateUploadUrl(as(who), storage(), {
    shipmentId,
    filename: "a.pdf",
    contentType: "application/pdf",
    fileSizeBytes,
  });

const guestAsk = (who: Who, shareToken: string, fileSizeBytes: number) =>
  guestGenerateUploadUrl(
    as(who),
    storage(),
    { shareToken, filename: "a.pdf", contentType: "application/pdf", fileSizeBytes },
    client,
  );

function outcomes(results: PromiseSettledResult<unknown>[]) {
  return {
    ok: results.filter((r) => r.status === "fulfilled").length,
    refused: results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => (r.reason as { code: string }).code),
  };
}

describe("the company's storage quota", () => {
  it("parallel requests for upload addresses: only what fits the plan's quota gets one", async () => {
    const w = await world();
    const quota = ATTACHMENT_STORAGE_QUOTA_BYTES.FREE;
    await fill(w.shipment, quota - 4 * MIB);
    const results = await Promise.allSettled(
      [w.admin, w.manager, w.operator, w.operator2, w.admin, w.operator].map((who) =>
        ask(who, w.shipment.id, MIB),
      ),
    );
    const { ok, refused } = outcomes(results);
    expect(ok).toBe(4);
    expect(refused).toEqual(["ATTACHMENT_STORAGE_FULL", "ATTACHMENT_STORAGE_FULL"]);
    await expect(ask(w.operator, w.shipment.id, 1)).rejects.toMatchObject({
      code: "ATTACHMENT_STORAGE_FULL",
      params: { quota: "1 GB" },
    });
    // Another company is not affected.
    expect(await codeOf(ask(w.foreign.user, (await t.f.shipment(w.foreign.team)).id, MIB))).toBe("ok");
  });

  it("counts the real size again at completion", async () => {
    const w = await world();
    const quota = ATTACHMENT_STORAGE_QUOTA_BYTES.FREE;
    await fill(w.shipment, quota - 2000);
    const ticket = await ask(w.operator, w.shipment.id, 1000);
    // A store that took more than was signed: the completion's count finds the quota passed.
    const key = objectKeyOf(ticket);
    await storeDirectly(ticket, pdfOfSize(3000));
    await expect(completeUpload(as(w.operator), storage(), ticket.attachmentId)).rejects.toMatchObject({
      code: "ATTACHMENT_STORAGE_FULL",
    });
    expect(await rowOf(ticket.attachmentId)).toBeUndefined();
    expect(await storage().size(key)).toBeNull();
    // What fits completes.
    const fits = await ask(w.operator, w.shipment.id, 1500);
    expect((await put(s.app, fits, pdfOfSize(1500))).statusCode).toBe(200);
    expect((await completeUpload(as(w.operator), storage(), fits.attachmentId)).fileSizeBytes).toBe(1500);
    const listed = await listAttachments(as(w.operator), w.shipment.id);
    expect(listed.map((a) => a.id)).toContain(fits.attachmentId);
    // 500 bytes are left: to the byte.
    expect(await codeOf(ask(w.operator, w.shipment.id, 501))).toBe("ATTACHMENT_STORAGE_FULL");
    expect(await codeOf(ask(w.operator, w.shipment.id, 500))).toBe("ok");
  });

  it("follows the plan: a PREMIUM company has room where a FREE one has none", async () => {
    const w = await world();
    await fill(w.shipment, ATTACHMENT_STORAGE_QUOTA_BYTES.FREE);
    expect(await codeOf(ask(w.operator, w.shipment.id, MIB))).toBe("ATTACHMENT_STORAGE_FULL");
    await t.f.contract(w.company.id, { plan: "PREMIUM" });
    expect(await codeOf(ask(w.operator, w.shipment.id, MIB))).toBe("ok");
  });
});

describe("a guest uploader's allowance", () => {
  it("parallel guest requests: only what fits the guest's allowance gets an address", async () => {
    const w = await world();
    const token = w.shipment.shareToken ?? "";
    const guest = await t.f.user({ email: `guest-${randomUUID().slice(0, 8)}@partner.example` });
    await fill(w.shipment, ATTACHMENT_GUEST_QUOTA_BYTES - 2 * MIB, guest);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => guestAsk(guest, token, MIB)));
    const { ok, refused } = outcomes(results);
    expect(ok).toBe(2);
    expect(refused).toEqual(["ATTACHMENT_GUEST_QUOTA_REACHED", "ATTACHMENT_GUEST_QUOTA_REACHED"]);
    await expect(guestAsk(guest, token, 1)).rejects.toMatchObject({
      code: "ATTACHMENT_GUEST_QUOTA_REACHED",
      params: { quota: "100 MB" },
    });
    // Another guest, and the company's own members, are not held back by it.
    const other = await t.f.user({ email: `other-${randomUUID().slice(0, 8)}@partner.example` });
    expect(await codeOf(guestAsk(other, token, MIB))).toBe("ok");
    expect(await codeOf(ask(w.operator, w.shipment.id, MIB))).toBe("ok");
  });

  it("counts at completion too, and tells a guest when the company's storage is full", async () => {
    const w = await world();
    const token = w.shipment.shareToken ?? "";
    const guest = await t.f.user({ email: `late-${randomUUID().slice(0, 8)}@partner.example` });
    await fill(w.shipment, ATTACHMENT_GUEST_QUOTA_BYTES - 2000, guest);
    const ticket = await guestAsk(guest, token, 1000);
    await storeDirectly(ticket, pdfOfSize(3000));
    const done = guestCompleteUpload(
      as(guest),
      storage(),
      { shareToken: token, attachmentId: ticket.attachmentId },
      client,
    );
    expect(await codeOf(done)).toBe("ATTACHMENT_GUEST_QUOTA_REACHED");
    expect(await rowOf(ticket.attachmentId)).toBeUndefined();

    await fill(w.shipment, ATTACHMENT_STORAGE_QUOTA_BYTES.FREE);
    const fresh = await t.f.user({ email: `fresh-${randomUUID().slice(0, 8)}@partner.example` });
    expect(await codeOf(guestAsk(fresh, token, MIB))).toBe("ATTACHMENT_SHARED_STORAGE_FULL");
  });
});

describe("the quota messages", () => {
  it.each([
    [
      "ATTACHMENT_STORAGE_FULL",
      "Your company's file storage is full (1 GB",
      "ファイル保存容量（現在のプランで1 GB）",
    ],
    ["ATTACHMENT_GUEST_QUOTA_REACHED", "upload allowance", "アップロードできる容量（1 GB）"],
    ["ATTACHMENT_SHARED_STORAGE_FULL", "company that shared this shipment is full", "共有している会社"],
  ])("%s in English and Japanese", (code, en, ja) => {
    expect(errorMessage("en", code as ErrorCode, { quota: "1 GB" })).toContain(en);
    expect(errorMessage("ja", code as ErrorCode, { quota: "1 GB" })).toContain(ja);
  });
});
