import { DAY_MS, HOUR_MS } from "../../core/clock";

/** Lucia's guide: sessions end after 10 idle days, refreshed at most hourly, and after 30 days in all. */
export const SESSION_IDLE_TIMEOUT_MS = 10 * DAY_MS;
export const SESSION_REFRESH_INTERVAL_MS = HOUR_MS;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * DAY_MS;
