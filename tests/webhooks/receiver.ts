import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver on 127.0.0.1 for tests: it records every request and answers as the test
// says, or holds the request open (to stop a worker mid-delivery).

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hold";

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Responses not sent yet (answer "hold"), oldest first. */
  held: ServerResponse[];
  answer: (request: ReceivedRequest, index: number) => Answer;
  close(): Promise<void>;
}

export async function startReceiver(
  answer: Receiver["answer"] = () => ({ status: 200, body: "ok" }),
): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    port: 0,
    requests: [],
    held: [],
    answer,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const index = receiver.requests.push(request) - 1;
      const reply = receiver.answer(request, index);
      if (reply === "hold") {
        receiver.held.push(res);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? { "content-type": "text/plain" });
      res.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const res of receiver.held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
