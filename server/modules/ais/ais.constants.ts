import { HOUR_MS } from "../../core/clock";

/** A position older than this says nothing about where the vessel is now. */
export const AIS_POSITION_MAX_AGE_MS = 6 * HOUR_MS;
/** Below this the vessel is drifting, anchored or berthed: speed says nothing about arrival. */
export const AIS_MIN_SOG_FOR_PREDICTION_KNOTS = 0.5;
/** Reports this far ahead of the clock are a wrong receiver clock, not a position. */
export const AIS_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The ingest writes what it buffered every second, or sooner once this many messages came in. */
export const AIS_FLUSH_INTERVAL_MS = 1000;
export const AIS_FLUSH_MAX_MESSAGES = 2000;
/** One stored position per vessel per minute is plenty for a voyage and keeps the table small. */
export const AIS_MIN_POSITION_INTERVAL_MS = 60 * 1000;
/** How often the shipments on the vessels heard are updated (a query over the current legs). */
export const AIS_MATCH_INTERVAL_MS = 10 * 1000;
/** Positions are kept this long; shipments hold their own copy of the latest. */
export const AIS_POSITION_RETENTION_DAYS = 14;
