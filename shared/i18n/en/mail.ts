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
} as const;
