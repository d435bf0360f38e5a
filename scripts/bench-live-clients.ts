import http from "node:http";

// The browsers of bench:live, in a process of their own so their work does not slow the server
// being measured: opens one server-sent events stream per session cookie it is given, then reports
// to the parent, for every shipment event, when the last stream received it (a wall-clock
// timestamp comparable across the two processes).

interface Start {
  url: string;
  cookies: string[];
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

function openStream(url: string, cookie: string, onEvent: (id: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream refused: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      let text = "";
      let ready = false;
      res.on("data", (chunk: string) => {
        text += chunk;
        let cut = text.indexOf("\n\n");
        while (cut >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          cut = text.indexOf("\n\n");
          if (!ready && block.includes("event: ready")) {
            ready = true;
            resolve();
          }
          if (block.includes("event: shipment")) {
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            if (id) onEvent(Number(id));
          }
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

process.on("message", async (message: Start) => {
  const counts = new Map<number, { n: number; last: number }>();
  const total = message.cookies.length;
  const onEvent = (id: number) => {
    const at = now();
    const seen = counts.get(id) ?? { n: 0, last: 0 };
    seen.n += 1;
    seen.last = Math.max(seen.last, at);
    counts.set(id, seen);
    if (seen.n === 1) {
      // A change that does not reach every stream within 10 s is reported with its count.
      setTimeout(() => {
        const left = counts.get(id);
        if (left) send({ kind: "partial", id, n: left.n });
      }, 10_000).unref();
    }
    if (seen.n === total) {
      send({ kind: "received", id, last: seen.last });
      counts.delete(id);
    }
  };
  try {
    // A few hundred at a time, as browsers arriving over a short while.
    for (let i = 0; i < total; i += 200) {
      await Promise.all(message.cookies.slice(i, i + 200).map((c) => openStream(message.url, c, onEvent)));
    }
    send({ kind: "open", streams: total });
  } catch (err) {
    send({ kind: "error", message: String(err) });
  }
});
