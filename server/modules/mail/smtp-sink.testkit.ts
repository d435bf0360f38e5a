import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// Test-only: a real SMTP server on a loopback port that keeps what it receives, decoded enough to
// assert on (subject, text and HTML parts). Not imported by application code.

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** smtp://mailer:secret@127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** While set, every RCPT TO is refused with 550. */
  rejectRecipients: boolean;
  /**
   * While set, runs when a message has arrived and before the server answers the DATA command:
   * what the sender's side looks like in the middle of the SMTP conversation.
   */
  duringData: ((mail: ReceivedMail) => Promise<void>) | null;
  close(): Promise<void>;
}

export const SINK_USER = "mailer";
export const SINK_PASSWORD = "s3cret";

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: "",
    received: [],
    rejectRecipients: false,
    duringData: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) callback(null, { user: SINK_USER });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (!sink.rejectRecipients) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = session.envelope;
        const from = envelope.mailFrom ? envelope.mailFrom.address : "";
        const to = envelope.rcptTo.map((r) => r.address);
        const user = typeof session.user === "string" ? session.user : undefined;
        const mail = { from, to, user, ...parseMessage(Buffer.concat(chunks).toString("latin1")) };
        sink.received.push(mail);
        const during = sink.duringData;
        if (!during) return callback();
        during(mail).then(
          () => callback(),
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const at = raw.indexOf("\r\n\r\n");
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function qpBytes(value: string): Buffer {
  const bytes: number[] = [];
  const text = value.replace(/=\r\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "=" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; adjacent words are joined as bytes (a character may span two). */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const parts = [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, kind, data = ""]) =>
      kind?.toUpperCase() === "B" ? Buffer.from(data, "base64") : qpBytes(data.replaceAll("_", " ")),
    );
    return Buffer.concat(parts).toString("utf8");
  });
}

function decodeBody(entity: Entity): string {
  const encoding = entity.headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "base64") return Buffer.from(entity.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return qpBytes(entity.body).toString("utf8");
  return Buffer.from(entity.body, "latin1").toString("utf8");
}

/** Leaf parts by content type (text/plain, text/html), walking nested multiparts. */
function leafParts(entity: Entity, out: Map<string, string>): void {
  const type = entity.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = entity.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      leafParts(splitEntity(section.replace(/^\r\n/, "").replace(/\r\n$/, "")), out);
    }
    return;
  }
  // SMTP carries CRLF line ends; the message was written with LF.
  out.set(
    type.split(";")[0]?.trim().toLowerCase() ?? "text/plain",
    decodeBody(entity).replace(/\r\n/g, "\n"),
  );
}

function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "subject" | "text" | "html"> {
  const message = splitEntity(raw);
  const parts = new Map<string, string>();
  leafParts(message, parts);
  return {
    headers: message.headers,
    subject: decodeWords(message.headers.get("subject") ?? ""),
    text: parts.get("text/plain") ?? "",
    html: parts.get("text/html") ?? "",
  };
}
