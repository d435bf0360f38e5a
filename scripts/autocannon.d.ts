// The part of autocannon's programmatic API that the bench scripts use (it ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Each connection sends these in turn, over and over (bench-soak.ts). */
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    /** total: the responses received; sent: the requests sent, those still in flight at the end too. */
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    throughput: Histogram & { total: number };
  }
  /** The running job: a promise of its result that also reports each response as it arrives. */
  interface Instance extends Promise<Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
