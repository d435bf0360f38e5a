import type { Messages } from "../types";

export const activities: Messages["activities"] = {
  created: {
    BOOKING_NUMBER: "シップメントを追加しました：{{shippingLine}} ブッキング番号 {{trackingNumber}}",
    BILL_OF_LADING_NUMBER: "シップメントを追加しました：{{shippingLine}} B/L番号 {{trackingNumber}}",
    CONTAINER_NUMBER: "シップメントを追加しました：{{shippingLine}} コンテナ番号 {{trackingNumber}}",
    other: "シップメントを追加しました：{{shippingLine}} {{trackingNumber}}",
  },
  trackingChanged: {
    BOOKING_NUMBER: "追跡対象を {{shippingLine}} ブッキング番号 {{trackingNumber}} に変更しました",
    BILL_OF_LADING_NUMBER: "追跡対象を {{shippingLine}} B/L番号 {{trackingNumber}} に変更しました",
    CONTAINER_NUMBER: "追跡対象を {{shippingLine}} コンテナ番号 {{trackingNumber}} に変更しました",
    other: "追跡対象を {{shippingLine}} {{trackingNumber}} に変更しました",
  },
  title: {
    set: "タイトルを「{{to}}」に設定しました",
    changed: "タイトルを「{{from}}」から「{{to}}」に変更しました",
    cleared: "タイトルを削除しました（変更前：「{{from}}」）",
  },
  remark: {
    changed: "備考を編集しました",
    cleared: "備考を削除しました",
  },
  customField: {
    set: "{{label}}を「{{to}}」に設定しました",
    changed: "{{label}}を「{{from}}」から「{{to}}」に変更しました",
    cleared: "{{label}}を削除しました（変更前：「{{from}}」）",
  },
  customField1: {
    set: "カスタムフィールド1を「{{to}}」に設定しました",
    changed: "カスタムフィールド1を「{{from}}」から「{{to}}」に変更しました",
    cleared: "カスタムフィールド1を削除しました（変更前：「{{from}}」）",
  },
  customField2: {
    set: "カスタムフィールド2を「{{to}}」に設定しました",
    changed: "カスタムフィールド2を「{{from}}」から「{{to}}」に変更しました",
    cleared: "カスタムフィールド2を削除しました（変更前：「{{from}}」）",
  },
  customField3: {
    set: "カスタムフィールド3を「{{to}}」に設定しました",
    changed: "カスタムフィールド3を「{{from}}」から「{{to}}」に変更しました",
    cleared: "カスタムフィールド3を削除しました（変更前：「{{from}}」）",
  },
  requestedEtd: {
    set: "希望ETDを{{to}}に設定しました",
    changed: "希望ETDを{{from}}から{{to}}に変更しました",
    cleared: "希望ETDを削除しました（変更前：{{from}}）",
  },
  requestedEta: {
    set: "希望ETAを{{to}}に設定しました",
    changed: "希望ETAを{{from}}から{{to}}に変更しました",
    cleared: "希望ETAを削除しました（変更前：{{from}}）",
  },
  archived: "シップメントをアーカイブしました",
  unarchived: "シップメントのアーカイブを解除しました",
  movedTeam: "シップメントをチーム{{fromTeamName}}からチーム{{toTeamName}}に移動しました",
  shareLinkReset: "共有リンクを再発行しました。以前のリンクは使えなくなりました",
  shareLinkRevoked: "共有リンクを無効にしました。リンクは使えなくなりました",
  shareLinkCreated: "共有リンクを新しく作成しました",
  trackingFailing: {
    NOT_FOUND: "追跡に失敗しています：船会社がシップメントを見つけられません",
    INVALID_NUMBER: "追跡に失敗しています：船会社が船会社・追跡タイプ・番号の組み合わせを受け付けません",
    CANCELLED: "追跡に失敗しています：船会社によるとブッキングはキャンセルされています",
    CARRIER_UNAVAILABLE: "追跡に失敗しています：船会社が応答していません",
    RATE_LIMITED: "追跡に失敗しています：船会社がリクエストを制限しています",
    BAD_PAYLOAD: "追跡に失敗しています：船会社から読み取れないデータが届きました",
    other: "追跡に失敗しています",
  },
  autoArchived: "自動でアーカイブしました",
  updated: "シップメントを更新しました",
};
