import { randomBytes } from "node:crypto";
import type { Comment } from "../../db/schema";
import type { ShipmentActivity, ShipmentComment } from "./shipments.output";

export function toComment(row: Comment, author: Author, viewerId: string): ShipmentComment {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    user: author,
    isOwn: row.userId !== null && row.userId === viewerId,
  };
}

export function toActivity(r: {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  createdAt: Date;
  actorId: string | null;
  nickname: string | null;
  color: string | null;
}): ShipmentActivity {
  return {
    id: r.id,
    kind: r.kind,
    params: r.params,
    createdAt: r.createdAt.toISOString(),
    actor:
      r.actorId && r.nickname !== null && r.color !== null ? { nickname: r.nickname, color: r.color } : null,
  };
}

/** 24 random bytes (192 bits), URL-safe; as the column's default. */
export function newShareToken(): string {
  return randomBytes(24).toString("base64url");
}

export type Author = { id: string; nickname: string; color: string } | null;
