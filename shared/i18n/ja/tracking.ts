import type { Messages } from "../types";

export const tracking: Messages["tracking"] = {
  warnings: {
    evergreenContainerNumber:
      "Evergreenはコンテナ番号では詳細な情報を提供していません。ブッキング番号またはB/L番号の利用をおすすめします。",
    coscoContainerNumber:
      "COSCOはコンテナ番号では詳細な情報を提供していません。ブッキング番号またはB/L番号の利用をおすすめします。",
    msscoExperimental: "MSSCOでは、ブッキング番号以外の番号による追跡は試験的な機能です。",
    oneyPrefix: "ONEのB/L番号は、先頭の「ONEY」を除いた末尾12文字のみを入力してください。",
  },
  notices: {
    lineDelay:
      "{{liner}}のデータ更新に遅延が発生しています。しばらくの間、スケジュールが最新でない場合があります。",
    lineMaintenance: "{{liner}}はメンテナンス中です。終了後に追跡の更新を再開します。",
  },
  failures: {
    NOT_FOUND: "シップメントが見つかりませんでした。",
    INVALID_NUMBER:
      "シップメント情報の取得に失敗しました。船会社、追跡タイプ、追跡番号が正しいかご確認ください。",
    CANCELLED: "船会社によると、このブッキングはキャンセルされています。",
    CARRIER_UNAVAILABLE: "船会社が現在応答していません。引き続き取得を試みます。",
    RATE_LIMITED: "船会社が現在リクエストを制限しています。引き続き取得を試みます。",
    BAD_PAYLOAD: "船会社から読み取れないデータが届きました。引き続き取得を試みます。",
  },
  activities: {
    refreshRequested: "船会社に最新情報の取得をリクエストしました",
    failing: "追跡に失敗しています：{{reason}}",
    autoArchived: {
      AFTER_DELIVERY: "配達から{{days}}日後に自動でアーカイブしました",
      CANCELLED: "ブッキングがキャンセルされたため自動でアーカイブしました",
      NOT_FOUND: "船会社がこの番号を認識していないため自動でアーカイブしました",
      INVALID_NUMBER: "船会社がこの番号を受け付けないため自動でアーカイブしました",
    },
  },
};
