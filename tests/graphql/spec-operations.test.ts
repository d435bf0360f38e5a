import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import {
  companies,
  contracts,
  subscriptions,
  teamGuestUsers,
  teams,
  unsubscribeTokens,
  upgradeRequests,
} from "../../server/db/schema";
import { hashToken } from "../../server/modules/auth/tokens";
import { newUnsubscribeToken } from "../../server/modules/notifications/notify.queries";
import { buildWorld, NOW, type World } from "../authz/world";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { clientFor, errorOf, GraphqlClient } from "./admin-client";

// The spec 02 §7 operations that were tRPC-only, through POST /graphql with real sessions: the
// contract summary every member reads, Team.shipmentCount, Shipment.attachments, the file
// operations of members and of guests by share token, the guest home, unsubscribe, invitation and
// guest invitation by token, the upgrade requests, the card operations and the port-community ones.

let t: TestApp;
let w: World;
const DAY = 86_400_000;
beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "graphql-spec-ops-"));
  t = await createTestApp({ clock: new TestClock(NOW), env: { DATA_DIR: dataDir } });
  w = await buildWorld(t.database.db);
});
afterAll(() => t.close());

const f = () => factories(t.database.db, NOW);
const as = (user: { id: string }) => clientFor(t.app, t.database.db, t.clock, user);

