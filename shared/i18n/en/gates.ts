// The console gates, contract banners and the trial modal (spec 01 §2, §4; spec 02 §4). Quoted
// spec wording is verbatim. Params: {{date}}, {{count}}, {{name}}.
export const gates = {
  loading: "Loading your console…",
  loadFailed: "We couldn't load your account. Please check your connection and try again.",
  retry: "Try again",
  logout: "Logout",
  trialEnded: {
    title: "Trial Period Ended",
    body: "Your 30-day free trial has ended. To keep tracking your shipments, please contact our support team to choose a plan.",
    contactSupport: "Contact support",
  },
  approval: {
    title: "Approval Required",
    body: "Thank you for signing up. We are reviewing your company and will let you know by email once it is approved. This usually takes one business day.",
    company: "Company: {{name}}",
    cancelTrial: "Cancel Trial",
    confirmTitle: "Cancel your free trial?",
    confirmBody:
      "Your company's trial application will be withdrawn and you will not be able to use the console. This cannot be undone.",
    confirm: "Cancel Trial",
    keep: "Keep my application",
    cancelled: "Your free trial has been cancelled.",
  },
  banner: {
    churnTitle: "Your contract has ended",
    churnBody:
      "Your shipments stay here to read, but you can't add new ones or update them, and no schedule-change e-mails are sent.",
    churnChoosePlan: "Choose a plan",
    churnAskAdmin: "Please ask your company's administrator to choose a plan.",
    waitingContract: "Thank you for upgrading. Your new contract starts on {{date}}.",
    waitingContractNoDate: "Thank you for upgrading. Your new contract will start soon.",
  },
  trialModal: {
    title: "Your free trial is ending",
    endsToday: "The trial ends today.",
    endsIn_one: "The trial ends in {{count}} day.",
    endsIn_other: "The trial ends in {{count}} days.",
    body: "Upgrade to a paid plan to keep tracking your shipments without interruption.",
    askAdmin: "Please ask your company's administrator to upgrade the plan.",
    seePlans: "See plans",
    later: "Later",
  },
} as const;
