import { can } from "../../../shared/permissions";
import type { MemberActor } from "../../core/authz";

export function deleteRights(actor: MemberActor) {
  return {
    userId: actor.userId,
    // Spec 02 §7 (docs/decisions/0074-attachment-storage.md): the uploader, an Admin or a Manager deletes a file.
    mayDeleteAny: actor.role === "ADMIN" || actor.role === "MANAGER",
    mayDeleteOwn: can(actor.role, "attachment.delete"),
  };
}
