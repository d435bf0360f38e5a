import type { FastifyInstance } from "fastify";
import type { Clock } from "../../server/core/clock";
import type { Db } from "../../server/db/client";
import type { User } from "../../server/db/schema";
import { createSession } from "../../server/modules/auth/session.internal";
import { APP_ORIGIN, COOKIE } from "../rest/auth-client";

// A GraphQL client over HTTP as an API customer's or the console's: POST /graphql with a JSON
// body, the session cookie and the console's Origin (the CSRF rule), in a chosen language.

export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; issues?: { path: (string | number)[]; message: string }[] };
}

export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors: GraphqlError[];
}

export class GraphqlClient {
  constructor(
    private readonly app: FastifyInstance,
    /** The session token (cookie value); none for an anonymous caller. */
    readonly sessionToken: string | null = null,
    private readonly lang: "en" | "ja" = "en",
  ) {}

  async request<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GraphqlAnswer<T>> {
    const headers: Record<string, string> = { "content-type": "application/json", "x-lang": this.lang };
    if (this.sessionToken) {
      headers.cookie = `${COOKIE}=${this.sessionToken}`;
      headers.origin = APP_ORIGIN;
    }
    const res = await this.app.inject({
      method: "POST",
      url: "/graphql",
      headers,
      payload: JSON.stringify({ query, variables }),
    });
    const body = res.json() as { data?: T | null; errors?: GraphqlError[] };
    return { status: res.statusCode, data: body.data ?? null, errors: body.errors ?? [] };
  }

  /** The first error's code, or null when the answer has none. */
  static code(answer: GraphqlAnswer<unknown>): string | null {
    return answer.errors[0]?.extensions?.code ?? null;
  }
}

/** A real session for the user (as a sign-in makes), and a client that sends its cookie. */
export async function clientFor(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  user: Pick<User, "id">,
  lang: "en" | "ja" = "en",
): Promise<GraphqlClient> {
  const { token } = await createSession(db, clock, user.id);
  return new GraphqlClient(app, token, lang);
}

/** The answer's first error, asserted to be `code` (and the message, when given). */
export function errorOf(answer: GraphqlAnswer<unknown>, code: string): GraphqlError {
  const error = answer.errors[0];
  if (!error || error.extensions?.code !== code) {
    throw new Error(`expected ${code}, got ${JSON.stringify(answer)}`);
  }
  return error;
}

/** The translated messages of a VALIDATION_FAILED answer, as the console would show them. */
export function validationMessages(answer: GraphqlAnswer<unknown>): string[] {
  return (errorOf(answer, "VALIDATION_FAILED").extensions?.issues ?? []).map((i) => i.message);
}
