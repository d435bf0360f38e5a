import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userActor } from "../../../tests/setup/context";
import { companies, shipments } from "../../db/schema";
import { codeOf } from "../shipments/shipments.testkit";
import { updateShipment } from "../shipments/update.service";
import {
  guestCompleteUpload,
  guestDeleteAttachment,
  guestGenerateUploadUrl,
  guestGetDownloadUrl,
  guestListAttachments,
} from "./attachments.guest.service";
import { listAttachments, updateAttachmentVisibility } from "./attachments.service";
import { serviceHarness, type Who } from "./attachments.service.testkit";
import { pathOf, pdfOfSize, png, put } from "./attachments.testkit";

// The share page's Attached Files (spec 02 §2, §6): a signed-in guest holding the share token
// uploads, downloads only what is shared with their address and their own uploads, deletes only
// their own, and edits nothing else.

const { clock, t, s, as, storage, upload } = serviceHarness();
/** The guests' address: this file's few misses stay far below the share-miss limit. */
const client = { ip: "192.0.2.10" };

async function world() {
  const { f } = t;
  const {
    company,
    team,
    user: admin,
  } = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
  const shipment = await f.shipment(team);
  const token = shipment.shareToken ?? "";
  // Guests: people of partner companies, or with no company at all.
  const guest = await f.user({ email: `buyer-${crypto.randomUUID().slice(0, 8)}@partner.example` });
  const otherGuest = (await f.companyWith("OPERATOR")).user;
  return { company, team, admin, shipment, token, guest, otherGuest };
}

async function memberUpload(who: Who, shipmentId: string, name: string) {
  return (await upload(who, shipmentId, name, "application/pdf", pdfOfSize(200))).result;
}

async function guestUpload(who: Who, token: string, name: string, body = pdfOfSize(300)) {
  const ticket = await guestGenerateUploadUrl(
    as(who),
    storage(),
    {
      shareToken: token,
      filename: name,
      contentType: "application/pdf",
      fileSizeBytes: body.length,
    },
    client,
  );
  expect((await put(s.app, ticket, body)).statusCode).toBe(200);
  return guestCompleteUpload(
    as(who),
    storage(),
    { shareToken: token, attachmentId: ticket.attachmentId },
    client,
  );
}

async function share(w: Awaited<ReturnType<typeof world>>, attachmentId: string, emails: string[]) {
  await updateAttachmentVisibility(
    as(w.admin),
    { attachmentId, visibilityScope: "LIMITED_SHARING", emails, sendNotification: false },
    { appUrl: "https://tracking.example" },
  );
}

describe("a guest on the share page", () => {
  it("sees only files shared with their address and their own uploads, without owner fields", async () => {
    const w = await world();
    const internal = await memberUpload(w.admin, w.shipment.id, "internal.pdf");
    const shared = await memberUpload(w.admin, w.shipment.id, "shared.pdf");
    const sharedElsewhere = await memberUpload(w.admin, w.shipment.id, "other.pdf");
    await share(w, shared.id, [w.guest.email.toUpperCase()]);
    await share(w, sharedElsewhere.id, ["someone@else.example"]);
    const own = await guestUpload(w.guest, w.token, "packing list.pdf");
    expect(own).toEqual({
      id: own.id,
      filename: "packing list.pdf",
      contentType: "application/pdf",
      fileSizeBytes: 300,
      createdAt: clock.now().toISOString(),
      uploadedUserName: w.guest.nickname,
      isOwn: true,
      canDelete: true,
    });

    const list = await guestListAttachments(as(w.guest), w.token, client);
    expect(list.map((a) => a.filename).sort()).toEqual(["packing list.pdf", "shared.pdf"]);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "canDelete",
          "contentType",
          "createdAt",
          "fileSizeBytes",
          "filename",
          "id",
          "isOwn",
          "uploadedUserName",
        ].sort(),
      );
    }
    expect(list.find((a) => a.id === shared.id)).toMatchObject({ isOwn: false, canDelete: false });
    expect(JSON.stringify(list)).not.toContain(w.admin.id);
    expect(JSON.stringify(list)).not.toContain("someone@else.example");
    expect(internal.id).not.toBe(own.id);

    // The company sees the guest's upload, marked as theirs.
    const members = await listAttachments(as(w.admin), w.shipment.id);
    expect(members.find((a) => a.id === own.id)).toMatchObject({
      uploadedByUserId: w.guest.id,
      uploadedByGuestEmail: w.guest.email,
      canDelete: true,
    });
  });

  it("downloads only what is shared with them or their own", async () => {
    const w = await world();
    const internal = await memberUpload(w.admin, w.shipment.id, "internal.pdf");
    const shared = await memberUpload(w.admin, w.shipment.id, "shared.pdf");
    await share(w, shared.id, [w.guest.email]);
    const own = await guestUpload(w.guest, w.token, "mine.pdf");
    const download = (who: Who, attachmentId: string) =>
      guestGetDownloadUrl(as(who), storage(), { shareToken: w.token, attachmentId }, client);

    const ticket = await download(w.guest, shared.id);
    const res = await s.app.inject({ method: "GET", url: pathOf(ticket.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("shared.pdf");
    expect(await codeOf(download(w.guest, own.id))).toBe("ok");
    expect(await codeOf(download(w.guest, internal.id))).toBe("ATTACHMENT_NOT_FOUND");
    // Someone else holding the same link sees neither the shared file nor the guest's upload.
    expect(await codeOf(download(w.otherGuest, shared.id))).toBe("ATTACHMENT_NOT_FOUND");
    expect(await codeOf(download(w.otherGuest, own.id))).toBe("ATTACHMENT_NOT_FOUND");
    expect(await guestListAttachments(as(w.otherGuest), w.token, client)).toEqual([]);
    // Unsharing takes effect at once.
    await updateAttachmentVisibility(
      as(w.admin),
      { attachmentId: shared.id, visibilityScope: "INTERNAL_ONLY", emails: [], sendNotification: false },
      { appUrl: "https://tracking.example" },
    );
    expect(await codeOf(download(w.guest, shared.id))).toBe("ATTACHMENT_NOT_FOUND");
  });

  it("deletes only their own uploads", async () => {
    const w = await world();
    const shared = await memberUpload(w.admin, w.shipment.id, "shared.pdf");
    await share(w, shared.id, [w.guest.email]);
    const own = await guestUpload(w.guest, w.token, "mine.pdf");
    const remove = (who: Who, attachmentId: string) =>
      guestDeleteAttachment(as(who), storage(), { shareToken: w.token, attachmentId }, client);
    expect(await codeOf(remove(w.guest, shared.id))).toBe("PERMISSION_DENIED");
    expect(await codeOf(remove(w.otherGuest, own.id))).toBe("ATTACHMENT_NOT_FOUND");
    expect(await remove(w.guest, own.id)).toEqual({ attachmentId: own.id });
    expect((await guestListAttachments(as(w.guest), w.token, client)).map((a) => a.id)).toEqual([shared.id]);
  });

  it("uploads are checked by content as members' are", async () => {
    const w = await world();
    expect(await codeOf(guestUpload(w.guest, w.token, "scan.pdf", png()))).toBe(
      "ATTACHMENT_CONTENT_MISMATCH",
    );
    expect(await guestListAttachments(as(w.guest), w.token, client)).toEqual([]);
  });

  it("cannot edit the shipment's fields nor use the members' calls", async () => {
    const w = await world();
    expect(
      await codeOf(updateShipment(as(w.guest), { shipmentId: w.shipment.id, input: { title: "x" } })),
    ).toBe("NO_COMPANY");
    expect(
      await codeOf(updateShipment(as(w.otherGuest), { shipmentId: w.shipment.id, input: { title: "x" } })),
    ).toBe("SHIPMENT_NOT_FOUND");
    expect(await codeOf(listAttachments(as(w.guest), w.shipment.id))).toBe("NO_COMPANY");
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, w.shipment.id));
    expect(row?.title).toBe(w.shipment.title);
  });
});

