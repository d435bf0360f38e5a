/** The Postgres channel every web process LISTENs on; payloads carry ids only (well under 8000 bytes). */
export const LIVE_CHANNEL = "live_shipment_events";

/** Comment lines on an idle stream this often, so proxies and load balancers keep it open. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** How long a published change can be replayed to a reconnecting browser; beyond it, it refetches. */
export const LIVE_REPLAY_WINDOW_MS = 10 * 60_000;

/** At most this many missed changes are replayed one by one; more and the browser refetches instead. */
export const LIVE_REPLAY_MAX_EVENTS = 500;

/** Open streams one user may hold on one web process; more are refused (429), the page then polls. */
export const LIVE_MAX_STREAMS_PER_USER = 8;

/** How often each stream re-reads its scope (company standing, teams, guest grants). */
export const LIVE_SCOPE_REFRESH_MS = 60_000;

/** How often a web process checks, for all its streams at once, that their sessions still exist. */
export const LIVE_SESSION_CHECK_MS = 15_000;

/** How often a web process pings its own LISTEN connection to notice a silently dead one. */
export const LIVE_LISTEN_PING_MS = 10_000;

/** The browser waits this long before reconnecting a dropped stream (the SSE `retry:` field). */
export const LIVE_RETRY_MS = 2_000;
