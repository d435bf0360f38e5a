import { eq, is, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import { getTableConfig, isPgEnum, type PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../shared/constants";
import { ROLE_IDS, ROLES, type ShippingLine } from "../../shared/enums";
import { createEmptyDatabase, freshDatabase, type TestDatabase } from "../../tests/setup/db";
import { MIGRATIONS_FOLDER } from "./migrate";
import * as schema from "./schema";
import {
  apiTokens,
  attachments,
  comments,
  companies,
  favorites,
  historyContainers,
  historyVessels,
  invitations,
  type NewShipment,
  type NewTeam,
  type NewUser,
  sessions,
  shipmentHistories,
  shipments,
  subscriptions,
  teamMembers,
  teams,
  users,
} from "./schema";

function first<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("the statement returned no row");
  return row;
}

/** The Postgres error behind a refused write (drizzle wraps it as the cause). */
async function refusal(write: PromiseLike<unknown>): Promise<{ code?: string; constraint_name?: string }> {
  const error = await Promise.resolve(write).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error("expected the database to refuse the write");
  return (error.cause ?? error) as { code?: string; constraint_name?: string };
}

const CHECK_VIOLATION = "23514";
const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";
const INVALID_ENUM_VALUE = "22P02";

describe("migrations", () => {
  it("build, from an empty database, exactly the tables, columns and enums the schema declares", async () => {
    const empty = await createEmptyDatabase();
    try {
      await migrate(drizzle(empty.sql), { migrationsFolder: MIGRATIONS_FOLDER });

      const casing = new CasingCache("snake_case");
      const declared = new Map<string, string[]>();
      for (const value of Object.values(schema)) {
        if (!is(value, PgTable)) continue;
        const config = getTableConfig(value);
        declared.set(config.name, config.columns.map((c) => casing.getColumnCasing(c)).sort());
      }
      const rows = await empty.sql<{ table_name: string; column_name: string }[]>`
        select table_name, column_name from information_schema.columns where table_schema = 'public'`;
      const actual = new Map<string, string[]>();
      for (const r of rows) actual.set(r.table_name, [...(actual.get(r.table_name) ?? []), r.column_name]);
      for (const columns of actual.values()) columns.sort();
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(declared));
      expect(declared.size).toBeGreaterThan(30);

      for (const value of Object.values(schema)) {
        if (!isPgEnum(value)) continue;
        const labels = await empty.sql<{ enumlabel: string }[]>`
          select e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
          where t.typname = ${value.enumName} order by e.enumsortorder`;
        expect(
          labels.map((l) => l.enumlabel),
          value.enumName,
        ).toEqual(value.enumValues);
      }

      const roles = await empty.sql<{ id: string; role: string }[]>`select id, role from roles order by id`;
      expect(roles).toEqual(ROLES.map((role) => ({ id: ROLE_IDS[role], role })));
      const [trgm] = await empty.sql`select 1 from pg_extension where extname = 'pg_trgm'`;
      expect(trgm).toBeDefined();
    } finally {
      await empty.close();
    }
  });
});

