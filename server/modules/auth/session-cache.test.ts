import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { APP_ORIGIN } from "../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createDb, type DbHandle } from "../../db/client";
import { sessions } from "../../db/schema";
import type { Viewer } from "../account/viewer.service";
import { createSession } from "./session.internal";

// Validated sessions are kept in memory for reads (docs/decisions/0089-session-cache.md). Whatever
// decides a session's validity or its user's standing takes effect on the very next read, on this
// web process and on another one over the same database, when changed from a connection of its own
// (as another process, the admin CLI or a job would).

let a: TestApp;
let second: { app: FastifyInstance; handle: DbHandle; origin: string };
let other: postgres.Sql;

beforeAll(async () => {
  a = await createTestApp();
  const handle = createDb(a.database.url, { max: 4 });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: a.database.url });
  const app = await buildApp({ config, db: handle.db, boss: a.boss, clock: a.clock });
  second = { app, handle, origin: new URL(config.APP_URL).origin };
  await Promise.all([a.app.ready(), app.ready()]);
  other = postgres(a.database.url, { max: 1, onnotice: () => {} });
}, 60_000);

afterAll(async () => {
  await other?.end();
  await second?.app.close();
  await second?.handle.close();
  await a?.close();
});

const f = () => factories(a.database.db, a.clock.now());
const apps = () => [a.app, second.app];

async function signedIn(role: "ADMIN" | "OPERATOR" | "READONLY" = "ADMIN") {
  const made = await f().companyWith(role);
  const created = await createSession(a.database.db, a.clock, made.user.id);
  return { ...made, session: created.session, cookie: `session=${created.token}` };
}

const teamGet = (teamId: string) => `/trpc/teams.get?input=${encodeURIComponent(JSON.stringify({ teamId }))}`;

async function get(app: FastifyInstance, url: string, cookie: string) {
  const res = await app.inject({ method: "GET", url, headers: { cookie } });
  // Only account.viewer's body is read; other answers are judged by their status.
  return { status: res.statusCode, body: res.json() as { result: { data: Viewer } } };
}

/** Reads twice on both processes, so each has the session cached before the change. */
async function warm(url: string, cookie: string) {
  for (const app of apps()) {
    for (let i = 0; i < 2; i += 1) expect((await get(app, url, cookie)).status).toBe(200);
  }
}

