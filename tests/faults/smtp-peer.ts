import { SMTPServer } from "smtp-server";

// An SMTP server on a fixed loopback port that can go away and come back on the same port, as a
// mail relay does during an outage. Keeps each message's recipients and Message-ID.

export interface ReceivedMessage {
  to: string[];
  messageId: string;
}

export class SmtpPeer {
  received: ReceivedMessage[] = [];
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  async up() {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // An outage drops open connections at once instead of waiting for clients to quit.
      closeTimeout: 500,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const head =
            Buffer.concat(chunks)
              .toString("latin1")
              .split(/\r?\n\r?\n/)[0] ?? "";
          const messageId = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? "";
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId });
          callback();
        });
      },
    });
    // A client killed mid-conversation resets its socket: expected here, not a failure of the peer.
    server.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  async down() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  countTo(address: string): number {
    return this.received.filter((m) => m.to.includes(address)).length;
  }
}
