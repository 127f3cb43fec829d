#!/usr/bin/env python3
"""Checks bench/delayproxy.py: the round trip it adds, alone and under load.

  delayproxy_check.py [--rtt-ms 20] [--connections 300] [--bulk-kb 64]

Starts an echo server and the proxy in front of it, all on 127.0.0.1, then measures:
  1. one connection: time to connect and get the first echo, then 50 echoed round trips;
  2. --connections connections at once, each connecting, sending --bulk-kb KB that come back,
     then making 20 small round trips: the small round trips must stay near the RTT.
Prints the medians and the 99th percentiles, then the proxy's own account (--stats) of how
late it sent chunks past their deadline. The echo server and the clients share one Python
process, so under load part of the measured round trip is theirs: the proxy's account is the
figure for the proxy. Exits 1 when the round trip one connection adds is off by more than 2 ms,
when fewer than 95 % of the chunks under load left within 5 ms of their deadline, or when bytes
came back wrong.
"""

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


async def echo(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        writer.close()


async def exchange(reader, writer, payload):
    writer.write(payload)
    await writer.drain()
    got = await reader.readexactly(len(payload))
    if got != payload:
        raise RuntimeError("echo came back different")


async def client(port, bulk, rounds):
    start = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await exchange(reader, writer, b"hello")
    first = time.perf_counter() - start
    if bulk:
        await exchange(reader, writer, os.urandom(bulk))
    rtts = []
    for i in range(rounds):
        t = time.perf_counter()
        await exchange(reader, writer, b"ping %d" % i)
        rtts.append(time.perf_counter() - t)
    writer.close()
    await writer.wait_closed()
    return first, rtts


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


async def main(args):
    server = await asyncio.start_server(echo, "127.0.0.1", 0, backlog=4096)
    target = server.sockets[0].getsockname()[1]
    proxy = await asyncio.create_subprocess_exec(
        sys.executable, os.path.join(HERE, "delayproxy.py"), "--target", str(target),
        "--rtt-ms", str(args.rtt_ms), "--stats", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    port = int((await proxy.stdout.readline()).decode())
    ok = True
    try:
        _, direct = await client(target, 0, 50)
        first, alone = await client(port, 0, 50)
        added = (statistics.median(alone) - statistics.median(direct)) * 1000
        print("one connection: connect + first echo %.1f ms (%.0f ms expected: a TCP handshake "
              "and a round trip); round trip median %.2f ms, p99 %.2f ms; %.2f ms without the "
              "proxy; added %.2f ms" % (first * 1000, 2 * args.rtt_ms,
                                        statistics.median(alone) * 1000, pct(alone, 0.99) * 1000,
                                        statistics.median(direct) * 1000, added))
        ok &= abs(added - args.rtt_ms) < 2
        t = time.perf_counter()
        results = await asyncio.gather(*(client(port, args.bulk_kb * 1024, 20)
                                         for _ in range(args.connections)))
        wall = time.perf_counter() - t
        firsts = [f * 1000 for f, _ in results]
        rtts = [r * 1000 for _, rs in results for r in rs]
        print("%d connections at once, %d KB echoed each: %.2f s in all; connect + first echo "
              "median %.1f ms, p99 %.1f ms; small round trips median %.2f ms, p99 %.2f ms"
              % (args.connections, args.bulk_kb, wall, statistics.median(firsts),
                 pct(firsts, 0.99), statistics.median(rtts), pct(rtts, 0.99)))
    finally:
        proxy.terminate()
        report = (await proxy.stderr.read()).decode()
        await proxy.wait()
        server.close()
    print(report.strip())
    within = re.search(r"<=5ms ([0-9.]+)%", report)
    ok &= within is not None and float(within[1]) >= 95
    print("delayproxy: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rtt-ms", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--bulk-kb", type=int, default=64)
    sys.exit(asyncio.run(main(parser.parse_args())))