describe("the share token decides", () => {
  it("anonymous visitors and unverified sessions are refused", async () => {
    const w = await world();
    expect(await codeOf(guestListAttachments(as({ kind: "anonymous" }), w.token, client))).toBe(
      "UNAUTHENTICATED",
    );
    expect(
      await codeOf(guestListAttachments(as(userActor(w.guest, { emailVerified: false })), w.token, client)),
    ).toBe("EMAIL_NOT_VERIFIED");
  });

  it("an unknown or revoked token is 'not found', and a regenerated one works", async () => {
    const w = await world();
    const own = await guestUpload(w.guest, w.token, "mine.pdf");
    expect(await codeOf(guestListAttachments(as(w.guest), "not-a-token", client))).toBe("SHIPMENT_NOT_FOUND");
    await t.db.update(shipments).set({ shareToken: null }).where(eq(shipments.id, w.shipment.id));
    const calls = [
      () => guestListAttachments(as(w.guest), w.token, client),
      () =>
        guestGetDownloadUrl(as(w.guest), storage(), { shareToken: w.token, attachmentId: own.id }, client),
      () =>
        guestDeleteAttachment(as(w.guest), storage(), { shareToken: w.token, attachmentId: own.id }, client),
      () =>
        guestGenerateUploadUrl(
          as(w.guest),
          storage(),
          {
            shareToken: w.token,
            filename: "a.pdf",
            contentType: "application/pdf",
            fileSizeBytes: 10,
          },
          client,
        ),
    ];
    for (const call of calls) expect(await codeOf(call())).toBe("SHIPMENT_NOT_FOUND");
    await t.db
      .update(shipments)
      .set({ shareToken: "regenerated-token-1" })
      .where(eq(shipments.id, w.shipment.id));
    expect((await guestListAttachments(as(w.guest), "regenerated-token-1", client)).map((a) => a.id)).toEqual(
      [own.id],
    );
  });

  it("a token of another shipment does not reach this shipment's files", async () => {
    const w = await world();
    const own = await guestUpload(w.guest, w.token, "mine.pdf");
    const other = await t.f.shipment(w.team);
    const otherToken = other.shareToken ?? "";
    expect(
      await codeOf(
        guestGetDownloadUrl(as(w.guest), storage(), { shareToken: otherToken, attachmentId: own.id }, client),
      ),
    ).toBe("ATTACHMENT_NOT_FOUND");
  });

  it("is refused while the shipment's company has connect off", async () => {
    const w = await world();
    await t.db.update(companies).set({ isConnectEnabled: false }).where(eq(companies.id, w.company.id));
    expect(await codeOf(guestListAttachments(as(w.guest), w.token, client))).toBe("CONNECT_NOT_ENABLED");
  });
});
