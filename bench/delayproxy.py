#!/usr/bin/env python3
"""A TCP proxy on loopback that adds a fixed round-trip time, for bench/run.sh.

  delayproxy.py --target PORT [--listen PORT] [--rtt-ms 20] [--no-handshake] [--stats]

Listens on 127.0.0.1:--listen (0, the default: a free port) and forwards every connection to
127.0.0.1:--target. Every chunk is delivered rtt/2 after it arrived, in each direction, in
order (to within about half a millisecond: see EARLY); bandwidth is not limited. Prints the port it listens on, on a line of its own, once it
accepts connections.

A new TCP connection to a distant server costs one round trip before the client can send
(SYN, SYN-ACK), and the server sees it only half a round trip after that. On loopback connect()
returns at once, so the proxy holds back what the client sends until 1.5 RTT after the accept,
and what the server sends until 2 RTT after it: an ssh banner or a TLS ServerHello reaches the
client when it would over a real link. --no-handshake leaves that out (every chunk gets only
the one-way delay). --stats prints, when the proxy is stopped, how late past its deadline each
chunk left: the delay the proxy added beyond the one asked for.

Why not sleep per chunk: a sleep between reads and writes would serialise each direction, so a
burst of chunks would take n x delay. Here each direction of each connection is a queue of
(deadline, bytes) with one timer armed for the head of the queue; chunks that arrive together
leave together, and a connection never waits for another one. Everything runs on one asyncio
event loop with protocol callbacks (no stream objects, no task per chunk): hundreds of
connections cost little CPU. When a receiver does not keep up (the kernel buffer towards it is
full), reading from its sender pauses until it drains, as a router's queue would push back; the
delay itself stays fixed.
"""

import argparse
import asyncio
import collections
import os
import resource
import signal
import socket
import sys

EOF = object()  # queue entry: the sender shut down its side
CLOSE = object()  # queue entry: the sender's socket is gone
# The event loop's timers fire up to a millisecond late (epoll waits whole milliseconds, rounded
# up): aiming half a millisecond early centres the error of the delay on zero.
EARLY = 0.0005


class Direction:
    """One direction of one connection: what `source` sent, delivered to `sink` after delay."""

    def __init__(self, loop, delay, not_before, stats):
        self.loop = loop
        self.stats = stats
        self.delay = delay
        self.not_before = not_before  # loop time before which nothing is delivered
        self.queue = collections.deque()
        self.timer = None
        self.sink = None  # the transport written to; None until it exists
        self.source = None  # the transport read from (paused when the sink is full)

    def push(self, item):
        deadline = max(self.loop.time() + self.delay, self.not_before)
        self.queue.append((deadline, item))
        self.arm()

    def arm(self):
        if self.timer is None and self.queue and self.sink is not None:
            self.timer = self.loop.call_at(self.queue[0][0] - EARLY, self.flush)

    def flush(self):
        self.timer = None
        now = self.loop.time()
        while self.queue and self.queue[0][0] <= now + EARLY:
            deadline, item = self.queue.popleft()
            if self.stats is not None and item is not EOF and item is not CLOSE:
                self.stats.late(now - deadline)
            if self.sink.is_closing():
                self.queue.clear()
                return
            if item is CLOSE:
                self.sink.close()  # after what is buffered
                self.queue.clear()
                return
            if item is EOF:
                try:
                    self.sink.write_eof()
                except OSError:  # the receiver is gone already
                    self.sink.close()
            else:
                self.sink.write(item)
        self.arm()


class Side(asyncio.Protocol):
    """One socket of a proxied pair: the accepted client or the connection to the target."""

    def __init__(self, outgoing, incoming, on_lost):
        self.outgoing = outgoing  # what this side reads goes here
        self.incoming = incoming  # this side's transport is its sink
        self.on_lost = on_lost
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        # Push back on the sender only once much is queued towards this side.
        transport.set_write_buffer_limits(high=4 << 20, low=1 << 20)
        self.outgoing.source = transport
        self.incoming.sink = transport
        self.incoming.arm()

    def data_received(self, data):
        self.outgoing.push(data)

    def eof_received(self):
        self.outgoing.push(EOF)
        return True  # keep the other direction open (half-close)

    def connection_lost(self, exc):
        self.on_lost(self, exc)

    # This side cannot take more: stop reading from the side that sends to it.
    def pause_writing(self):
        if self.incoming.source is not None:
            self.incoming.source.pause_reading()

    def resume_writing(self):
        if self.incoming.source is not None and not self.incoming.source.is_closing():
            self.incoming.source.resume_reading()


