// Members' rights on files (spec 02 §6, decision 0074) and who may see each file (spec 02 §4).

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, outboundEmails } from "../../db/schema";
import { codeOf } from "../shipments/shipments.testkit";
import {
  deleteAttachment,
  getDownloadUrl,
  listAttachments,
  updateAttachmentVisibility,
} from "./attachments.service";
import { serviceHarness, type Who } from "./attachments.service.testkit";
import { pathOf, pdfOfSize } from "./attachments.testkit";

const { t, s, as, storage, world, upload, requestPdfUpload } = serviceHarness();
const settings = { appUrl: "https://tracking.example" };

describe("who may do what", () => {
  it("refuses everything while the company's connect feature is off", async () => {
    const w = await world();
    const { result } = await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100));
    const file = await result;
    await t.db.update(companies).set({ isConnectEnabled: false }).where(eq(companies.id, w.company.id));
    expect(await codeOf(listAttachments(as(w.admin), w.shipment.id))).toBe("CONNECT_NOT_ENABLED");
    expect(await codeOf(getDownloadUrl(as(w.admin), storage(), file.id))).toBe("CONNECT_NOT_ENABLED");
    expect(await codeOf(requestPdfUpload(w.admin, w.shipment.id, "a.pdf", 10))).toBe("CONNECT_NOT_ENABLED");
  });

  it("hides another team's and another company's shipments and files", async () => {
    const w = await world();
    const ask = (who: Who, shipmentId: string) => codeOf(requestPdfUpload(who, shipmentId, "a.pdf", 10));
    expect(await ask(w.operator, w.hidden.id)).toBe("SHIPMENT_NOT_FOUND");
    expect(await ask(w.foreign.user, w.shipment.id)).toBe("SHIPMENT_NOT_FOUND");
    const file = await (await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100)))
      .result;
    expect(await codeOf(getDownloadUrl(as(w.foreign.user), storage(), file.id))).toBe("ATTACHMENT_NOT_FOUND");
    expect(await codeOf(deleteAttachment(as(w.foreign.user), storage(), file.id))).toBe(
      "ATTACHMENT_NOT_FOUND",
    );
    expect(await codeOf(listAttachments(as(w.foreign.user), w.shipment.id))).toBe("SHIPMENT_NOT_FOUND");
  });

  it("Readonly views and downloads but cannot upload", async () => {
    const w = await world();
    const file = await (await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100)))
      .result;
    const ticket = await getDownloadUrl(as(w.readonly), storage(), file.id);
    const res = await s.app.inject({ method: "GET", url: pathOf(ticket.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain('filename="a.pdf"');
    expect(await codeOf(requestPdfUpload(w.readonly, w.shipment.id, "a.pdf", 10))).toBe("PERMISSION_DENIED");
  });

  it("deletes: the uploader, an Admin or a Manager; not another Operator, not Readonly", async () => {
    const w = await world();
    const up = async () =>
      (await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100))).result;
    const one = await up();
    expect(await codeOf(deleteAttachment(as(w.operator2), storage(), one.id))).toBe("PERMISSION_DENIED");
    expect(await codeOf(deleteAttachment(as(w.readonly), storage(), one.id))).toBe("PERMISSION_DENIED");
    const seen = await listAttachments(as(w.operator2), w.shipment.id);
    expect(seen.find((a) => a.id === one.id)?.canDelete).toBe(false);
    expect(await deleteAttachment(as(w.operator), storage(), one.id)).toEqual({ attachmentId: one.id });
    const two = await up();
    expect(await deleteAttachment(as(w.manager), storage(), two.id)).toEqual({ attachmentId: two.id });
    const three = await up();
    expect(await deleteAttachment(as(w.admin), storage(), three.id)).toEqual({ attachmentId: three.id });
    expect(await listAttachments(as(w.admin), w.shipment.id)).toEqual([]);
    expect(await codeOf(getDownloadUrl(as(w.admin), storage(), three.id))).toBe("ATTACHMENT_NOT_FOUND");
  });
});

