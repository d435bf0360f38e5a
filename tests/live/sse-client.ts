/** One server-sent event as a browser's EventSource would dispatch it (comments and bare ids kept apart). */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  /** The ids the stream set, including `id:`-only blocks (what Last-Event-ID would become). */
  lastEventId: string | null;
  comments: number;
  /** Resolves with the first event (counting those already received) matching `pred`. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource over fetch, so a test can send the cookie and Last-Event-ID itself. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: abort.signal,
  });
  const waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const stream: SseStream = {
    status: res.status,
    events: [],
    lastEventId: null,
    comments: 0,
    waitFor(pred, timeoutMs = 20_000) {
      const found = stream.events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such event arrived")), timeoutMs);
        waiters.push({
          pred,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!res.body || res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    return stream;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  stream.ended = (async () => {
    let text = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        let cut = text.indexOf("\n\n");
        while (cut >= 0) {
          handleBlock(text.slice(0, cut));
          text = text.slice(cut + 2);
          cut = text.indexOf("\n\n");
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  function handleBlock(block: string) {
    let id: string | null = null;
    let event = "message";
    const data: string[] = [];
    let comment = false;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comment = true;
      else if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (id !== null) stream.lastEventId = id;
    if (comment && data.length === 0) stream.comments += 1;
    if (data.length === 0) return;
    const e = { id, event, data: data.join("\n") };
    stream.events.push(e);
    for (const w of [...waiters]) {
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  }
  return stream;
}
