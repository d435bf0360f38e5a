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
};
