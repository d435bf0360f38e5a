import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createServiceContext } from "../../server/core/context";
import { createDb, type DbHandle } from "../../server/db/client";
import {
  liveEvents,
  type Shipment,
  sessions,
  shipments,
  teamGuestUsers,
  teamMembers,
  type User,
} from "../../server/db/schema";
import { createJobQueue } from "../../server/jobs/queue";
import { eventSubscriptions } from "../../server/jobs/registry";
import { createSession } from "../../server/modules/auth/session.internal";
import { LIVE_MAX_STREAMS_PER_USER } from "../../server/modules/live/live.constants";
import { liveOnShipmentChanged } from "../../server/modules/live/live.jobs";
import { LIVE_EVENTS_PATH, liveHubOf } from "../../server/modules/live/live.rest";
import { publishShipmentChange } from "../../server/modules/live/live.service";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { silentLog } from "../setup/context";
import { freePort } from "../setup/postgres";
import { openSse, type SseStream } from "./sse-client";

// The console's live stream (docs/decisions/0086-live-updates.md): who hears which change, replay
// after a reconnect, and the fan-out from one web process's database to another's.

let a: TestApp;
let second: { app: FastifyInstance; url: string; handle: DbHandle };
const open: SseStream[] = [];

beforeAll(async () => {
  a = await createTestApp({ listen: true });
  // A second web process on the same database: its own pool, its own LISTEN connection.
  const handle = createDb(a.database.url, { max: 4 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: a.database.url,
    PORT: String(port),
    APP_URL: url,
  });
  const app = await buildApp({ config, db: handle.db, boss: a.boss, clock: a.clock });
  await app.listen({ port, host: "127.0.0.1" });
  second = { app, url, handle };
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await second?.app.close();
  await second?.handle.close();
  await a?.close();
});

const f = () => factories(a.database.db, a.clock.now());
const system = () =>
  createServiceContext(
    { db: a.database.db, jobs: createJobQueue(a.boss), clock: a.clock, log: silentLog },
    { kind: "system", reason: "test" },
  );
const publish = (s: Shipment) => publishShipmentChange(system(), { shipmentId: s.id });

async function cookieOf(user: User): Promise<string> {
  const { token } = await createSession(a.database.db, a.clock, user.id);
  return `session=${token}`;
}

async function stream(cookie: string | null, options: { base?: string; lastEventId?: string } = {}) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
  const s = await openSse(`${options.base ?? a.url}${LIVE_EVENTS_PATH}`, headers);
  open.push(s);
  if (s.status === 200)
    await s.waitFor((e) => e.event === "ready" || e.event === "reset" || e.event === "shipment");
  return s;
}

const about = (s: Shipment) => (e: { event: string; data: string }) =>
  e.event === "shipment" && JSON.parse(e.data).shipmentId === s.id;
const heard = (st: SseStream) =>
  st.events.filter((e) => e.event === "shipment").map((e) => JSON.parse(e.data).shipmentId as string);

