import type { Messages } from "../types";

export const mail: Messages["mail"] = {
  layout: {
    greeting: "{{name}} 様",
    greetingAnonymous: "お客様",
    linkFallback: "ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。",
    footer: "このメールは {{appName}} から送信されています。このアドレスへの返信は確認できません。",
    utc: "{{time}}（UTC）",
  },
  verifyEmail: {
    subject: "メールアドレスの確認",
    intro: "{{appName}} のアカウント登録を完了するため、メールアドレスを確認してください。",
    action: "メールアドレスを確認する",
    note: "このリンクの有効期限は24時間です。{{appName}} に登録した覚えがない場合は、このメールを破棄してください。",
  },
  passwordReset: {
    subject: "パスワードの再設定",
    intro: "{{appName}} アカウントのパスワード再設定のリクエストを受け付けました。",
    action: "パスワードを再設定する",
    note: "このリンクの有効期限は1時間で、1回のみ使用できます。お心当たりのない場合はこのメールを破棄してください。パスワードは変更されません。",
  },
  passwordChanged: {
    subject: "パスワードが変更されました",
    intro: "{{appName}} アカウントのパスワードが変更されました。",
    note: "お心当たりのない場合は、すぐにサインイン画面からパスワードを再設定し、管理者にご連絡ください。",
  },
  mfaEnabled: {
    subject: "多要素認証が有効になりました",
    intro:
      "{{appName}} アカウントの多要素認証が有効になりました。他のブラウザはすべてサインアウトされ、次回からはパスワードと認証アプリのコードが必要です。",
    note: "お心当たりのない場合は、すぐにサインイン画面からパスワードを再設定し、管理者にご連絡ください。",
  },
  mfaDisabled: {
    subject: "多要素認証が無効になりました",
    intro:
      "{{appName}} アカウントの多要素認証が無効になりました。他のブラウザはすべてサインアウトされました。",
    note: "お心当たりのない場合は、すぐにサインイン画面からパスワードを再設定し、多要素認証を有効にし直したうえで管理者にご連絡ください。",
  },
  signupExistingAccount: {
    subject: "あなたのメールアドレスで新規登録が試みられました",
    intro:
      "このメールアドレスで {{appName}} の新しいアカウントの登録が試みられましたが、このアドレスには既にアカウントがあるため、新しいアカウントは作成されていません。",
    action: "サインイン",
    note: "ご本人の場合は既存のアカウントでサインインしてください。パスワードをお忘れの場合はサインイン画面から再設定できます。お心当たりのない場合は、このメールを破棄してください。",
  },
  invitation: {
    subject: "{{inviterName}} さんから {{appName}} の {{companyName}} への招待が届いています",
    intro:
      "{{inviterName}} さんが、{{appName}} で {{companyName}} の貨物を一緒に追跡するためにあなたを招待しました。",
    action: "招待を承諾する",
    note: "この招待の有効期限は {{expiresAt}} です。お心当たりのない場合は、このメールを破棄してください。",
  },
  guestInvitation: {
    subject: "{{inviterName}} さんが {{appName}} のチーム「{{teamName}}」をあなたと共有しました",
    intro:
      "{{companyName}} の {{inviterName}} さんが、チーム「{{teamName}}」のゲストとしてあなたを招待しました。共有された貨物を閲覧できます。",
    action: "ゲストとして開く",
    note: "お心当たりのない場合は、このメールを破棄してください。",
  },
  companyApproved: {
    subject: "{{companyName}} の利用が承認されました:{{appName}} で追跡を始めましょう",
    intro:
      "{{companyName}} の利用が承認されました。本日から {{appName}} で貨物の登録と追跡をご利用いただけます。",
    action: "コンソールを開く",
    note: "無料トライアルはこれまでどおり継続します。ご不明な点は、コンソールのユーザーメニューの「ヘルプ」をご覧ください。",
  },
  webhookDisabled: {
    subject: "Webhook {{endpointUrl}} への配信を停止しました",
    intro:
      "{{companyName}} のWebhookエンドポイント {{endpointUrl}} への配信が {{since}} から失敗し続けているため、{{appName}} はこのエンドポイントへの送信を停止しました。",
    action: "API設定を開く",
    note: "受信側が復旧したら、API設定ページでWebhook URLをもう一度保存すると配信が再開されます。失敗したイベントは配信履歴から再送できます。",
  },
};