/** A signed-in person outside the company, guest of the world's team A. */
async function guestOfTeamA() {
  const guest = await f().user({ email: `guest-${Math.random().toString(36).slice(2)}@partner.example` });
  await t.database.db
    .insert(teamGuestUsers)
    .values({ companyId: w.company.id, teamId: w.teams.A.id, email: guest.email, userId: guest.id });
  return guest;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** The browser's PUT of the file to the signed address (local storage, served by the app). */
async function put(ticket: { uploadUrl: string; headers: { name: string; value: string }[] }) {
  const url = new URL(ticket.uploadUrl);
  const res = await t.app.inject({
    method: "PUT",
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(ticket.headers.map((h) => [h.name, h.value])),
    payload: PDF,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("viewer { company { currentContract upcomingContract } }", () => {
  const QUERY = /* GraphQL */ `
    {
      viewer {
        company {
          plan
          currentContract { id plan phase isAutoRenewing startsAt endsAt maxTrackings maxMembers contractPeriod }
          upcomingContract { plan startsAt }
        }
      }
    }
  `;

  it("is readable by every member; quote and payment details stay Admin-only", async () => {
    const answer = await (await as(w.roles.OPERATOR)).request<{
      viewer: { company: { plan: string; currentContract: Record<string, unknown> } };
    }>(QUERY);
    expect(answer.errors).toEqual([]);
    expect(answer.data?.viewer.company.currentContract).toMatchObject({
      plan: "PREMIUM",
      phase: "CURRENT",
      maxTrackings: 1000,
      maxMembers: 100,
    });
    const details = "{ viewer { company { currentContract { plan paymentMethod quoteNumber } } } }";
    const operator = await (await as(w.roles.OPERATOR)).request<{
      viewer: { company: { currentContract: Record<string, unknown> } };
    }>(details);
    expect(operator.data?.viewer.company.currentContract).toEqual({
      plan: "PREMIUM",
      paymentMethod: null,
      quoteNumber: null,
    });
    expect(errorOf(operator, "PERMISSION_DENIED").path).toEqual([
      "viewer",
      "company",
      "currentContract",
      expect.stringMatching(/paymentMethod|quoteNumber/),
    ]);
    const admin = await (await as(w.roles.ADMIN)).request<{
      viewer: { company: { currentContract: Record<string, unknown> } };
    }>(details);
    expect(admin.errors).toEqual([]);
    expect(admin.data?.viewer.company.currentContract).toMatchObject({
      plan: "PREMIUM",
      paymentMethod: "UNKNOWN",
    });
  });

  it("is the contract the standing uses: a paid contract over a FREE trial that started later", async () => {
    const { company, user } = await f().companyWith("READONLY");
    // The trial (from the factory) starts now; a PREMIUM contract began ten days earlier.
    await t.database.db.delete(contracts).where(eq(contracts.companyId, company.id));
    await f().contract(company.id, {
      plan: "PREMIUM",
      startsAt: new Date(NOW.getTime() - 10 * DAY),
      endsAt: new Date(NOW.getTime() + 355 * DAY),
      maxTrackings: 300,
      maxMembers: 30,
      contractPeriod: "YEARLY",
    });
    await f().contract(company.id, { plan: "FREE", startsAt: new Date(NOW.getTime() - 5 * DAY) });
    await f().contract(company.id, {
      plan: "ENTERPRISE",
      startsAt: new Date(NOW.getTime() + 355 * DAY),
      endsAt: new Date("9999-12-31T00:00:00Z"),
    });
    const answer = await (await as(user)).request<{
      viewer: {
        company: { plan: string; currentContract: Record<string, unknown>; upcomingContract: unknown };
      };
    }>(QUERY);
    expect(answer.errors).toEqual([]);
    const { plan, currentContract, upcomingContract } = answer.data?.viewer.company ?? {};
    expect(plan).toBe("PREMIUM");
    expect(currentContract).toMatchObject({
      plan: "PREMIUM",
      phase: "CURRENT",
      isAutoRenewing: false,
      maxTrackings: 300,
      contractPeriod: "YEARLY",
      startsAt: new Date(NOW.getTime() - 10 * DAY).toISOString(),
    });
    expect(upcomingContract).toEqual({
      plan: "ENTERPRISE",
      startsAt: new Date(NOW.getTime() + 355 * DAY).toISOString(),
    });
  });
});

describe("Team.shipmentCount", () => {
  it("counts active shipments per team, for the teams the viewer sees", async () => {
    await f().shipment(w.teams.B);
    await f().shipment(w.teams.B);
    await f().shipment(w.teams.B, { archivedAt: NOW });
    await f().shipment(w.teams.C);
    const query = "{ viewer { company { teams { name shipmentCount } } } }";
    const counts = async (user: { id: string }) => {
      const answer = await (await as(user)).request<{
        viewer: { company: { teams: { name: string; shipmentCount: number | null }[] } };
      }>(query);
      expect(answer.errors).toEqual([]);
      return Object.fromEntries(
        answer.data?.viewer.company.teams.map((x) => [x.name, x.shipmentCount]) ?? [],
      );
    };
    expect(await counts(w.roles.ADMIN)).toEqual({ A: 1, B: 2, C: 1 });
    // The Operator belongs to A and B only.
    expect(await counts(w.roles.OPERATOR)).toEqual({ A: 1, B: 2, C: null });
  });
});

describe("the files of a shipment", () => {
  it("upload, list, download, share and delete as a member", async () => {
    const operator = await as(w.roles.OPERATOR);
    const asked = await operator.request<{
      generateAttachmentUploadUrl: {
        attachmentId: string;
        uploadUrl: string;
        method: string;
        headers: { name: string; value: string }[];
      };
    }>(
      `mutation($shipmentId: ID!, $size: Int!) { generateAttachmentUploadUrl(shipmentId: $shipmentId,
        filename: "booking.pdf", contentType: "application/pdf", fileSizeBytes: $size) {
        attachmentId uploadUrl method headers { name value } expiresAt } }`,
      { shipmentId: w.shipment.id, size: PDF.length },
    );
    expect(asked.errors).toEqual([]);
    const ticket = asked.data?.generateAttachmentUploadUrl;
    if (!ticket) throw new Error("no ticket");
    expect(ticket.method).toBe("PUT");
    await put(ticket);
    const done = await operator.request<{ completeAttachmentUpload: { filename: string; isOwn: boolean } }>(
      "mutation($id: ID!) { completeAttachmentUpload(attachmentId: $id) { filename isOwn canDelete } }",
      { id: ticket.attachmentId },
    );
    expect(done.errors).toEqual([]);
    expect(done.data?.completeAttachmentUpload).toMatchObject({ filename: "booking.pdf", isOwn: true });

    const listed = await (await as(w.roles.READONLY)).request<{
      shipment: { attachments: { id: string; filename: string; canDelete: boolean }[] };
    }>("query($id: ID) { shipment(id: $id) { attachments { id filename canDelete } } }", {
      id: w.shipment.id,
    });
    expect(listed.errors).toEqual([]);
    expect(listed.data?.shipment.attachments.map((a) => a.filename).sort()).toEqual([
      "booking.pdf",
      "invoice.pdf",
    ]);

    const download = await operator.request<{ getAttachmentDownloadUrl: { url: string } }>(
      "mutation($id: ID!) { getAttachmentDownloadUrl(attachmentId: $id) { url expiresAt } }",
      { id: ticket.attachmentId },
    );
    expect(download.errors).toEqual([]);
    const url = new URL(download.data?.getAttachmentDownloadUrl.url ?? "http://x/");
    const file = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const shared = await operator.request<{
      updateAttachmentVisibility: { visibilityScope: string; shareList: { email: string }[] };
    }>(
      `mutation($id: ID!) { updateAttachmentVisibility(attachmentId: $id, visibilityScope: LIMITED_SHARING,
        emails: ["partner@partner.example"]) { visibilityScope shareList { email } } }`,
      { id: ticket.attachmentId },
    );
    expect(shared.errors).toEqual([]);
    expect(shared.data?.updateAttachmentVisibility).toEqual({
      visibilityScope: "LIMITED_SHARING",
      shareList: [{ email: "partner@partner.example" }],
    });

    const deleted = await operator.request<{ deleteAttachment: string }>(
      "mutation($id: ID!) { deleteAttachment(attachmentId: $id) }",
      { id: ticket.attachmentId },
    );
    expect(deleted.data?.deleteAttachment).toBe(ticket.attachmentId);
  });

  it("Shipment.attachments is for members: through a share link it is refused", async () => {
    const answer = await (await as(w.roles.ADMIN)).request(
      "query($token: String) { shipment(shareToken: $token) { title attachments { id } } }",
      { token: w.shipment.shareToken },
    );
    expect(errorOf(answer, "PERMISSION_DENIED").path).toEqual(["shipment", "attachments"]);
  });

  it("reads a page's files in one look-up, the same as one by one", async () => {
    const more = await f().shipment(w.teams.A);
    const answer = await (await as(w.roles.ADMIN)).request<{
      shipments_v2: { items: { id: string; attachments: { filename: string }[] }[] };
    }>(
      `query($teamId: ID) { shipments_v2(teamId: $teamId, tab: ALL) { items { id attachments { filename } } } }`,
      {
        teamId: w.teams.A.id,
      },
    );
    expect(answer.errors).toEqual([]);
    const byId = Object.fromEntries(answer.data?.shipments_v2.items.map((i) => [i.id, i.attachments]) ?? []);
    expect(byId[w.shipment.id]?.map((a) => a.filename)).toContain("invoice.pdf");
    expect(byId[more.id]).toEqual([]);
  });
});

describe("the share page's files and the guest home, for a signed-in guest", () => {
  it("lists the team's shared shipments and uploads, downloads and deletes by share token", async () => {
    const guest = await guestOfTeamA();
    const client: GraphqlClient = await as(guest);
    const home = await client.request<{
      guestShipments: { total: number; items: { shareToken: string; trackingNumber: string }[] };
    }>(
      "query($teamId: ID!) { guestShipments(teamId: $teamId) { total items { shareToken trackingNumber } } }",
      {
        teamId: w.teams.A.id,
      },
    );
    expect(home.errors).toEqual([]);
    expect(home.data?.guestShipments.items.map((i) => i.shareToken)).toContain(w.shipment.shareToken);

    const token = w.shipment.shareToken;
    const asked = await client.request<{
      generateGuestAttachmentUploadUrl: {
        attachmentId: string;
        uploadUrl: string;
        headers: { name: string; value: string }[];
      };
    }>(
      `mutation($token: String!, $size: Int!) { generateGuestAttachmentUploadUrl(shareToken: $token,
        filename: "packing.pdf", contentType: "application/pdf", fileSizeBytes: $size) { attachmentId uploadUrl headers { name value } } }`,
      { token, size: PDF.length },
    );
    expect(asked.errors).toEqual([]);
    const ticket = asked.data?.generateGuestAttachmentUploadUrl;
    if (!ticket) throw new Error("no ticket");
    await put(ticket);
    const args = { token, id: ticket.attachmentId };
    const done = await client.request<{ completeGuestAttachmentUpload: { isOwn: boolean } }>(
      "mutation($token: String!, $id: ID!) { completeGuestAttachmentUpload(shareToken: $token, attachmentId: $id) { isOwn } }",
      args,
    );
    expect(done.data?.completeGuestAttachmentUpload).toEqual({ isOwn: true });
    const listed = await client.request<{ guestAttachments: { filename: string }[] }>(
      "query($token: String!) { guestAttachments(shareToken: $token) { filename } }",
      { token },
    );
    // The world's invoice is shared with another address: the guest sees their own upload only.
    expect(listed.data?.guestAttachments).toEqual([{ filename: "packing.pdf" }]);
    const download = await client.request<{ getGuestAttachmentDownloadUrl: { url: string } }>(
      "mutation($token: String!, $id: ID!) { getGuestAttachmentDownloadUrl(shareToken: $token, attachmentId: $id) { url } }",
      args,
    );
    expect(download.data?.getGuestAttachmentDownloadUrl.url).toMatch(/^https?:\/\//);
    const other = await client.request(
      "mutation($token: String!, $id: ID!) { getGuestAttachmentDownloadUrl(shareToken: $token, attachmentId: $id) { url } }",
      { token, id: w.attachment.id },
    );
    errorOf(other, "ATTACHMENT_NOT_FOUND");
    const deleted = await client.request<{ deleteGuestAttachment: string }>(
      "mutation($token: String!, $id: ID!) { deleteGuestAttachment(shareToken: $token, attachmentId: $id) }",
      args,
    );
    expect(deleted.data?.deleteGuestAttachment).toBe(ticket.attachmentId);
  });
});

describe("by token", () => {
  it("unsubscribeByToken ends the subscription without a session, and again answers the same", async () => {
    const shipment = await f().shipment(w.teams.A, { title: "Kobe rice" });
    const user = w.roles.READONLY;
    await t.database.db.insert(subscriptions).values({ userId: user.id, shipmentId: shipment.id });
    const token = newUnsubscribeToken();
    await t.database.db
      .insert(unsubscribeTokens)
      .values({ token, userId: user.id, shipmentId: shipment.id, companyId: w.company.id });
    const anonymous = new GraphqlClient(t.app);
    const mutation =
      "mutation($token: String!) { unsubscribeByToken(unsubscribeToken: $token) { shipmentName } }";
    for (const _ of [1, 2]) {
      const answer = await anonymous.request<{ unsubscribeByToken: { shipmentName: string } }>(mutation, {
        token,
      });
      expect(answer.errors).toEqual([]);
      expect(answer.data?.unsubscribeByToken.shipmentName).toContain("Kobe rice");
    }
    const left = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.shipmentId, shipment.id));
    expect(left).toEqual([]);
  });

  it("invitationByToken and teamGuestUserByToken show what each link invites to, and only their own kind", async () => {
    const anonymous = new GraphqlClient(t.app);
    const member = await anonymous.request<{ invitationByToken: Record<string, unknown> }>(
      "query($token: String!) { invitationByToken(invitationToken: $token) { email companyName role { name } } }",
      { token: w.invitationToken },
    );
    expect(member.errors).toEqual([]);
    expect(member.data?.invitationByToken).toEqual({
      email: w.invitation.email,
      companyName: w.company.companyName,
      role: { name: "Operator" },
    });
    const guestToken = `guest-link-${w.domain}`;
    await t.database.db.insert(teamGuestUsers).values({
      companyId: w.company.id,
      teamId: w.teams.B.id,
      email: "invited@partner.example",
      invitationTokenHash: hashToken(guestToken),
    });
    const guest = await anonymous.request<{ teamGuestUserByToken: Record<string, unknown> }>(
      "query($token: String!) { teamGuestUserByToken(invitationToken: $token) { email companyName teamName } }",
      { token: guestToken },
    );
    expect(guest.errors).toEqual([]);
    expect(guest.data?.teamGuestUserByToken).toEqual({
      email: "invited@partner.example",
      companyName: w.company.companyName,
      teamName: "B",
    });
    errorOf(
      await anonymous.request(
        "query($token: String!) { invitationByToken(invitationToken: $token) { email } }",
        {
          token: guestToken,
        },
      ),
      "INVITATION_NOT_FOUND",
    );
    errorOf(
      await anonymous.request(
        "query($token: String!) { teamGuestUserByToken(invitationToken: $token) { email } }",
        {
          token: w.invitationToken,
        },
      ),
      "INVITATION_NOT_FOUND",
    );
  });
});

describe("upgrading and paying", () => {
  const FIELDS = `plan: STANDARD, companyName: "Trial Co", companyAddress: "1-1 Marunouchi, Tokyo",
    companyTel: "+81 3 0000 0000", personInCharge: "Aoi Sato", workEmail: "aoi@trial.example",
    emailForInvoice: "billing@trial.example", quoteNumber: "MC-2026-7", maxTrackings: 200, maxMembers: 10,
    desiredStartDate: "2026-02-01", contractPeriod: MONTHLY, acceptTos: true`;

  it("upgradeForBankTransfer files a bank-transfer request; a second one waits for the first", async () => {
    const { company, user } = await f().companyWith("ADMIN");
    const admin = await as(user);
    const first = await admin.request<{ upgradeForBankTransfer: Record<string, unknown> }>(
      `mutation { upgradeForBankTransfer(input: { ${FIELDS} }) { upgradeRequestId paymentMethod contractStatus apiApplied } }`,
    );
    expect(first.errors).toEqual([]);
    expect(first.data?.upgradeForBankTransfer).toMatchObject({
      paymentMethod: "BANK_TRANSFER",
      contractStatus: "IN_TRIAL",
      apiApplied: false,
    });
    const [request] = await t.database.db
      .select()
      .from(upgradeRequests)
      .where(eq(upgradeRequests.companyId, company.id));
    expect(request).toMatchObject({
      plan: "STANDARD",
      paymentMethod: "BANK_TRANSFER",
      quoteNumber: "2026-7",
    });
    const [renamed] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(renamed?.companyName).toBe("Trial Co");
    const again = await admin.request(
      `mutation { submitUpgradeRequest(input: { ${FIELDS}, paymentMethod: BANK_TRANSFER }) { upgradeRequestId } }`,
    );
    errorOf(again, "UPGRADE_REQUEST_PENDING");
  });

  it("submitUpgradeRequest checks the form with the shared schema's messages", async () => {
    const { user } = await f().companyWith("ADMIN");
    const answer = await (await as(user)).request(
      `mutation { submitUpgradeRequest(input: { ${FIELDS.replace("acceptTos: true", "acceptTos: false")},
        paymentMethod: CARD }) { upgradeRequestId } }`,
    );
    errorOf(answer, "VALIDATION_FAILED");
  });

  it("the card operations say card payment is not configured, as the console does", async () => {
    const { user } = await f().companyWith("ADMIN");
    const admin = await as(user);
    errorOf(await admin.request("mutation { createCheckoutUrl { url } }"), "CARD_PAYMENT_NOT_CONFIGURED");
    errorOf(
      await admin.request("mutation { createBillingPortalUrl { url } }"),
      "CARD_PAYMENT_NOT_CONFIGURED",
    );
    errorOf(
      await admin.request('mutation { completeCheckout(sessionId: "cs_test_1") { plan } }'),
      "CARD_PAYMENT_NOT_CONFIGURED",
    );
  });
});

describe("the port-community integration", () => {
  it("registers credentials (write-only) and triggers an import once the integration is on", async () => {
    const admin = await as(w.roles.ADMIN);
    const saved = await admin.request<{ registerCyberportCredentials: Record<string, unknown> }>(
      `mutation($teamId: ID!) { registerCyberportCredentials(teamId: $teamId, input: {
        cyberportLoginUsername: "user", cyberportLoginPassword: "secret", cyberportAppId: "app",
        cyberportClientId: "client", cyberportClientSecret: "client-secret" }) {
        teamId credentialsComplete credentialsSet { loginUsername loginPassword appId clientId clientSecret } } }`,
      { teamId: w.teams.C.id },
    );
    expect(saved.errors).toEqual([]);
    expect(saved.data?.registerCyberportCredentials).toEqual({
      teamId: w.teams.C.id,
      credentialsComplete: true,
      credentialsSet: {
        loginUsername: true,
        loginPassword: true,
        appId: true,
        clientId: true,
        clientSecret: true,
      },
    });
    expect(JSON.stringify(saved)).not.toContain("secret");
    const trigger = `mutation($teamId: ID!) { triggerCyberportImport(teamId: $teamId) { teamId status createdCount } }`;
    errorOf(await admin.request(trigger, { teamId: w.teams.C.id }), "CYBERPORT_NOT_ENABLED");
    await t.database.db.update(teams).set({ cyberportEnabled: true }).where(eq(teams.id, w.teams.C.id));
    const started = await admin.request<{ triggerCyberportImport: Record<string, unknown> }>(trigger, {
      teamId: w.teams.C.id,
    });
    expect(started.errors).toEqual([]);
    expect(started.data?.triggerCyberportImport).toEqual({
      teamId: w.teams.C.id,
      status: "QUEUED",
      createdCount: 0,
    });
    errorOf(await admin.request(trigger, { teamId: w.teams.C.id }), "CYBERPORT_IMPORT_IN_PROGRESS");
  });
});