describe("the live stream", () => {
  it("is fed by the shipment-changed event", () => {
    expect(eventSubscriptions).toContain(liveOnShipmentChanged);
  });

  it("refuses a caller without a session", async () => {
    const s = await stream(null);
    expect(s.status).toBe(401);
  });

  it("tells a member about their company's shipments and another company's session nothing", async () => {
    const one = await f().companyWith("ADMIN");
    const other = await f().companyWith("ADMIN");
    const ours = await f().shipment(one.team);
    const theirs = await f().shipment(other.team);
    const mine = await stream(await cookieOf(one.user));
    const foreign = await stream(await cookieOf(other.user));
    expect(mine.events[0]?.event).toBe("ready");

    await publish(ours);
    await mine.waitFor(about(ours));
    // The other company hears only its own next change, never ours before it.
    await publish(theirs);
    await foreign.waitFor(about(theirs));
    expect(heard(foreign)).toEqual([theirs.id]);
    await mine.waitFor((e) => e.event === "shipment" && e.id !== null);
    expect(heard(mine)).toEqual([ours.id]);
  });

  it("tells a team member only about the teams they see, and stops once they lose access", async () => {
    const { company, team, user: admin } = await f().companyWith("ADMIN");
    const teamB = await f().team(company.id);
    const operator = await f().user({ companyId: company.id, role: "OPERATOR" });
    await f().teamMember(team, operator);
    const inA = await f().shipment(team);
    const inB = await f().shipment(teamB);
    const op = await stream(await cookieOf(operator));
    const adm = await stream(await cookieOf(admin));

    await publish(inB);
    await publish(inA);
    await op.waitFor(about(inA));
    await adm.waitFor(about(inA));
    expect(heard(op)).toEqual([inA.id]);
    expect(heard(adm)).toEqual([inB.id, inA.id]);

    // Removed from the team: once the stream's scope is read again, team A's changes stay away.
    await a.database.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, operator.id)));
    await liveHubOf(a.app)?.refreshScopes();
    await publish(inA);
    await adm.waitFor((e) => about(inA)(e) && e !== adm.events.find(about(inA)));
    expect(heard(op)).toEqual([inA.id]);
  });

  it("hears nothing once the company may no longer read (a churned contract)", async () => {
    const { company, team, user } = await f().companyWith("ADMIN");
    const s1 = await f().shipment(team);
    const st = await stream(await cookieOf(user));
    await a.database.db.execute(
      sql`update contracts set ends_at = now() - interval '400 days', starts_at = now() - interval '430 days' where company_id = ${company.id}`,
    );
    await liveHubOf(a.app)?.refreshScopes();
    const watcher = await f().companyWith("ADMIN");
    const sentinel = await f().shipment(watcher.team);
    const w = await stream(await cookieOf(watcher.user));
    await publish(s1);
    await publish(sentinel);
    await w.waitFor(about(sentinel));
    expect(heard(st)).toEqual([]);
  });

  it("tells a guest only about the shared shipments of the teams they are a guest of", async () => {
    const host = await f().companyWith("ADMIN");
    const otherTeam = await f().team(host.company.id);
    const guest = await f().user({ email: `guest-${Date.now()}@partner.example` });
    await a.database.db
      .insert(teamGuestUsers)
      .values({ companyId: host.company.id, teamId: host.team.id, email: guest.email, userId: guest.id });
    const shared = await f().shipment(host.team, { shareToken: `tok-${Date.now()}-a` });
    const unshared = await f().shipment(host.team, { shareToken: null });
    const sharedElsewhere = await f().shipment(otherTeam, { shareToken: `tok-${Date.now()}-b` });
    const g = await stream(await cookieOf(guest));
    const h = await stream(await cookieOf(host.user));

    await publish(unshared);
    await publish(sharedElsewhere);
    await publish(shared);
    await h.waitFor(about(shared));
    await g.waitFor(about(shared));
    expect(heard(g)).toEqual([shared.id]);
    expect(heard(h)).toEqual([unshared.id, sharedElsewhere.id, shared.id]);
  });

  it("replays what a reconnecting browser missed after its Last-Event-ID, and asks for a refetch beyond the window", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    const s1 = await f().shipment(team);
    const s2 = await f().shipment(team);
    const s3 = await f().shipment(team);
    const cookie = await cookieOf(user);
    const first = await stream(cookie);
    await publish(s1);
    const got = await first.waitFor(about(s1));
    first.close();
    await publish(s2);
    await publish(s3);

    const again = await stream(cookie, { lastEventId: got.id ?? "" });
    await again.waitFor(about(s3));
    expect(heard(again)).toEqual([s2.id, s3.id]);
    expect(again.events.some((e) => e.event === "reset")).toBe(false);

    // Older than anything kept: the browser refetches what it shows.
    const [oldest] = await a.database.db
      .select({ id: sql<number>`min(${liveEvents.id})::int` })
      .from(liveEvents);
    await a.database.db.delete(liveEvents).where(eq(liveEvents.id, oldest?.id ?? 0));
    const late = await stream(cookie, { lastEventId: String((oldest?.id ?? 1) - 1) });
    expect(late.events.map((e) => e.event)).toEqual(["reset"]);
    expect(Number(late.lastEventId)).toBeGreaterThanOrEqual(Number(got.id) + 2);
  });

  it("reaches a stream on another web process through LISTEN/NOTIFY", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    const s1 = await f().shipment(team);
    const there = await stream(await cookieOf(user), { base: second.url });
    await publish(s1);
    await there.waitFor(about(s1));
    expect(heard(there)).toEqual([s1.id]);
  });

  it("keeps hearing after its LISTEN connection is cut", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    const s1 = await f().shipment(team);
    const st = await stream(await cookieOf(user));
    const killed = await a.database.db.execute<{ ok: boolean }>(
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    await publish(s1);
    await st.waitFor(about(s1), 30_000);
  });

  it("ends the stream when its session is signed out", async () => {
    const { user } = await f().companyWith("ADMIN");
    const { token, session } = await createSession(a.database.db, a.clock, user.id);
    const st = await stream(`session=${token}`);
    await a.database.db.delete(sessions).where(eq(sessions.id, session.id));
    await liveHubOf(a.app)?.checkSessions();
    await st.waitFor((e) => e.event === "end");
    await st.ended;
    // And the browser's reconnect is refused.
    expect((await stream(`session=${token}`)).status).toBe(401);
  });

  it("holds at most a few streams per user on one process", async () => {
    const { user } = await f().companyWith("ADMIN");
    const cookie = await cookieOf(user);
    const streams: SseStream[] = [];
    for (let i = 0; i < LIVE_MAX_STREAMS_PER_USER; i += 1) streams.push(await stream(cookie));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expect((await stream(cookie)).status).toBe(429);
    streams[0]?.close();
    await expect.poll(async () => (await stream(cookie)).status).toBe(200);
  });

  it("sends no shipment row and keeps its payload to ids", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    const s1 = await f().shipment(team, { title: "Secret title" });
    const st = await stream(await cookieOf(user));
    await publish(s1);
    const e = await st.waitFor(about(s1));
    expect(JSON.parse(e.data)).toEqual({ shipmentId: s1.id });
    const [row] = await a.database.db.select().from(shipments).where(eq(shipments.id, s1.id));
    expect(row?.title).toBe("Secret title");
  });
});
