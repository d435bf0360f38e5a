import type { Messages } from "../types";

export const share: Messages["share"] = {
  page: {
    breadcrumb: "シップメント",
    documentTitle: "共有されたシップメント",
    notFound: "シップメントが見つかりませんでした。",
    notFoundBody:
      "リンクが無効にされたか、新しいリンクに置き換えられた可能性があります。共有した方に最新のリンクをお問い合わせください。",
    loadFailed: "シップメントを読み込めませんでした。",
    archived: "アーカイブ済み",
    readOnly: "共有されたシップメントを表示しています。変更できるのは所有者のみです。",
    details: "詳細",
  },
  visitor: {
    login: "ログイン",
    signup: "新規登録",
    signedInAs: "{{email}} でログイン中",
  },
  files: {
    title: "添付ファイル",
    signInToSee: "ログインすると、共有されたファイルの表示とファイルの追加ができます。",
  },
  guestHome: {
    title: "シップメント",
    subtitle: "{{companyName}} から共有されているシップメント",
    guest: "ゲスト",
    caption: "共有されたシップメント",
    opensInNewTab: "新しいタブで開きます",
    empty: "シップメントはまだありません。",
    emptyBody: "{{companyName}} がこのチームに共有したシップメントがここに表示されます。",
    noMatch: "検索に一致するシップメントが見つかりません。",
    clearSearch: "検索をクリア",
    truncated: "{{total}} 件中、最初の {{shown}} 件を表示しています。検索で絞り込んでください。",
    loadFailed: "シップメントを読み込めませんでした。",
    none: "—",
    moreContainers: "+{{count}}",
  },
  link: {
    title: "共有リンク",
    description:
      "このリンクを知っている人は、ログインせずにシップメントのスケジュールを見られます。ファイルはメールアドレスを指定して共有しない限り公開されません。",
    address: "共有リンクのアドレス",
    copy: "リンクをコピー",
    copied: "リンクをコピーしました。",
    copyFailed: "リンクをコピーできませんでした。選択してコピーしてください。",
    open: "共有ページを開く",
    regenerate: "新しいリンク",
    regenerateTitle: "共有リンクを新しくしますか？",
    regenerateBody: "現在のリンクはすぐに使えなくなります。リンクを持っている方には新しいリンクが必要です。",
    regenerateConfirm: "新しいリンクを作成",
    regenerated: "新しい共有リンクを作成しました。以前のリンクは使えなくなりました。",
    revoke: "無効にする",
    revokeTitle: "共有リンクを無効にしますか？",
    revokeBody:
      "リンクはすぐに使えなくなり、共有ページには「シップメントが見つかりませんでした」と表示されます。後で新しいリンクを作成できます。",
    revokeConfirm: "リンクを無効にする",
    revoked: "共有リンクを無効にしました。",
    off: "共有リンクは無効です。社外の方はこのシップメントの共有ページを開けません。",
    create: "共有リンクを作成",
    created: "共有リンクを作成しました。",
  },
};
