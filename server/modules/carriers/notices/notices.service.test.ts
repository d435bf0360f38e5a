import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { TestClock } from "../../../core/clock";
import { auditLogs } from "../../../db/schema";
import { runLineNoticeCommand } from "./notices.command";
import { clearLineNotice, listLineNotices, setLineNotice } from "./notices.service";

const t = setupDatabase(new Date("2026-03-01T00:00:00Z"));
const operator = { kind: "system", reason: "admin-cli:ops" } as const;

describe("shipping-line notices", () => {
  it("are set, replaced and cleared by the provider only, and read by anyone", async () => {
    const clock = new TestClock("2026-03-01T09:00:00Z");
    const provider = contextFor(t.db, operator, { clock });
    const { user } = await t.f.companyWith("ADMIN");
    const admin = contextFor(t.db, user, { clock });

    await expect(setLineNotice(admin, { shippingLine: "MAERSK", kind: "DELAY" })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    // Another system actor (a job) is not the provider either.
    const job = contextFor(t.db, { kind: "system", reason: "job:refresh" }, { clock });
    await expect(setLineNotice(job, { shippingLine: "MAERSK", kind: "DELAY" })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });

    await setLineNotice(provider, { shippingLine: "MAERSK", kind: "DELAY" });
    clock.advance(60_000);
    const replaced = await setLineNotice(provider, { shippingLine: "MAERSK", kind: "MAINTENANCE" });
    expect(replaced).toEqual({
      shippingLine: "MAERSK",
      kind: "MAINTENANCE",
      since: "2026-03-01T09:01:00.000Z",
    });
    await setLineNotice(provider, { shippingLine: "ONE", kind: "DELAY" });
    expect(await listLineNotices(admin)).toEqual([
      replaced,
      { shippingLine: "ONE", kind: "DELAY", since: "2026-03-01T09:01:00.000Z" },
    ]);

    await expect(clearLineNotice(admin, "ONE")).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    expect(await clearLineNotice(provider, "ONE")).toBe(true);
    expect(await clearLineNotice(provider, "ONE")).toBe(false);
    expect((await listLineNotices(admin)).map((n) => n.shippingLine)).toEqual(["MAERSK"]);

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.target, "line:MAERSK"));
    expect(audit.map((a) => a.action).sort()).toEqual(["line-notice.set", "line-notice.set"]);
    expect(audit.every((a) => a.actor === "admin-cli:ops")).toBe(true);
  });

  it("are refused for a line the product does not know or a kind the spec does not name", async () => {
    const provider = contextFor(t.db, operator);
    await expect(setLineNotice(provider, { shippingLine: "NOPE" as never, kind: "DELAY" })).rejects.toThrow();
    await expect(setLineNotice(provider, { shippingLine: "MSC", kind: "OUTAGE" as never })).rejects.toThrow();
    await expect(clearLineNotice(provider, "NOPE")).rejects.toThrow();
  });

  it("are managed from the admin CLI commands", async () => {
    const provider = contextFor(t.db, operator);
    const run = async (command: string, line?: string, options: { kind?: string; json?: boolean } = {}) => {
      const lines: string[] = [];
      const code = await runLineNoticeCommand(provider, command, line, options, (l) => lines.push(l));
      return { code, output: lines.join("\n") };
    };
    await expect(run("set-line-notice", "hapaglloyd", { kind: "maintenance" })).resolves.toMatchObject({
      code: 0,
      output: expect.stringContaining("HAPAGLLOYD now shows the MAINTENANCE notice"),
    });
    expect((await run("set-line-notice", "HAPAGLLOYD", { kind: "storm" })).code).toBe(2);
    expect((await run("set-line-notice", "UNKNOWN", { kind: "DELAY" })).code).toBe(2);
    const listed = await run("list-line-notices", undefined, { json: true });
    expect(JSON.parse(listed.output)).toContainEqual(
      expect.objectContaining({ shippingLine: "HAPAGLLOYD", kind: "MAINTENANCE" }),
    );
    await expect(run("clear-line-notice", "HAPAGLLOYD")).resolves.toEqual({
      code: 0,
      output: "Cleared the notice of HAPAGLLOYD",
    });
    await expect(run("clear-line-notice", "HAPAGLLOYD")).resolves.toEqual({
      code: 0,
      output: "HAPAGLLOYD had no notice",
    });
  });
});
