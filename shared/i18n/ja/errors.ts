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
  SOMETHING_FAILED: "問題が発生しました。しばらくしてから再度お試しください。",
  GRAPHQL_SYNTAX_ERROR: "GraphQL ドキュメントを解析できませんでした。",
  GRAPHQL_VALIDATION_FAILED: "GraphQL ドキュメントが API のスキーマと一致しません。",
  GRAPHQL_QUERY_TOO_COMPLEX:
    "クエリが大きすぎるか複雑すぎます。1回のリクエストで指定するフィールド、エイリアス、ネストの深さを減らしてください。",
  GRAPHQL_BATCH_NOT_SUPPORTED:
    "バッチクエリには対応していません。1回のリクエストで1つのオペレーションを送信してください。",
  GRAPHQL_CSRF_REJECTED:
    "クロスサイトリクエストの可能性があるため拒否されました。Content-Type: application/json を指定して送信してください。",
  GRAPHQL_REQUEST_MALFORMED:
    'GraphQL リクエストの形式ではありません。GraphQL ドキュメントを文字列として "query" に入れた JSON オブジェクトを送信してください。',
  PERSISTED_QUERY_NOT_FOUND: "PersistedQueryNotFound",
  PERSISTED_QUERY_NOT_SUPPORTED: "PersistedQueryNotSupported",

  INVALID_CREDENTIALS: "メールアドレスまたはパスワードが正しくありません。",
  WRONG_CURRENT_PASSWORD: "現在のパスワードが正しくありません。",
  WEAK_PASSWORD: "パスワードは10文字以上で、小文字・大文字・数字をそれぞれ1文字以上含めてください。",
  EMAIL_ALREADY_REGISTERED: "このメールアドレスは既に登録されています。サインインしてください。",
  EMAIL_NOT_VERIFIED: "続行するにはメールアドレスを確認してください。",
  INVALID_TOKEN: "無効なトークンです。再度お試しください",
  PASSWORD_RESET_TOKEN_INVALID:
    "このパスワード再設定リンクは無効か、有効期限が切れています。再度リクエストしてください。",
  MFA_REQUIRED: "認証アプリに表示された6桁のコードを入力してください。",
  MFA_CODE_INVALID: "認証コードが正しくありません。再度お試しください。",
  MFA_LOCKED: "誤ったコードの入力が多すぎます。{{minutes}}分待ってから再度お試しください。",
  MFA_NOT_SET_UP: "多要素認証はまだ設定されていません。",
  MFA_ALREADY_ENABLED: "多要素認証は既に有効になっています。",
  MFA_CODE_ALREADY_USED:
    "このコードは既に使用されています。認証アプリに次のコードが表示されるまでお待ちください。",
  RECENT_SIGN_IN_REQUIRED:
    "セキュリティのため、多要素認証を変更するには現在のパスワードを入力してください（またはサインインし直してください）。",
  THIRD_PARTY_TOKEN_INVALID:
    "サインインを確認できないか、有効期限が切れています。もう一度サインインしてください。",
  THIRD_PARTY_EMAIL_NOT_VERIFIED:
    "このアカウントのメールアドレスは提供元で確認されていません。提供元で確認するか、別のアカウントをご利用ください。",
  THIRD_PARTY_UNAVAILABLE: "サインインサービスに接続できませんでした。しばらくしてから再度お試しください。",
  THIRD_PARTY_NOT_CONFIGURED: "このサービスでのサインインは利用できません。",
  UNSUBSCRIBE_TOKEN_INVALID: "この配信停止リンクは無効か、既に使用されています。",
  UnableToGetUserSession: "サインインしていません。",
  EMAIL_VERIFICATION_TOKEN_INVALID:
    "この確認リンクは無効か、有効期限切れか、既に使用されています。確認メールを再送信してください。",
  SSO_REDIRECT_NOT_ALLOWED: "このヘルプリンクの移動先は当社のサイトではありません。",
  LAST_ADMIN_CANNOT_DELETE_ACCOUNT:
    "あなたは会社で唯一の管理者です。アカウントを削除する前に、他のメンバーを管理者にしてください。",
  TRIAL_CANCEL_NOT_ALLOWED:
    "会社は既に承認されているため、トライアルをキャンセルできません。会社を閉じるには、会社設定から会社を削除してください。",
  CONFIRMATION_REQUIRED: "上記を確認し、チェックを入れてください。",

  COMPANY_CREATION_FAILED: "会社の作成に失敗しました",
  COMPANY_ALREADY_EXISTS: "既に会社に所属しています。",
  COMPANY_NOT_APPROVED: "会社の承認待ちです。承認され次第ご連絡します。",
  TRIAL_ENDED:
    "無料トライアル期間が終了しました。引き続きご利用いただくには、プランをアップグレードするかサポートまでお問い合わせください。",
  CONTRACT_ENDED:
    "ご契約は終了しました。登録済みの貨物は引き続きご覧いただけますが、貨物の追加・更新・最新情報の取得にはプランのご契約が必要です。「プランと支払い」からプランをお選びください。",
  COMPANY_DELETE_FREE_ONLY: "会社アカウントはフリープランの場合のみ削除できます。",
  HEADQUARTERS_PREMIUM_ONLY: "本部ビューはプレミアムプランとエンタープライズプランでのみ利用できます。",
  CUSTOM_FIELDS_PREMIUM_ONLY:
    "カスタムフィールドはプレミアムプランとエンタープライズプランでのみ利用できます。",
  API_REQUIRES_PAID_PLAN:
    "フリープランではAPIを利用できません。APIを利用するにはアップグレードしてください。",
  API_NOT_APPROVED: "API利用はまだ承認されていません。",
  API_TOKEN_INVALID:
    "APIトークンが正しくないか、無効になっています。Authorizationヘッダーを確認するか、API設定ページで新しいキーを発行してください。",
  API_RATE_LIMITED: "APIリクエストが多すぎます。{{seconds}}秒待ってから再度お試しください。",
  SESSION_REQUIRED: "この操作にはコンソールへのサインインが必要です。APIトークンでは実行できません。",
  MEMBER_LIMIT_REACHED:
    "メンバー数が上限に達しました。さらにメンバーを招待するにはプランをアップグレードしてください。",
  TRACKING_LIMIT_REACHED:
    "トラッキング数が上限に達しました。さらに追跡するにはプランをアップグレードしてください。",

  INVITATION_LEGACY: "この招待リンクは無効になりました",
  INVITATION_NOT_FOUND: "招待コードが正しくありません。URLをご確認ください。",
  INVITATION_EXPIRED: "招待の有効期限が切れています。管理者に再度招待を依頼してください。",
  INVITATION_NOT_PENDING: "この招待は既に承諾されています。",
  INVITATION_EMAIL_MISMATCH: "招待されたメールアドレス（{{email}}）を使用してください",
  GOOGLE_EMAIL_MISMATCH:
    "サインインしようとしているメールアドレス（{{email}}）が招待されたメールアドレス（{{invitedEmail}}）と一致しません。正しいGoogleアカウントを使用してください。",
  INVITATION_DOMAIN_NOT_ALLOWED:
    "メールアドレス {{email}} は、貴社で許可されたドメイン（{{domains}}）ではありません。",
  ALREADY_MEMBER: "{{email}} は既にメンバーです。",
  INVITATION_NOT_POSSIBLE:
    "{{email}} は招待できません。アドレスをご確認いただくか、ご本人から連絡してもらってください。",
  TEAM_NOT_FOUND: "チームが見つかりませんでした。",
  TEAM_ARCHIVED: "このチームはアーカイブされています。",
  CANNOT_LEAVE_ONLY_TEAM: "所属している唯一のチームから退出することはできません。",
  CANNOT_CHANGE_OWN_ROLE: "自分自身のロールは変更できません。",
  LAST_ADMIN: "会社には少なくとも1人の管理者が必要です。",
  GUEST_ALREADY_ADDED: "{{email}} は既にこのチームのゲストユーザーです。",
  INVITATION_NO_SEAT:
    "この会社には現在、新しいメンバーの空き枠がありません。管理者に枠を空けるかプランをアップグレードするよう依頼してから、もう一度招待を開いてください。",
  INVITATION_HAS_COMPANY:
    "既に会社に所属しているため、このアカウントではこの招待を承諾できません。別のメールアドレスへの招待を依頼してください。",
  INVITATION_SIGN_IN_TO_ACCEPT:
    "{{email}} のアカウントは既に存在します。サインインして招待を承諾してください。",
  INVITATIONS_TO_ADDRESS_LIMITED:
    "{{email}} への招待が短時間に多く送信されています。{{minutes}}分後にもう一度お試しください。",
  INVITATIONS_FROM_COMPANY_LIMITED:
    "貴社から短時間に多くの招待が送信されています。{{minutes}}分後にもう一度お試しください。",
  TEAM_JOIN_NOT_ALLOWED: "このチームの管理者またはマネージャーに追加を依頼してください。",

  CYBERPORT_NOT_ENABLED: "このチームでは港湾物流連携が有効になっていません。管理者が有効にできます。",
  CYBERPORT_CREDENTIALS_INCOMPLETE: "インポートの前に、港湾物流連携の認証情報を5つすべて登録してください。",
  CYBERPORT_IMPORT_IN_PROGRESS: "このチームのインポートはすでに実行中です。完了するまでお待ちください。",
  CYBERPORT_NOT_CONFIGURED: "このサーバーでは港湾物流連携を利用できません。",
  CYBERPORT_BAD_CREDENTIALS:
    "港湾物流システムが認証情報を受け付けませんでした。ログインユーザー名、ログインパスワード、アプリID、クライアントID、クライアントシークレットを確認してください。",
  CYBERPORT_UNAVAILABLE:
    "港湾物流システムに接続できないか、想定外の応答がありました。しばらくしてからもう一度お試しください。",
  CYBERPORT_BOOKING_INVALID: "このブッキングには利用できる追跡番号がありません。",
  CYBERPORT_BOOKING_NO_LINE:
    "このブッキングには船会社の指定がなく、番号からも船会社を判別できません。船会社を指定して貨物を追加してください。",
  CYBERPORT_IMPORT_INTERRUPTED: "インポートが中断されました。もう一度実行してください。",

  MALFORMED_REQUEST: "リクエストを読み取れませんでした。ページを再読み込みしてもう一度お試しください。",
  PAYLOAD_TOO_LARGE: "リクエストが大きすぎます。",
  UNSUPPORTED_MEDIA_TYPE: "この形式のリクエスト内容には対応していません。",

  INVALID_TRACKING_NUMBER: "トラッキング番号の形式が正しくありません。番号をご確認ください。",
  TRACKING_TYPE_INFERENCE_FAILED: "トラッキング種別を推定できませんでした。",
  TRACKING_TYPE_NOT_SUPPORTED: "選択した船会社ではこのトラッキング種別を利用できません。",
  SHIPMENT_RETRIEVAL_FAILED:
    "シップメント情報を取得できませんでした。船会社、トラッキング種別、トラッキング番号が正しいかご確認ください。",
  DUPLICATE_TRACKING_NUMBER: "このトラッキング番号は既に登録されています。",
  CONTAINER_CHECK_DIGIT_MISMATCH: "チェックディジットが一致しません。番号をご確認ください。",

  ATTACHMENT_NOT_FOUND: "ファイルが見つかりませんでした。",
  ATTACHMENT_DOWNLOAD_URL_FAILED: "ダウンロードURLの取得に失敗しました",
  ATTACHMENT_TOO_LARGE: "{{n}}件のファイルが最大サイズ5MBを超えています",
  ATTACHMENT_TYPE_NOT_ALLOWED:
    "このファイル形式は許可されていません。PDF、PNG、JPEG、GIF、TIFファイルのみアップロードできます。",
  ATTACHMENT_SELECTION_FAILED: "一部のファイルを選択できませんでした。再度お試しください。",
  ATTACHMENT_UPLOAD_PARTIAL_FAILED: "{{n}}件のファイルのアップロードに失敗しました",
  ATTACHMENT_UPLOAD_FAILED: "ファイルのアップロードに失敗しました",
  ATTACHMENT_DOWNLOAD_FAILED: "ファイルのダウンロードに失敗しました",
  CONNECT_NOT_ENABLED: "貴社ではファイル共有機能が有効になっていません。",
  ATTACHMENT_CONTENT_MISMATCH:
    "ファイルの内容がファイル名と一致しません。{{filename}} は実際には{{extension}}ファイルではありません。ファイル（拡張子を.pdfに変えた画像など）を確認し、正しいファイルを選択してください。",
  ATTACHMENT_NOT_RECEIVED: "ファイルが届いていません。もう一度アップロードしてください。",
  ATTACHMENT_STORAGE_FULL:
    "貴社のファイル保存容量（現在のプランで{{quota}}）がいっぱいです。不要なファイルを削除するか、プランをアップグレードしてください。",
  ATTACHMENT_SHARED_STORAGE_FULL:
    "この貨物を共有している会社のファイル保存容量がいっぱいです。空きを作るよう先方に依頼するか、別の方法でファイルをお送りください。",
  ATTACHMENT_GUEST_QUOTA_REACHED:
    "この会社の共有貨物にアップロードできる容量（{{quota}}）を使い切りました。不要になったアップロード済みファイルを削除するか、別の方法でファイルをお送りください。",
  ATTACHMENT_SHARE_MAILS_FROM_SENDER_LIMITED:
    "ファイル共有のメールを短時間に送りすぎています。{{minutes}}分後に再度お試しいただくか、通知を送らずに保存してください。",
  ATTACHMENT_SHARE_MAILS_FROM_COMPANY_LIMITED:
    "貴社からのファイル共有のメールが多すぎます。{{minutes}}分後に再度お試しいただくか、通知を送らずに保存してください。",

  CSV_NOT_CSV_FILE: "拡張子が.csvのファイルを選択してください。",
  CSV_HEADER_REQUIRED: "CSVファイルの1行目にはヘッダー行が必要です。",
  CSV_TOO_MANY_SHIPMENTS:
    "一度に登録できるシップメントは100件までです。CSVファイルを分割して再度お試しください。",
  CSV_TOO_MANY_ROWS: "CSVファイルの行数が多すぎます。最大10,000行までです。",
  CSV_PARSE_ERROR: "CSVの解析エラーです。この行の形式をご確認ください。",
  CSV_REQUIRED_FIELDS_EMPTY: "必須項目が空です: {{fields}}",
  CSV_INVALID_LINER: "船会社名が正しくありません: {{liner}}",
  CSV_INVALID_TRACKING_TYPE: "トラッキング種別が正しくありません: {{trackingType}}",
  CSV_SHIPMENT_ID_REQUIRED: "一括更新にはShipmentIdが必要です",
  CSV_INVALID_SHIPMENT_ID: "ShipmentIdの形式が正しくありません（UUIDである必要があります）",
  CSV_INVALID_REQUESTED_ETD:
    "RequestedEtdの形式が正しくありません（YYYY-MM-DDまたはYYYY/MM/DDである必要があります）",
  CSV_INVALID_REQUESTED_ETA:
    "RequestedEtaの形式が正しくありません（YYYY-MM-DDまたはYYYY/MM/DDである必要があります）",
  CSV_CUSTOM_FIELDS_NOT_AVAILABLE:
    "{{plan}}プランではカスタムフィールドを利用できません。プレミアムプランまたはエンタープライズプランにアップグレードしてください",
  UPGRADE_START_DATE_PAST: "利用開始希望日に過去の日付は指定できません。",
  UPGRADE_ALREADY_CONTRACTED:
    "貴社にはすでに現在または今後開始の有料契約があります。変更をご希望の場合は営業担当までご連絡ください。",
  CARD_PAYMENT_UNAVAILABLE: "現在カード決済はご利用いただけません。銀行振込をお選びください。",
  CARD_PAYMENT_NOT_CONFIGURED:
    "カード決済はご利用いただけません。アップグレードフォームでお支払い方法に銀行振込をお選びください。",
  NO_PENDING_CARD_UPGRADE:
    "お支払い待ちのカードでのアップグレードがありません。先にアップグレードフォームを送信してください。",
  CHECKOUT_NOT_FOUND: "このお支払いが見つかりませんでした。もう一度アップグレードをやり直してください。",
  CHECKOUT_NOT_COMPLETED: "お支払いはまだ完了していません。",
  BILLING_PORTAL_UNAVAILABLE: "この会社にはまだカード決済のアカウントがありません。",
  PAYMENT_SIGNATURE_INVALID: "決済通知を検証できませんでした。",
  UPGRADE_REQUEST_PENDING:
    "アップグレードのお申し込みはすでに営業担当が承っています。{{days}}営業日以内にご連絡します。",
  UPGRADE_REQUEST_NOT_FOUND: "アップグレード申込 {{id}} が見つかりません。",
  UPGRADE_REQUEST_DECIDED: "このアップグレード申込はすでに処理済みです（{{status}}）。",
  UPGRADE_REQUEST_CARD: "カード決済のアップグレードは決済完了時に開始するため、ここでは承認できません。",
  UPGRADE_CONTRACT_START_PAST: "契約の開始日は未来の日付にしてください（{{now}}より後）。",
  WEBHOOK_URL_INVALID: "有効なURLを入力してください（例: https://example.com/webhooks）。",
  WEBHOOK_URL_HTTPS_REQUIRED: "Webhook URLは https:// で始まる必要があります。",
  WEBHOOK_URL_CREDENTIALS: "Webhook URLにユーザー名やパスワードを含めることはできません。",
  WEBHOOK_URL_PRIVATE_ADDRESS:
    "Webhook URLがプライベートまたは予約済みのネットワークアドレスを指しています。公開されたアドレスを使用してください。",
  WEBHOOK_NOT_CONFIGURED: "先にWebhook URLを保存してください。",
  WEBHOOK_DELIVERY_NOT_FOUND: "このWebhook配信は見つかりませんでした。",
  CALENDAR_FEED_NOT_FOUND:
    "このカレンダーのアドレスは使用できなくなりました。通知設定からもう一度登録してください。",
  CALENDAR_FEED_NONE: "カレンダーのアドレスはまだありません。先に登録してください。",
  CALENDAR_FEED_RATE_LIMITED: "カレンダーの更新回数が多すぎます。{{seconds}}秒待ってから再度お試しください。",
  LIVE_STREAMS_LIMITED:
    "リアルタイム更新を受信しているページが多すぎます。不要なタブを閉じてください。このページは数秒ごとに自動で更新されます。",
} satisfies Record<ErrorCode, string>;