describe("visibility", () => {
  it("LIMITED_SHARING keeps its list; only newly added addresses are mailed, with the message and link", async () => {
    const w = await world();
    const file = await (
      await upload(w.operator, w.shipment.id, "B/L 原本.pdf", "application/pdf", pdfOfSize(100))
    ).result;
    await t.f.user({ email: "yamada@partner.example", language: "ja" });
    const first = await updateAttachmentVisibility(
      as(w.operator),
      {
        attachmentId: file.id,
        visibilityScope: "LIMITED_SHARING",
        emails: ["Buyer@Partner.example", "yamada@partner.example", "buyer@partner.example"],
        sendNotification: true,
        notificationMessage: "Original B/L attached.",
      },
      settings,
    );
    expect(first.visibilityScope).toBe("LIMITED_SHARING");
    expect(first.shareList.map((x) => x.email)).toEqual(["Buyer@Partner.example", "yamada@partner.example"]);
    const mails = await t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, w.company.id));
    expect(mails).toHaveLength(2);
    const en = mails.find((m) => m.to[0] === "Buyer@Partner.example");
    const ja = mails.find((m) => m.to[0] === "yamada@partner.example");
    expect(en?.language).toBe("en");
    expect(en?.subject).toBe(`${w.operator.nickname} shared a file with you: B/L 原本.pdf`);
    expect(en?.text).toContain("Original B/L attached.");
    expect(en?.text).toContain(`https://tracking.example/app/share/${w.shipment.shareToken}`);
    expect(ja?.language).toBe("ja");
    expect(ja?.subject).toContain("ファイルを共有しました");

    const second = await updateAttachmentVisibility(
      as(w.admin),
      {
        attachmentId: file.id,
        visibilityScope: "LIMITED_SHARING",
        emails: ["buyer@partner.example", "new@partner.example"],
        sendNotification: true,
      },
      settings,
    );
    expect(second.shareList.map((x) => x.email)).toEqual(["Buyer@Partner.example", "new@partner.example"]);
    const after = await t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, w.company.id));
    expect(after.map((m) => m.to[0]).sort()).toEqual([
      "Buyer@Partner.example",
      "new@partner.example",
      "yamada@partner.example",
    ]);

    const internal = await updateAttachmentVisibility(
      as(w.admin),
      {
        attachmentId: file.id,
        visibilityScope: "INTERNAL_ONLY",
        emails: ["x@partner.example"],
        sendNotification: true,
      },
      settings,
    );
    expect(internal).toMatchObject({ visibilityScope: "INTERNAL_ONLY", shareList: [] });
    expect(
      await t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, w.company.id)),
    ).toHaveLength(3);
  });

  it("Readonly cannot change it; without sendNotification nobody is mailed", async () => {
    const w = await world();
    const file = await (await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100)))
      .result;
    const input = {
      attachmentId: file.id,
      visibilityScope: "LIMITED_SHARING" as const,
      emails: ["p@partner.example"],
      sendNotification: false,
    };
    expect(await codeOf(updateAttachmentVisibility(as(w.readonly), input, settings))).toBe(
      "PERMISSION_DENIED",
    );
    await updateAttachmentVisibility(as(w.operator2), input, settings);
    expect(
      await t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, w.company.id)),
    ).toEqual([]);
  });

  it("parallel edits end with one consistent list", async () => {
    const w = await world();
    const file = await (await upload(w.operator, w.shipment.id, "a.pdf", "application/pdf", pdfOfSize(100)))
      .result;
    const lists = [
      ["a@p.example"],
      ["b@p.example", "c@p.example"],
      ["d@p.example"],
      ["a@p.example", "d@p.example"],
    ];
    await Promise.all(
      lists.map((emails) =>
        updateAttachmentVisibility(
          as(w.admin),
          { attachmentId: file.id, visibilityScope: "LIMITED_SHARING", emails, sendNotification: false },
          settings,
        ),
      ),
    );
    const [final] = await listAttachments(as(w.admin), w.shipment.id);
    expect(lists.map((l) => l.join())).toContain(
      final?.shareList
        .map((x) => x.email)
        .sort()
        .join(),
    );
  });
});