describe("a cached session", () => {
  it("is what answers a repeated read (a change made with the triggers off is not seen)", async () => {
    const { user, cookie } = await signedIn();
    await warm("/trpc/account.viewer", cookie);
    await other.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update users set nickname = 'Unannounced' where id = ${user.id}`;
    });
    for (const app of apps()) {
      const res = await get(app, "/trpc/account.viewer", cookie);
      expect(res.body.result.data.account.nickname).toBe(user.nickname);
    }
    // An announced change drops it.
    await other`update users set nickname = 'Announced' where id = ${user.id}`;
    for (const app of apps()) {
      const res = await get(app, "/trpc/account.viewer", cookie);
      expect(res.body.result.data.account.nickname).toBe("Announced");
    }
  });

  it("is refused on the next read once signed out", async () => {
    const { session, cookie } = await signedIn();
    await warm("/trpc/account.viewer", cookie);
    await other`delete from sessions where id = ${session.id}`;
    for (const app of apps()) expect((await get(app, "/trpc/account.viewer", cookie)).status).toBe(401);
  });

  it("answers GraphQL's queries sent by POST, and refuses them once signed out", async () => {
    const { user, session, cookie } = await signedIn();
    const ask = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: "POST",
        url: "/graphql",
        headers: {
          cookie,
          origin: app === a.app ? APP_ORIGIN : second.origin,
          "content-type": "application/json",
        },
        payload: JSON.stringify({ query: "{ viewer { nickname } }" }),
      });
      const body = res.json() as { data?: { viewer: { nickname: string } | null }; errors?: unknown[] };
      return { status: res.statusCode, nickname: body.data?.viewer?.nickname ?? null, errors: body.errors };
    };
    for (const app of apps())
      for (let i = 0; i < 2; i += 1) expect((await ask(app)).nickname).toBe(user.nickname);
    // Unannounced (triggers off): a POST that still shows the old name proves it came from memory.
    await other.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update users set nickname = 'Unannounced' where id = ${user.id}`;
    });
    for (const app of apps()) expect((await ask(app)).nickname).toBe(user.nickname);
    await other`delete from sessions where id = ${session.id}`;
    for (const app of apps()) {
      const res = await ask(app);
      expect(res.nickname).toBeNull();
      expect(res.errors).toBeDefined();
    }
  });

  it("is refused on the next read once every session of the user is revoked", async () => {
    const { user, cookie } = await signedIn();
    const second = await createSession(a.database.db, a.clock, user.id);
    const cookie2 = `session=${second.token}`;
    await warm("/trpc/account.viewer", cookie);
    await warm("/trpc/account.viewer", cookie2);
    await other`delete from sessions where user_id = ${user.id}`;
    for (const app of apps()) {
      expect((await get(app, "/trpc/account.viewer", cookie)).status).toBe(401);
      expect((await get(app, "/trpc/account.viewer", cookie2)).status).toBe(401);
    }
  });

  it("is refused on the next read, every time, right after a sign-out (no race with the announcement)", async () => {
    for (let i = 0; i < 20; i += 1) {
      const { session, cookie } = await signedIn();
      const app = apps()[i % 2] as FastifyInstance;
      expect((await get(app, "/trpc/account.viewer", cookie)).status).toBe(200);
      expect((await get(app, "/trpc/account.viewer", cookie)).status).toBe(200);
      await other`delete from sessions where id = ${session.id}`;
      expect((await get(app, "/trpc/account.viewer", cookie)).status).toBe(401);
    }
  });

  it("stops a suspended company's reads at once", async () => {
    const { company, team, cookie } = await signedIn();
    await warm(teamGet(team.id), cookie);
    await other`update companies set approval_state = 'PENDING' where id = ${company.id}`;
    for (const app of apps()) {
      const refused = await get(app, teamGet(team.id), cookie);
      expect(refused.status).toBe(403);
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.body.result.data.company?.isApproved).toBe(false);
    }
  });

  it("stops a removed member's reads at once", async () => {
    const { user, team, cookie } = await signedIn("OPERATOR");
    await warm(teamGet(team.id), cookie);
    await other`update users set company_id = null, role_id = null where id = ${user.id}`;
    for (const app of apps()) {
      const refused = await get(app, teamGet(team.id), cookie);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.body.result.data.company).toBeNull();
      expect(viewer.body.result.data.role).toBeNull();
    }
  });

  it("shows a changed role at once", async () => {
    const { user, cookie } = await signedIn("ADMIN");
    await warm("/trpc/account.viewer", cookie);
    const readonly = await f().user({ role: "READONLY" });
    await other`update users set role_id = ${readonly.roleId} where id = ${user.id}`;
    for (const app of apps()) {
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.body.result.data.role).toBe("READONLY");
    }
  });

  it("shows a contract's change at once (the trial ended)", async () => {
    const { company, cookie } = await signedIn();
    await warm("/trpc/account.viewer", cookie);
    const ended = new Date(a.clock.now().getTime() - 1000);
    const began = new Date(ended.getTime() - 30 * 86_400_000);
    await other`update contracts set starts_at = ${began}, ends_at = ${ended} where company_id = ${company.id}`;
    for (const app of apps()) {
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.body.result.data.company?.canAccessConsole).toBe(false);
    }
  });

  it("shows the viewer's teams as they change: a membership removed, a team renamed", async () => {
    const { user, team, company, cookie } = await signedIn();
    const another = await f().team(company.id);
    await f().teamMember(another, user);
    await warm("/trpc/account.viewer", cookie);
    await other`delete from team_members where team_id = ${team.id} and user_id = ${user.id}`;
    for (const app of apps()) {
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.body.result.data.teams).toEqual([{ id: another.id, name: another.name }]);
    }
    await other`update teams set name = 'Renamed team' where id = ${another.id}`;
    for (const app of apps()) {
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.body.result.data.teams).toEqual([{ id: another.id, name: "Renamed team" }]);
    }
  });

  it("keeps every other session's entry when one changes", async () => {
    const one = await signedIn();
    const two = await signedIn();
    await warm("/trpc/account.viewer", one.cookie);
    await warm("/trpc/account.viewer", two.cookie);
    await a.database.db.delete(sessions).where(eq(sessions.id, one.session.id));
    for (const app of apps()) {
      expect((await get(app, "/trpc/account.viewer", one.cookie)).status).toBe(401);
      expect((await get(app, "/trpc/account.viewer", two.cookie)).status).toBe(200);
    }
  });

  it("is not used while its process is not listening, and is dropped when the connection is cut", async () => {
    const { user, cookie } = await signedIn();
    await warm("/trpc/account.viewer", cookie);
    // Cut every LISTEN connection of the session cache, then change a row while nobody listens.
    const killed = await other`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and (query ilike 'listen "session_standing"%' or query = 'select 1')`;
    expect(killed.length).toBeGreaterThan(0);
    await other.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update users set nickname = 'Changed while cut' where id = ${user.id}`;
    });
    for (const app of apps()) {
      const viewer = await get(app, "/trpc/account.viewer", cookie);
      expect(viewer.status).toBe(200);
      expect(viewer.body.result.data.account.nickname).toBe("Changed while cut");
    }
  });
});
