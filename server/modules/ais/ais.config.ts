import { z } from "zod";

// The NMEA feeds the worker ingests, from the environment (envSnapshot() in production, a plain
// record in tests):
//   AIS_NMEA_TCP       host:port[,host:port...]  feeds to connect to as a client
//   AIS_NMEA_UDP_PORT  port to receive datagrams on
//   AIS_NMEA_UDP_HOST  address to bind (default 127.0.0.1: a receiver on this machine; 0.0.0.0 for the network)

export interface FeedAddress {
  host: string;
  port: number;
}

export interface AisFeedConfig {
  tcp: FeedAddress[];
  udp: FeedAddress | null;
}

const Port = z.coerce.number().int().min(0).max(65535);

function invalid(variable: string, value: string, why: string): never {
  throw new Error(`Invalid configuration:\n  ${variable}: ${why} (got ${JSON.stringify(value)})`);
}

/** "host:port" or "[v6 address]:port". */
function parseAddress(variable: string, value: string): FeedAddress {
  const match = /^\[([^\]]+)\]:(\d+)$/.exec(value) ?? /^([^:[\]]+):(\d+)$/.exec(value);
  const port = Port.safeParse(match?.[2]);
  if (!match?.[1] || !port.success || port.data === 0) invalid(variable, value, "expected host:port");
  return { host: match[1], port: port.data };
}

export function aisFeedConfig(env: Readonly<Record<string, string | undefined>>): AisFeedConfig {
  const tcp = (env.AIS_NMEA_TCP ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((address) => parseAddress("AIS_NMEA_TCP", address));
  const udpPort = env.AIS_NMEA_UDP_PORT?.trim();
  let udp: FeedAddress | null = null;
  if (udpPort) {
    const port = Port.safeParse(udpPort);
    if (!port.success) invalid("AIS_NMEA_UDP_PORT", udpPort, "expected a port number");
    udp = { host: env.AIS_NMEA_UDP_HOST?.trim() || "127.0.0.1", port: port.data };
  }
  return { tcp, udp };
}

export function hasAisFeeds(config: AisFeedConfig): boolean {
  return config.tcp.length > 0 || config.udp !== null;
}
