import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../server/config";
import type { Db } from "../../server/db/client";
import { outboundEmails, type User, users } from "../../server/db/schema";
import { hashPassword } from "../../server/modules/auth/password/password";

// A browser-like client over app.inject for the /auth and /trpc surfaces: it keeps the session
// cookie it is given, sends the console's Origin with it, and reads links from the outbox.

/** The APP_URL origin createTestApp's configuration ends up with. */
export const APP_ORIGIN = new URL(loadConfig({ NODE_ENV: "test", PORT: "0" }).APP_URL).origin;
export const COOKIE = "session";
export const STRONG_PASSWORD = "Correct-Horse-42";

export interface ClientOptions {
  ip?: string;
  lang?: "en" | "ja";
  origin?: string | null;
}

export class Client {
  cookie: string | undefined;
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ClientOptions = {},
  ) {}

  async request(method: "GET" | "POST", url: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { ...headers };
    if (this.options.lang) all["x-lang"] = this.options.lang;
    if (this.cookie) {
      all.cookie = `${COOKIE}=${this.cookie}`;
      const origin = this.options.origin === undefined ? APP_ORIGIN : this.options.origin;
      if (origin !== null) all.origin = origin;
    }
    const res = await this.app.inject({
      method,
      url,
      headers: all,
      // The peer address itself: X-Forwarded-For is ignored unless TRUST_PROXY is set.
      ...(this.options.ip ? { remoteAddress: this.options.ip } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.keepCookie(res);
    return res;
  }

  get(url: string) {
    return this.request("GET", url);
  }

  post(url: string, body?: unknown) {
    return this.request("POST", url, body);
  }

  /** A tRPC query over HTTP: `{ data }` or `{ error }` as the console's client would see them. */
  async query(path: string, input?: unknown) {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return trpcResult(await this.get(`/trpc/${path}${qs}`));
  }

  async mutate(path: string, input?: unknown) {
    return trpcResult(await this.post(`/trpc/${path}`, input ?? {}));
  }

  private keepCookie(res: LightMyRequestResponse) {
    const cookie = res.cookies.find((c) => c.name === COOKIE);
    if (!cookie) return;
    const cleared = cookie.value === "" || cookie.maxAge === 0;
    this.cookie = cleared ? undefined : cookie.value;
  }
}

function trpcResult(res: LightMyRequestResponse) {
  const body = res.json();
  return {
    status: res.statusCode,
    data: body.result?.data,
    error: body.error as
      | { message: string; data: { appCode?: string; issues?: { message: string }[] } }
      | undefined,
  };
}

/** The newest outbox message to an address, with the first app link in it. */
export async function lastEmail(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(outboundEmails)
    .where(sql`${to} = any(${outboundEmails.to})`)
    .orderBy(desc(outboundEmails.createdAt), desc(sql`ctid`))
    .limit(1);
  if (!row) return null;
  const link = /https?:\/\/[^\s"'<>]+\/app\/auth\/[^\s"'<>]+/.exec(row.text)?.[0] ?? null;
  return { ...row, link };
}

export async function emailsTo(db: Db, to: string) {
  return db.select().from(outboundEmails).where(sql`${to} = any(${outboundEmails.to})`);
}

export function tokenFrom(link: string | null): string {
  if (!link) throw new Error("no link in the e-mail");
  const url = new URL(link);
  const token =
    url.searchParams.get("token") ?? url.searchParams.get("invitationToken") ?? url.pathname.split("/").pop();
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

let seq = 0;
/** A unique address per call, so tests sharing an app never collide. */
export function newEmail(prefix = "user"): string {
  seq += 1;
  return `${prefix}-${seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUp(client: Client, email = newEmail(), displayName = "Test User") {
  const res = await client.post("/auth/signup", { displayName, email, password: STRONG_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { email, me: res.json() };
}

/** Signs up through the REST surface and follows the verification link from the outbox. */
export async function signUpVerified(client: Client, db: Db) {
  const { email } = await signUp(client);
  const token = tokenFrom((await lastEmail(db, email))?.link ?? null);
  const res = await client.post("/auth/verify_email", { token });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.body}`);
  return { browser: client, email };
}

let knownHash: Promise<string> | undefined;

/** Gives a factory user (factories set no password) STRONG_PASSWORD and signs in as them. */
export async function signInAs(client: Client, db: Db, user: User) {
  knownHash ??= hashPassword(STRONG_PASSWORD);
  await db
    .update(users)
    .set({ passwordHash: await knownHash })
    .where(eq(users.id, user.id));
  const res = await client.post("/auth/signin", { email: user.email, password: STRONG_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return client;
}
