// The built-in help, terms and privacy pages (decision 0068), served by the server when
// SUPPORT_URL / TERMS_URL / PRIVACY_URL are not set. Params: {{email}}, {{interval}}, {{days}},
// {{date}}.
export const pages = {
  productName: "Tracking",
  otherLanguage: "日本語",
  backToConsole: "Back to the console",
  updated: "Last updated: {{date}}",
  contactTitle: "Contact",
  contactBody: "Questions, a problem or a request: write to {{email}}. We answer on business days.",
  help: {
    title: "Help",
    intro:
      "Tracking follows your ocean shipments with the shipping lines and tells you when their schedules change.",
    howTitle: "How tracking works",
    how1: "Register a shipment with its shipping line and one number: a booking number, a bill of lading (B/L) number or a container number. From a container number the form suggests the line; check it before you save.",
    how2: "We ask the line's own tracking system for the latest data about every {{interval}} and when you press Refresh. Each answer is compared with the last one: only real changes are recorded in the shipment's History.",
    how3: "The shipment shows the vessel schedule with its estimated (ESTIMATED) and actual (ACTUAL) times, ETD/ETA changes and delays in days, transhipments, container events and, where available, the vessel's position on a map.",
    how4: "Everyone subscribed to a shipment receives an e-mail when its schedule changes. Delivered shipments are archived automatically after a while; archived shipments stay searchable.",
    numbersTitle: "Which number to use",
    numbers1:
      "A booking number exists before departure and is the best choice right after booking. A B/L number covers all containers of one bill of lading. A container number (four letters and seven digits, such as MSKU1234565) follows one box.",
    numbers2:
      "A number a line does not know yet is retried on the next refresh; after repeated failures the shipment is marked as failing so that you can check the number and the line.",
    linesTitle: "Shipping lines",
    linesBody:
      "You can track shipments of these lines. Lines marked Beta are new: their data may be incomplete.",
    beta: "Beta",
    teamsTitle: "Teams, roles and guests",
    teamsBody:
      "Shipments belong to a team. Admins manage the company, its members and teams; Managers manage their own teams; Operators work with shipments; Viewers read. Partners outside the company can be invited to one team as guests.",
    trialTitle: "Free trial and plans",
    trialBody:
      "A new company starts with a {{days}}-day free trial. During the last 7 days the console reminds you once a day; an Admin can choose a plan under Plan and Payment at any time.",
  },
  terms: {
    title: "Terms of Service",
    intro:
      "These terms govern the use of Tracking (the “Service”) by your company and the people it invites. By creating an account or using the Service you accept them on behalf of your company.",
    s1Title: "1. The Service",
    s1Body:
      "The Service collects shipment data from shipping lines and other sources and presents it to you. This data comes from third parties: we pass it on as received and cannot guarantee that it is complete, correct or on time. Do not rely on it alone for decisions where a delay could cause harm.",
    s2Title: "2. Accounts",
    s2Body:
      "You keep your sign-in details secret, use multi-factor authentication where your company requires it, and tell us at once about any unauthorised use. Your company's Admins decide who may use its account and are responsible for the people they invite.",
    s3Title: "3. Acceptable use",
    s3Body:
      "You will not try to gain access to other companies' data, interfere with the Service or the systems it connects to, send more requests than your plan allows, or use the Service against the law or the rights of others.",
    s4Title: "4. Free trial, plans and fees",
    s4Body:
      "A company may use the Service free of charge for a {{days}}-day trial. After the trial, continued use needs a paid plan. Fees, limits (trackings and members) and the contract period are those of the plan agreed with your company. Termination needs 30 days' notice by e-mail.",
    s5Title: "5. Your data",
    s5Body:
      "The shipment data, comments and files you add remain your company's. We use them only to provide the Service, as described in the Privacy Policy. When the contract ends you can export your shipments as CSV; we delete the company's data within 90 days afterwards unless the law requires us to keep it.",
    s6Title: "6. Availability and changes",
    s6Body:
      "We work to keep the Service available and secure but do not promise that it will be uninterrupted. We may change or add features; we will tell Admins in advance by e-mail about changes that reduce what their plan includes.",
    s7Title: "7. Liability",
    s7Body:
      "To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability in any year is limited to the fees your company paid for the Service in that year.",
    s8Title: "8. Changes to these terms",
    s8Body:
      "We may update these terms. We will announce material changes in the console or by e-mail at least 30 days before they take effect; continued use after that date means acceptance.",
  },
  privacy: {
    title: "Privacy Policy",
    intro:
      "This policy explains what personal data Tracking (the “Service”) handles, why, and the choices you have.",
    s1Title: "1. Data we collect",
    s1Body:
      "Account data: your name, work e-mail address, company name and telephone number, your language and notification settings, and a hash of your password (never the password itself). Usage data: sign-in times, the address and browser of your sessions, and the actions recorded in a shipment's activity log. Content: the shipments, comments and files your company adds.",
    s2Title: "2. Why we use it",
    s2Body:
      "To provide the Service: to sign you in and keep your account secure, to track your shipments and send the e-mails you subscribed to, to answer your requests for support, and to bill your company. We do not sell personal data or use it for advertising.",
    s3Title: "3. Sharing",
    s3Body:
      "Your company's members and guests see what their role allows. We send shipment numbers, never personal data, to the shipping lines to fetch tracking data. Service providers that host the Service or deliver e-mail process data only on our instructions.",
    s4Title: "4. Cookies",
    s4Body:
      "We use one cookie that keeps you signed in, and your browser's local storage for your language and the selected team. There are no advertising or third-party tracking cookies.",
    s5Title: "5. Security and retention",
    s5Body:
      "Data is encrypted in transit, access is limited by company and role, and sign-ins can be protected with multi-factor authentication. We keep account data while the account exists and delete it within 90 days after the account or the company's contract ends, unless the law requires longer.",
    s6Title: "6. Your rights",
    s6Body:
      "You can see and correct your details in Account Settings and delete your account there. To ask for a copy of your data, or for anything else about your personal data, write to the contact address below.",
  },
} as const;
