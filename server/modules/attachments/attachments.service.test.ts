// Members' uploads (spec 02 §5): each type and the size limit judged by the stored content.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../shared/constants";
import { type ErrorCode, errorStatus } from "../../../shared/errors";
import { errorMessage } from "../../../shared/i18n";
import { GenerateUploadUrlInput } from "../../../shared/schemas/attachments";
import { attachments } from "../../db/schema";
import { codeOf } from "../shipments/shipments.testkit";
import { completeUpload, generateUploadUrl, getDownloadUrl, listAttachments } from "./attachments.service";
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
    // The type was allowed by the name; what is wrong is that the content is something else.
    await expect(result).rejects.toMatchObject({
      code: "ATTACHMENT_CONTENT_MISMATCH",
      params: { filename: "invoice.pdf", extension: "PDF" },
    });
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
    expect(await codeOf(result)).toBe("ATTACHMENT_CONTENT_MISMATCH");
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
      "ATTACHMENT_NOT_RECEIVED",
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
    expect(codes.sort()).toEqual(["ATTACHMENT_CONTENT_MISMATCH", "ATTACHMENT_NOT_FOUND"]);
    expect(await rowOf(id)).toBeUndefined();
  });
});

describe("names are cleaned at the door", () => {
  const tricky = "in\r\nvoice\t\u0007\u202Efdp\u2066.pdf\u2069 ";

  it("the upload schema turns line breaks and controls into spaces and drops bidi controls", () => {
    const parsed = GenerateUploadUrlInput.parse({
      shipmentId: "00000000-0000-4000-8000-000000000000",
      filename: tricky,
      contentType: "application/pdf",
      fileSizeBytes: 10,
    });
    expect(parsed.filename).toBe("in voice fdp.pdf");
    for (const only of ["\r\n", "\u202E\u2066", " \u0000 "]) {
      const result = GenerateUploadUrlInput.safeParse({
        shipmentId: "00000000-0000-4000-8000-000000000000",
        filename: only,
        contentType: "application/pdf",
        fileSizeBytes: 10,
      });
      expect(result.success).toBe(false);
    }
  });

  it("the service stores, lists and signs the cleaned name, and shows older names cleaned", async () => {
    const w = await world();
    const { ticket, result } = await upload(
      w.operator,
      w.shipment.id,
      tricky,
      "application/pdf",
      pdfOfSize(300),
    );
    expect((await result).filename).toBe("in voice fdp.pdf");
    expect((await rowOf(ticket.attachmentId))?.filename).toBe("in voice fdp.pdf");
    // A name stored as is before the door cleaned names.
    await t.db
      .update(attachments)
      .set({ filename: "old\r\nname\u202Etxt.pdf" })
      .where(eq(attachments.id, ticket.attachmentId));
    const [listed] = await listAttachments(as(w.operator), w.shipment.id);
    expect(listed?.filename).toBe("old nametxt.pdf");
    const download = await getDownloadUrl(as(w.operator), storage(), ticket.attachmentId);
    expect(new URL(download.url).searchParams.get("fn")).toBe("old nametxt.pdf");
  });
});

describe("a refused PUT", () => {
  it("makes completeUpload answer a 4xx that asks for the upload again, and leaves nothing", async () => {
    const w = await world();
    const ticket = await requestPdfUpload(w.operator, w.shipment.id, "a.pdf", 500);
    // Another content type than signed: the store refuses the PUT and keeps nothing.
    const refused = await put(s.app, { ...ticket, headers: { "content-type": "image/png" } }, pdfOfSize(500));
    expect(refused.statusCode).toBe(403);
    const code = await codeOf(completeUpload(as(w.operator), storage(), ticket.attachmentId));
    expect(code).toBe("ATTACHMENT_NOT_RECEIVED");
    expect(errorStatus(code as ErrorCode)).toBeGreaterThanOrEqual(400);
    expect(errorStatus(code as ErrorCode)).toBeLessThan(500);
    expect(errorMessage("en", code as ErrorCode)).toBe("The file did not arrive. Please upload it again.");
    expect(errorMessage("ja", code as ErrorCode)).toBe(
      "ファイルが届いていません。もう一度アップロードしてください。",
    );
    expect(await rowOf(ticket.attachmentId)).toBeUndefined();
  });

  it("says in both languages that a renamed file's content does not match its name", async () => {
    const w = await world();
    const { result } = await upload(w.operator, w.shipment.id, "scan.pdf", "application/pdf", png());
    const err = await result.catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "ATTACHMENT_CONTENT_MISMATCH" });
    const { code, params } = err as { code: ErrorCode; params: Record<string, string> };
    expect(errorStatus(code)).toBe(415);
    const en = errorMessage("en", code, params);
    expect(en).toContain("does not match its name");
    expect(en).toContain("scan.pdf is not really a PDF file");
    expect(en).not.toContain("This file type is not allowed");
    expect(errorMessage("ja", code, params)).toContain("ファイルの内容がファイル名と一致しません");
    expect(errorMessage("ja", code, params)).toContain("scan.pdf は実際にはPDFファイルではありません");
  });
});
