import type { ProcedureCase } from "./procedures.types";

/** The shipments procedures' rules for the authorization matrix (see procedures.ts). */
export const SHIPMENT_PROCEDURES: Record<string, ProcedureCase> = {};
