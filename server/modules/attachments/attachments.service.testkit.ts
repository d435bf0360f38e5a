import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { attachments } from "../../db/schema";
import { completeUpload, generateUploadUrl } from "./attachments.service";
import { put, setupLocalStorage } from "./attachments.testkit";
import { storageFor } from "./storage/storage";

// The members' service tests' common ground: a database, a local store in a temporary
// directory, a company with every role, and the console's whole upload in one call.

export type Who = Parameters<typeof contextFor>[1];

/** The stored object's key, the last segment of its upload address. */
export function objectKeyOf(ticket: { uploadUrl: string }): string {
  return new URL(ticket.uploadUrl).pathname.split("/").pop() ?? "";
}

export function serviceHarness() {
  const clock = new TestClock("2026-01-15T00:00:00Z");
  const t = setupDatabase(clock.now());
  const s = setupLocalStorage(clock);
  const as = (who: Who) => contextFor(t.db, who, { clock });
  const storage = () => storageFor(s.config);

  async function world() {
    const { f } = t;
    const {
      company,
      team,
      user: admin,
    } = await f.companyWith("ADMIN", {
      company: { isConnectEnabled: true },
    });
    const member = async (role: "MANAGER" | "OPERATOR" | "READONLY") => {
      const user = await f.user({ companyId: company.id, role });
      await f.teamMember(team, user);
      return user;
    };
    const manager = await member("MANAGER");
    const operator = await member("OPERATOR");
    const operator2 = await member("OPERATOR");
    const readonly = await member("READONLY");
    const shipment = await f.shipment(team);
    const otherTeam = await f.team(company.id);
    const hidden = await f.shipment(otherTeam);
    const foreign = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
    return { company, team, admin, manager, operator, operator2, readonly, shipment, hidden, foreign };
  }

  /** Asks for a PDF's upload address, as the console does before the PUT. */
  function requestPdfUpload(who: Who, shipmentId: string, filename: string, fileSizeBytes: number) {
    return generateUploadUrl(as(who), storage(), {
      shipmentId,
      filename,
      contentType: "application/pdf",
      fileSizeBytes,
    });
  }

  /** The console's whole upload: ask for the address, PUT the bytes, complete. */
  async function upload(who: Who, shipmentId: string, filename: string, contentType: string, body: Buffer) {
    const ticket = await generateUploadUrl(as(who), storage(), {
      shipmentId,
      filename,
      contentType,
      fileSizeBytes: body.length,
    });
    const res = await put(s.app, ticket, body);
    expect(res.statusCode).toBe(200);
    return { ticket, result: completeUpload(as(who), storage(), ticket.attachmentId) };
  }

  async function rowOf(id: string) {
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, id));
    return row;
  }

  return { clock, t, s, as, storage, world, upload, requestPdfUpload, rowOf };
}
