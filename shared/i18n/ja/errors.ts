import type { ErrorCode } from "../../errors";

export const errors = {
  INTERNAL: "サーバーで問題が発生しています。しばらくしてから再度お試しください。",
  VALIDATION_FAILED: "入力内容をご確認ください。",
  NOT_FOUND: "見つかりませんでした。",
  UNAUTHENTICATED: "続行するにはサインインしてください。",
  SESSION_EXPIRED: "セッションの有効期限が切れました。再度サインインしてください",
  PERMISSION_DENIED: "このページにアクセスする権限がありません。",
  UPGRADE_REQUIRED: "この機能を利用するにはアップグレードしてください。",
  NO_COMPANY: "どの会社にも所属していません。新規登録するか、招待を依頼してください。",
  RATE_LIMITED: "試行回数が多すぎます。{{seconds}}秒待ってから再度お試しください。",
  CSRF_REJECTED: "このサイト以外からのリクエストのため拒否されました。",
  SHIPMENT_NOT_FOUND: "シップメントが見つかりませんでした。",
  SERVER_ISSUE: "サーバーで問題が発生しています。しばらくしてから再度お試しください。",
} satisfies Record<ErrorCode, string>;