describe("data model constraints", () => {
  let t: TestDatabase;
  let seq = 0;
  const uniq = (prefix: string) => `${prefix}${++seq}`;

  beforeAll(async () => {
    t = await freshDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function insertOne<T extends PgTable>(
    table: T,
    values: PgInsertValue<T>,
  ): Promise<T["$inferSelect"]> {
    return first((await t.db.insert(table).values(values).returning()) as T["$inferSelect"][]);
  }
  const makeCompany = () =>
    insertOne(companies, {
      companyName: "Acme",
      phoneNumber: "03-1234",
      workEmail: `${uniq("ops")}@acme.test`,
    });
  const makeTeam = (companyId: string, values: Partial<NewTeam> = {}) =>
    insertOne(teams, { companyId, name: uniq("Team "), ...values });
  const makeUser = (companyId: string | null, values: Partial<NewUser> = {}) =>
    insertOne(users, {
      email: `${uniq("user")}@acme.test`,
      nickname: "Taro",
      companyId,
      roleId: companyId ? ROLE_IDS.OPERATOR : null,
      ...values,
    });
  const makeShipment = (companyId: string, teamId: string, values: Partial<NewShipment> = {}) =>
    insertOne(shipments, {
      companyId,
      teamId,
      trackingNumber: uniq("TCLU"),
      trackingType: "CONTAINER_NUMBER",
      shippingLine: "ONE",
      ...values,
    });
  const makeWorld = async () => {
    const company = await makeCompany();
    const team = await makeTeam(company.id);
    const user = await makeUser(company.id);
    const shipment = await makeShipment(company.id, team.id, { ownerUserId: user.id });
    return { company, team, user, shipment };
  };

  it("refuses a second account whose e-mail differs only in case", async () => {
    await makeUser(null, { email: "Hanako@Example.com" });
    expect(await refusal(makeUser(null, { email: "hanako@example.COM" }))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint_name: "users_email_lower_unique",
    });
  });

  it("refuses daysToArchiveAfterDelivery below 1 and accepts 1", async () => {
    const company = await makeCompany();
    expect(await refusal(makeTeam(company.id, { daysToArchiveAfterDelivery: 0 }))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint_name: "teams_days_to_archive_after_delivery_min",
    });
    const team = await makeTeam(company.id, { daysToArchiveAfterDelivery: 1 });
    expect(team.daysToArchiveAfterDelivery).toBe(1);
    expect((await makeTeam(company.id)).daysToArchiveAfterDelivery).toBe(7);
  });

  it("accepts an attachment of exactly 5 MB and refuses one byte more, or an empty file", async () => {
    const { company, shipment } = await makeWorld();
    const attach = (fileSizeBytes: number) =>
      t.db.insert(attachments).values({
        companyId: company.id,
        shipmentId: shipment.id,
        filename: "invoice.pdf",
        contentType: "application/pdf",
        fileSizeBytes,
        storageKey: uniq("key-"),
      });
    await attach(ATTACHMENT_MAX_BYTES);
    for (const size of [ATTACHMENT_MAX_BYTES + 1, 0]) {
      expect(await refusal(attach(size))).toMatchObject({
        code: CHECK_VIOLATION,
        constraint_name: "attachments_file_size_bytes_range",
      });
    }
  });

  it("keeps one favorite and one subscription per user and shipment", async () => {
    const { user, shipment } = await makeWorld();
    for (const table of [favorites, subscriptions]) {
      await t.db.insert(table).values({ userId: user.id, shipmentId: shipment.id });
      expect(
        await refusal(t.db.insert(table).values({ userId: user.id, shipmentId: shipment.id })),
      ).toMatchObject({ code: UNIQUE_VIOLATION });
    }
  });

  it("deletes everything of a company with it, and nothing of another company", async () => {
    const { company, team, user, shipment } = await makeWorld();
    const other = await makeWorld();
    const history = await insertOne(shipmentHistories, {
      shipmentId: shipment.id,
      companyId: company.id,
      status: "success",
    });
    await t.db.update(shipments).set({ latestHistoryId: history.id }).where(eq(shipments.id, shipment.id));
    await t.db.insert(historyVessels).values({ historyId: history.id, sequence: 0, vesselName: "ONE APUS" });
    await t.db.insert(historyContainers).values({ historyId: history.id, containerNumber: "TCLU1234568" });
    await t.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, companyId: company.id });
    await t.db.insert(comments).values({ shipmentId: shipment.id, companyId: company.id, content: "ETA?" });

    await t.db.delete(companies).where(eq(companies.id, company.id));

    const remaining = async (table: string, column: string, value: string) => {
      const rows = await t.sql.unsafe(`select count(*)::int as n from ${table} where ${column} = $1`, [
        value,
      ]);
      return rows[0]?.n as number;
    };
    expect(await remaining("teams", "company_id", company.id)).toBe(0);
    expect(await remaining("team_members", "team_id", team.id)).toBe(0);
    expect(await remaining("shipments", "company_id", company.id)).toBe(0);
    expect(await remaining("shipment_histories", "shipment_id", shipment.id)).toBe(0);
    expect(await remaining("history_vessels", "history_id", history.id)).toBe(0);
    expect(await remaining("history_containers", "history_id", history.id)).toBe(0);
    expect(await remaining("comments", "shipment_id", shipment.id)).toBe(0);
    expect(await remaining("shipments", "id", other.shipment.id)).toBe(1);
    // People keep their accounts and meet the "no company" gate.
    const person = first(await t.db.select().from(users).where(eq(users.id, user.id)));
    expect(person.companyId).toBeNull();
  });

  it("keeps a shipment whose owner is deleted, without an owner", async () => {
    const { user, shipment } = await makeWorld();
    await t.db.delete(users).where(eq(users.id, user.id));
    const kept = first(await t.db.select().from(shipments).where(eq(shipments.id, shipment.id)));
    expect(kept.ownerUserId).toBeNull();
  });

  it("refuses values outside the enums", async () => {
    const { company, team } = await makeWorld();
    expect(
      await refusal(makeShipment(company.id, team.id, { shippingLine: "NOT_A_LINE" as ShippingLine })),
    ).toMatchObject({ code: INVALID_ENUM_VALUE });
    expect(
      await refusal(t.sql`update shipments set queue_status = 'SLEEPY' where company_id = ${company.id}`),
    ).toMatchObject({ code: INVALID_ENUM_VALUE });
  });

  it("refuses a shipment filed under another company's team", async () => {
    const mine = await makeWorld();
    const theirs = await makeWorld();
    expect(await refusal(makeShipment(mine.company.id, theirs.team.id))).toMatchObject({
      code: FOREIGN_KEY_VIOLATION,
      constraint_name: "shipments_team_fk",
    });
  });

  it("derives isArchived from archivedAt and finds shipments by any fragment of their text", async () => {
    const { company, team } = await makeWorld();
    const shipment = await makeShipment(company.id, team.id, {
      title: "東京向け 冷凍貨物",
      customField2: "PO-778812",
      trackingNumber: "ONEYTYOA12345600",
    });
    expect(shipment.isArchived).toBe(false);
    const archived = first(
      await t.db
        .update(shipments)
        .set({ archivedAt: new Date() })
        .where(eq(shipments.id, shipment.id))
        .returning(),
    );
    expect(archived.isArchived).toBe(true);

    const find = async (fragment: string) =>
      (
        await t.db
          .select({ id: shipments.id })
          .from(shipments)
          .where(
            sql`${shipments.companyId} = ${company.id} and ${shipments.searchText} ilike ${`%${fragment}%`}`,
          )
      ).map((r) => r.id);
    for (const fragment of ["冷凍", "po-7788", "TYOA123"])
      expect(await find(fragment)).toEqual([shipment.id]);
    expect(await find("nothing-like-it")).toEqual([]);
  });

  it("accepts only positive hours and the two special modes as notification thresholds", async () => {
    for (const hours of [-1, 0, 12]) await makeUser(null, { minUpdateIntervalHoursEta: hours });
    expect(await refusal(makeUser(null, { minUpdateIntervalHoursEta: -2 }))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint_name: "users_min_update_interval_hours_eta_valid",
    });
  });

  it("keeps one open invitation per address and company, whatever the case", async () => {
    const company = await makeCompany();
    const invite = (email: string, invitationStatus: "INVITED" | "JOINED" = "INVITED") =>
      t.db.insert(invitations).values({
        companyId: company.id,
        email,
        roleId: ROLE_IDS.OPERATOR,
        invitationStatus,
        invitationTokenHash: uniq("hash-"),
        invitationExpireAt: new Date(Date.now() + 86_400_000),
      });
    await invite("jiro@partner.test", "JOINED");
    await invite("jiro@partner.test");
    expect(await refusal(invite("JIRO@partner.test"))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint_name: "invitations_open_email_unique",
    });
  });

  it("keeps one unrevoked API token per user", async () => {
    const { company, user } = await makeWorld();
    const issue = () =>
      t.db.insert(apiTokens).values({ companyId: company.id, userId: user.id, tokenHash: uniq("h") });
    await issue();
    expect(await refusal(issue())).toMatchObject({ constraint_name: "api_tokens_one_active_per_user" });
    await t.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.userId, user.id));
    await issue();
  });

  it("stores session secret hashes as bytes and gives the same bytes back", async () => {
    const user = await makeUser(null);
    const secretHash = new Uint8Array(32).map((_, i) => (i * 37) % 256);
    await t.db.insert(sessions).values({ id: uniq("s"), userId: user.id, secretHash, expiresAt: new Date() });
    const row = first(await t.db.select().from(sessions).where(eq(sessions.userId, user.id)));
    expect(row.secretHash).toBeInstanceOf(Uint8Array);
    expect(Array.from(row.secretHash)).toEqual(Array.from(secretHash));
  });
});
