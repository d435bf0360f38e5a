import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../../../shared/errors";
import { CYBERPORT_IMPORT_STATUSES, type CyberportImportStatus } from "../../../shared/schemas/cyberport";
import type { CyberportImport } from "../../db/schema";
import { ReportEntry } from "./cyberport.bookings";

// What the cyberport procedures answer, field by field (DESIGN rule 11).

/**
 * A QUEUED or RUNNING import this old lost its worker for good (the job's retries and expiry are
 * far shorter): it is shown, and treated, as interrupted, so it no longer holds the team's slot.
 */
export const STALE_IMPORT_MS = 60 * 60 * 1000;

export const isActive = (status: string) => status === "QUEUED" || status === "RUNNING";

export function isStale(row: Pick<CyberportImport, "status" | "createdAt">, now: Date): boolean {
  return isActive(row.status) && now.getTime() - row.createdAt.getTime() > STALE_IMPORT_MS;
}

const Report = z.array(ReportEntry).catch([]);
const asStatus = (value: string): CyberportImportStatus =>
  (CYBERPORT_IMPORT_STATUSES as readonly string[]).includes(value)
    ? (value as CyberportImportStatus)
    : "FAILED";
const asCode = (value: string | null): ErrorCode | null =>
  value !== null && (ERROR_CODES as readonly string[]).includes(value) ? (value as ErrorCode) : null;

export function toCyberportImport(row: CyberportImport & { requestedByNickname: string | null }, now: Date) {
  const stale = isStale(row, now);
  return {
    id: row.id,
    teamId: row.teamId,
    status: stale ? ("FAILED" as const) : asStatus(row.status),
    createdCount: row.createdCount,
    skippedCount: row.skippedCount,
    errorCode: stale ? ("CYBERPORT_IMPORT_INTERRUPTED" as const) : asCode(row.errorCode),
    requestedByNickname: row.requestedByNickname,
    report: Report.parse(row.report),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
export type CyberportImportView = ReturnType<typeof toCyberportImport>;
