import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { users } from "../../server/db/schema";
import { ROLE_IDS } from "../../shared/enums";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, lastEmail, newEmail, STRONG_PASSWORD, signInAs, tokenFrom } from "./auth-client";

// A new account's schedule e-mails go to its own address until the user chooses another: every
// way an account is made through the REST surface starts with notificationEmail = email, and the
// migration fills the accounts made before with an empty one. (Google and Firebase: oauth tests.)

let t: TestApp;
let ipSeq = 0;
const clock = new TestClock("2026-03-02T00:00:00Z");
const client = () => new Client(t.app, { ip: `127.9.0.${++ipSeq}` });

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function notificationAddressOf(c: Client) {
  const settings = await c.query("notifications.settings");
  return settings.data?.notificationEmail as string | undefined;
}

async function invited(kind: "member" | "guest", email: string) {
  const f = factories(t.database.db, clock.now());
  const made = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
  const admin = await signInAs(client(), t.database.db, made.user);
  const res =
    kind === "member"
      ? await admin.mutate("invitations.invite", {
          emails: email,
          roleId: ROLE_IDS.OPERATOR,
          teamIds: [made.team.id],
        })
      : await admin.mutate("teams.addGuest", { teamId: made.team.id, email });
  expect(res.error).toBeUndefined();
  return tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
}

describe("the notification address of a new account", () => {
  it("is the address signed up with (POST /auth/signup)", async () => {
    const email = newEmail("signup");
    const c = client();
    const res = await c.post("/auth/signup", { displayName: "Ann", email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.notificationEmail).toBe(email);
  });

  it("is the invited address for an invited member, shown on the notification settings", async () => {
    const email = newEmail("member");
    const token = await invited("member", email);
    const c = client();
    const res = await c.post("/auth/signup", {
      displayName: "Member",
      email,
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(res.statusCode).toBe(200);
    expect(await notificationAddressOf(c)).toBe(email);
  });

  it("is the invited address for a team's guest", async () => {
    const email = newEmail("guest");
    const token = await invited("guest", email);
    const res = await client().post("/auth/signup", {
      displayName: "Guest",
      email,
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.notificationEmail).toBe(email);
  });
});

describe("the migration for accounts made before", () => {
  it("fills an empty (or blank) notification address with the account's e-mail and keeps chosen ones", async () => {
    const f = factories(t.database.db, clock.now());
    const empty = await f.user({ notificationEmail: "" });
    const blank = await f.user({ notificationEmail: "  " });
    const chosen = await f.user({ notificationEmail: "ops@elsewhere.example" });
    const file = new URL("../../drizzle/0014_notification_email_default.sql", import.meta.url);
    await t.database.db.execute(sql.raw(readFileSync(file, "utf8")));
    const address = async (id: string) =>
      (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.notificationEmail;
    expect(await address(empty.id)).toBe(empty.email);
    expect(await address(blank.id)).toBe(blank.email);
    expect(await address(chosen.id)).toBe("ops@elsewhere.example");
  });
});
