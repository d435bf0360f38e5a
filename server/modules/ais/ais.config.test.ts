import { describe, expect, it } from "vitest";
import { aisFeedConfig, hasAisFeeds } from "./ais.config";

describe("AIS feed configuration", () => {
  it("has no feeds unless configured", () => {
    const config = aisFeedConfig({});
    expect(config).toEqual({ tcp: [], udp: null });
    expect(hasAisFeeds(config)).toBe(false);
  });

  it("reads TCP feeds and the UDP port, binding UDP to loopback unless told otherwise", () => {
    expect(
      aisFeedConfig({ AIS_NMEA_TCP: "ais.example.com:5631, [::1]:10110", AIS_NMEA_UDP_PORT: "10110" }),
    ).toEqual({
      tcp: [
        { host: "ais.example.com", port: 5631 },
        { host: "::1", port: 10110 },
      ],
      udp: { host: "127.0.0.1", port: 10110 },
    });
    expect(aisFeedConfig({ AIS_NMEA_UDP_PORT: "10110", AIS_NMEA_UDP_HOST: "0.0.0.0" }).udp).toEqual({
      host: "0.0.0.0",
      port: 10110,
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => aisFeedConfig({ AIS_NMEA_TCP: "ais.example.com" })).toThrow(
      /AIS_NMEA_TCP: expected host:port/,
    );
    expect(() => aisFeedConfig({ AIS_NMEA_TCP: "host:99999" })).toThrow(/AIS_NMEA_TCP/);
    expect(() => aisFeedConfig({ AIS_NMEA_UDP_PORT: "ten" })).toThrow(/AIS_NMEA_UDP_PORT/);
  });
});
