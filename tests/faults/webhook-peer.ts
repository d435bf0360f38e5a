import { createServer, type Server } from "node:http";

// A webhook receiver on a fixed loopback port that can go away and come back on the same port.
// Answers 200 to every request and keeps each one's `webhook-id`.

export class WebhookPeer {
  ids: string[] = [];
  private server: Server | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async up() {
    if (this.server) return;
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        this.ids.push(String(req.headers["webhook-id"] ?? ""));
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  async down() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  count(id: string): number {
    return this.ids.filter((i) => i === id).length;
  }
}
