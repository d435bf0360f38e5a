import type { ProcedureCase } from "./procedures.types";

/** The list procedures' rules for the authorization matrix (see procedures.ts). */
export const LIST_PROCEDURES: Record<string, ProcedureCase> = {};
