// E-mails (server/modules/mail). Plain text only: the renderer escapes the whole message for HTML,
// so these texts must not contain markup. {{appName}} is filled in for every message.
export const mail = {
  layout: {
    greeting: "Hello {{name}},",
    greetingAnonymous: "Hello,",
    linkFallback: "If the button does not work, copy this link into your browser:",
    footer: "This e-mail was sent by {{appName}}. Replies to this address are not read.",
    utc: "{{time}} (UTC)",
  },
  verifyEmail: {
    subject: "Verify your e-mail address",
    intro: "Please confirm your e-mail address to finish setting up your {{appName}} account.",
    action: "Verify e-mail address",
    note: "This link is valid for 24 hours. If you did not sign up for {{appName}}, you can ignore this e-mail.",
  },
  passwordReset: {
    subject: "Reset your password",
    intro: "We received a request to reset the password of your {{appName}} account.",
    action: "Reset password",
    note: "This link is valid for 1 hour and works once. If you did not ask for it, ignore this e-mail: your password stays as it is.",
  },
  passwordChanged: {
    subject: "Your password was changed",
    intro: "The password of your {{appName}} account was just changed.",
    note: "If you did not do this, reset your password right away from the sign-in page and contact your administrator.",
  },
  mfaEnabled: {
    subject: "Multi-factor authentication was turned on",
    intro:
      "Multi-factor authentication was just turned on for your {{appName}} account. Every other browser was signed out and now needs your password and a code from your authenticator app.",
    note: "If you did not do this, reset your password right away from the sign-in page and contact your administrator.",
  },
  mfaDisabled: {
    subject: "Multi-factor authentication was turned off",
    intro:
      "Multi-factor authentication was just turned off for your {{appName}} account. Every other browser was signed out.",
    note: "If you did not do this, reset your password right away from the sign-in page, turn multi-factor authentication on again and contact your administrator.",
  },
  signupExistingAccount: {
    subject: "Someone tried to sign up with your e-mail address",
    intro:
      "Someone tried to create a new {{appName}} account with this e-mail address, which already has an account. No new account was created.",
    action: "Sign in",
    note: "If it was you, sign in with your existing account, or reset your password from the sign-in page if you forgot it. If it was not you, you can ignore this e-mail.",
  },
  invitation: {
    subject: "{{inviterName}} invited you to {{companyName}} on {{appName}}",
    intro:
      "{{inviterName}} invited you to join {{companyName}} on {{appName}} to follow its shipments together.",
    action: "Accept invitation",
    note: "This invitation expires on {{expiresAt}}. If you were not expecting it, you can ignore this e-mail.",
  },
  guestInvitation: {
    subject: "{{inviterName}} shared the team {{teamName}} with you on {{appName}}",
    intro:
      "{{inviterName}} of {{companyName}} invited you as a guest of the team {{teamName}}: you can see the shipments it shares with you.",
    action: "Open as a guest",
    note: "If you were not expecting this invitation, you can ignore this e-mail.",
  },
  companyApproved: {
    subject: "{{companyName}} is approved: start tracking on {{appName}}",
    intro:
      "Good news: {{companyName}} has been approved. You and your team can now use {{appName}} to add and follow your shipments.",
    action: "Open the console",
    note: "Your free trial continues as before. For questions, open Help in the console's user menu.",
  },
  /** To each Admin when an endpoint kept failing for days and deliveries to it were stopped. */
  webhookDisabled: {
    subject: "Webhook deliveries to {{endpointUrl}} were stopped",
    intro:
      "Deliveries to the webhook endpoint {{endpointUrl}} of {{companyName}} have failed without a break since {{since}}, so {{appName}} stopped sending to it.",
    action: "Open API settings",
    note: "Once the receiver works again, save the webhook URL again on the API settings page to resume deliveries. Events that failed can be sent again from the delivery log.",
  },
} as const;