class Pair:
    def __init__(self, loop, delay, handshake, stats):
        now = loop.time()
        # Client to server from 1.5 RTT after the accept, server to client from 2 RTT.
        self.up = Direction(loop, delay, now + 3 * delay if handshake else 0.0, stats)
        self.down = Direction(loop, delay, now + 4 * delay if handshake else 0.0, stats)
        self.client = Side(self.up, self.down, self.lost)
        self.server = Side(self.down, self.up, self.lost)

    def lost(self, side, exc):
        # A close (or reset) reaches the other side after what was sent before it, with the
        # same delay.
        (self.up if side is self.client else self.down).push(CLOSE)


class Stats:
    """How late chunks left, past their deadline: the delay the proxy adds beyond the one asked
    for (a busy event loop, a busy machine)."""

    BOUNDS_MS = (0.1, 0.5, 1, 2, 5, 10, 20, 50, 100, float("inf"))

    def __init__(self):
        self.counts = [0] * len(self.BOUNDS_MS)
        self.connections = 0
        self.worst = 0.0
        self.earliest = 0.0
        self.slow_connects = 0
        self.slowest_connect = 0.0

    def late(self, seconds):
        ms = seconds * 1000
        self.worst = max(self.worst, ms)
        self.earliest = min(self.earliest, ms)
        for i, bound in enumerate(self.BOUNDS_MS):
            if ms <= bound:
                self.counts[i] += 1
                return

    def connected(self, seconds):
        # A connect to the server that took long: its listen queue overflowed (sshd's holds
        # 128) and the kernel made the proxy send its SYN again, a second later.
        self.slowest_connect = max(self.slowest_connect, seconds * 1000)
        if seconds > 0.1:
            self.slow_connects += 1

    def report(self):
        total = sum(self.counts) or 1
        parts = []
        seen = 0
        for bound, count in zip(self.BOUNDS_MS, self.counts):
            seen += count
            parts.append("<=%gms %.2f%%" % (bound, 100.0 * seen / total))
        return ("delayproxy: %d connections, %d chunks; delivered late by (cumulative, early "
                "counts as 0): %s; worst %.1f ms; earliest %.2f ms early; connects to the "
                "server over 100 ms: %d (slowest %.1f ms)"
                % (self.connections, sum(self.counts), ", ".join(parts[:-1]), self.worst,
                   max(0.0, -self.earliest), self.slow_connects, self.slowest_connect))


async def serve(args):
    loop = asyncio.get_running_loop()
    delay = args.rtt_ms / 2000.0
    stats = Stats() if args.stats else None
    if stats is not None:
        def stop():
            print(stats.report(), file=sys.stderr, flush=True)
            os._exit(0)
        loop.add_signal_handler(signal.SIGTERM, stop)
        loop.add_signal_handler(signal.SIGINT, stop)

    def accept():
        pair = Pair(loop, delay, not args.no_handshake, stats)
        if stats is not None:
            stats.connections += 1

        async def connect():
            try:
                start = loop.time()
                await loop.create_connection(lambda: pair.server, "127.0.0.1", args.target)
                if stats is not None:
                    stats.connected(loop.time() - start)
            except OSError as error:
                print("delayproxy: cannot reach 127.0.0.1:%d: %s" % (args.target, error),
                      file=sys.stderr)
                if pair.client.transport is not None:
                    pair.client.transport.close()

        loop.create_task(connect())
        return pair.client

    server = await loop.create_server(accept, "127.0.0.1", args.listen, backlog=4096,
                                      reuse_address=True)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", type=int, required=True, help="port on 127.0.0.1")
    parser.add_argument("--listen", type=int, default=0, help="port on 127.0.0.1 (0: any)")
    parser.add_argument("--rtt-ms", type=float, default=20.0, help="added round-trip time")
    parser.add_argument("--no-handshake", action="store_true",
                        help="do not add the round trip of a TCP connection's set-up")
    parser.add_argument("--stats", action="store_true",
                        help="on SIGTERM or SIGINT, print to stderr how late chunks were sent")
    args = parser.parse_args()
    # Two descriptors per connection; hundreds of connections pass the usual soft limit of 1024.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
