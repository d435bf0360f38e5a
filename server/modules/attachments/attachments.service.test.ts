// Members' uploads (spec 02 §5): each type and the size limit judged by the stored content.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../shared/constants";
import { attachments } from "../../db/schema";
import { codeOf } from "../shipments/shipments.testkit";
import { completeUpload, generateUploadUrl, listAttachments } from "./attachments.service";
import { objectKeyOf, serviceHarness } from "./attachments.service.testkit";
import { gif, jpeg, pdfOfSize, png, put, tiff } from "./attachments.testkit";

const { t, s, as, storage, world, upload, requestPdfUpload, rowOf } = serviceHarness();

describe("uploads are checked by their content", () => {
  it.each([
    ["booking.pdf", "application/pdf", pdfOfSize(1000)],
    ["photo.png", "image/png", png()],
    ["photo.JPG", "image/jpeg", jpeg()],
    ["scan.gif", "image/gif", gif()],
    ["scan.tiff", "image/tiff", tiff()],
  ])("%s is accepted and listed with its uploader and size", async (filename, type, body) => {
    const w = await world();
    const { result } = await upload(w.operator, w.shipment.id, filename, type, body);
    const view = await result;
    expect(view).toMatchObject({
      filename,
      contentType: type,
      fileSizeBytes: body.length,
      uploadedUserName: w.operator.nickname,
      uploadedByUserId: w.operator.id,
      visibilityScope: "INTERNAL_ONLY",
      shareList: [],
      isOwn: true,
      canDelete: true,
    });
    const list = await listAttachments(as(w.readonly), w.shipment.id);
    expect(list.map((a) => [a.id, a.canDelete, a.isOwn])).toEqual([[view.id, false, false]]);
  });

  it("refuses a PNG renamed .pdf after the upload, and deletes the object and the row", async () => {
    const w = await world();
    const { ticket, result } = await upload(
      w.operator,
      w.shipment.id,
      "invoice.pdf",
      "application/pdf",
      png(),
    );
    expect(await codeOf(result)).toBe("ATTACHMENT_TYPE_NOT_ALLOWED");
    expect(await rowOf(ticket.attachmentId)).toBeUndefined();
    const [row] = await t.db.select().from(attachments).where(eq(attachments.shipmentId, w.shipment.id));
    expect(row).toBeUndefined();
    expect(await listAttachments(as(w.operator), w.shipment.id)).toEqual([]);
  });

  it("refuses text that claims to be a PDF", async () => {
    const w = await world();
    const { result } = await upload(
      w.operator,
      w.shipment.id,
      "a.pdf",
      "application/pdf",
      Buffer.from("<html>"),
    );
    expect(await codeOf(result)).toBe("ATTACHMENT_TYPE_NOT_ALLOWED");
  });

  it("accepts exactly 5 MiB", async () => {
    const w = await world();
    const { result } = await upload(
      w.operator,
      w.shipment.id,
      "big.pdf",
      "application/pdf",
      pdfOfSize(ATTACHMENT_MAX_BYTES),
    );
    expect((await result).fileSizeBytes).toBe(5 * 1024 * 1024);
  });

  it("refuses 5 MiB + 1 byte after the upload even when the declared size lied", async () => {
    const w = await world();
    const ticket = await requestPdfUpload(w.operator, w.shipment.id, "big.pdf", 1000);
    // The store already refuses a longer body than signed (413); a store that took it anyway
    // (or a second writer) is caught by the check of what is really there.
    expect((await put(s.app, ticket, pdfOfSize(ATTACHMENT_MAX_BYTES + 1))).statusCode).toBe(413);
    const key = objectKeyOf(ticket);
    await writeFile(path.join(s.dir, "attachments", key), pdfOfSize(ATTACHMENT_MAX_BYTES + 1));
    const refused = completeUpload(as(w.operator), storage(), ticket.attachmentId);
    await expect(refused).rejects.toMatchObject({ code: "ATTACHMENT_TOO_LARGE", params: { n: 1 } });
    expect(await storage().size(key)).toBeNull();
    expect(await rowOf(ticket.attachmentId)).toBeUndefined();
  });

  it("refuses before signing: too large, type and extension disagreeing, no extension, empty", async () => {
    const w = await world();
    const ask = (filename: string, contentType: string, fileSizeBytes: number) =>
      codeOf(
        generateUploadUrl(as(w.operator), storage(), {
          shipmentId: w.shipment.id,
          filename,
          contentType,
          fileSizeBytes,
        }),
      );
    expect(await ask("a.pdf", "application/pdf", ATTACHMENT_MAX_BYTES + 1)).toBe("ATTACHMENT_TOO_LARGE");
    expect(await ask("a.png", "application/pdf", 10)).toBe("ATTACHMENT_TYPE_NOT_ALLOWED");
    expect(await ask("a.html", "text/html", 10)).toBe("ATTACHMENT_TYPE_NOT_ALLOWED");
    expect(await ask("pdf", "application/pdf", 10)).toBe("ATTACHMENT_TYPE_NOT_ALLOWED");
    expect(await ask("a.pdf", "application/pdf", 0)).toBe("ATTACHMENT_TYPE_NOT_ALLOWED");
    expect(await t.db.select().from(attachments).where(eq(attachments.shipmentId, w.shipment.id))).toEqual(
      [],
    );
  });

  it("completing without a PUT fails and leaves nothing; completing twice answers the same file", async () => {
    const w = await world();
    const ticket = await requestPdfUpload(w.operator, w.shipment.id, "a.pdf", 100);
    expect(await codeOf(completeUpload(as(w.operator), storage(), ticket.attachmentId))).toBe(
      "ATTACHMENT_UPLOAD_FAILED",
    );
    const again = await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100));
    const first = await again.result;
    expect(await completeUpload(as(w.operator), storage(), first.id)).toEqual(first);
    // Only the person who asked for the address completes it.
    const other = await requestPdfUpload(w.operator, w.shipment.id, "b.pdf", 100);
    expect(await codeOf(completeUpload(as(w.admin), storage(), other.attachmentId))).toBe(
      "ATTACHMENT_NOT_FOUND",
    );
  });
});

describe("completing in parallel", () => {
  async function uploaded(w: Awaited<ReturnType<typeof world>>, filename: string, body: Buffer) {
    const ticket = await generateUploadUrl(as(w.operator), storage(), {
      shipmentId: w.shipment.id,
      filename,
      contentType: "application/pdf",
      fileSizeBytes: body.length,
    });
    expect((await put(s.app, ticket, body)).statusCode).toBe(200);
    return ticket.attachmentId;
  }

  it("keeps one file when the same upload is completed twice at once", async () => {
    const w = await world();
    const id = await uploaded(w, "a.pdf", pdfOfSize(500));
    const [one, two] = await Promise.all([
      completeUpload(as(w.operator), storage(), id),
      completeUpload(as(w.operator), storage(), id),
    ]);
    expect(one).toEqual(two);
    expect(await listAttachments(as(w.operator), w.shipment.id)).toEqual([one]);
  });

  it("refuses a bad file once, and the other completion finds it gone", async () => {
    const w = await world();
    const id = await uploaded(w, "a.pdf", png());
    const codes = await Promise.all([
      codeOf(completeUpload(as(w.operator), storage(), id)),
      codeOf(completeUpload(as(w.operator), storage(), id)),
    ]);
    expect(codes.sort()).toEqual(["ATTACHMENT_NOT_FOUND", "ATTACHMENT_TYPE_NOT_ALLOWED"]);
    expect(await rowOf(id)).toBeUndefined();
  });
});
