import type { Action } from "../../shared/permissions";
import type { World } from "./world";

/**
 * Who may call each tRPC procedure. Every procedure of the router must be listed here (the matrix
 * test fails otherwise), with the shared permission matrix's action where a company role decides.
 */
export type Rule =
  /** Anyone, signed in or not (reference data; a link holder's own invitation). */
  | { kind: "public" }
  /** Any signed-in person, for their own account. */
  | { kind: "signedIn" }
  /** A signed-in person who has no company yet (creating one). */
  | { kind: "withoutCompany" }
  /** Exists only on a developer's machine: refused in tests and production. */
  | { kind: "developmentOnly" }
  /** A member of the company whose role (and plan) the shared matrix allows. */
  | { kind: "action"; action: Action };

export interface ProcedureCase {
  rule: Rule;
  /** The input, aimed at the world's company; `self` is the caller's user id, if any. */
  input?: (world: World, self: string | null) => unknown;
  /** A domain rule that refuses this call although authorization allows it. */
  domainRefusal?: string;
}

export const action = (a: Action): Rule => ({ kind: "action", action: a });
