#!/usr/bin/env python3
"""Times grex serve's ls and status tools on one workspace, as an agent calls them.

  serveprobe.py GREX WORKSPACE [--calls 3]

Starts `GREX serve` over stdio in WORKSPACE, says initialize (2025-06-18), then calls ls and
status --calls times each, one at a time. Prints one JSON object: the milliseconds from start
to the initialize answer, each call's milliseconds, the packs each answer listed, and the
server's peak resident set (VmHWM) read from /proc before it is told to stop.
"""

import json
import subprocess
import sys
import time


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--calls"):
        print(__doc__, file=sys.stderr)
        return 2
    grex, workspace = argv[0], argv[1]
    calls = int(argv[3]) if len(argv) == 4 else 3
    start = time.monotonic()
    server = subprocess.Popen([grex, "serve"], cwd=workspace, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    next_id = 0

    def ask(method, params):
        nonlocal next_id
        next_id += 1
        frame = {"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}
        server.stdin.write((json.dumps(frame) + "\n").encode())
        server.stdin.flush()
        while True:
            line = server.stdout.readline()
            if not line:
                raise RuntimeError("grex serve closed its output during %s" % method)
            answer = json.loads(line)
            if answer.get("id") == next_id:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"]))
                return answer["result"]

    report = {}
    ask("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "grex-scale-probe", "version": "1"}})
    report["initialize_ms"] = round((time.monotonic() - start) * 1000, 1)
    server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    server.stdin.flush()
    for tool in ("ls", "status"):
        times = []
        for _ in range(calls):
            began = time.monotonic()
            result = ask("tools/call", {"name": tool, "arguments": {}})
            times.append(round((time.monotonic() - began) * 1000, 1))
            # ls and status answer arrays, which come as the text content (structuredContent
            # holds objects only).
            document = json.loads(result["content"][0]["text"])
            report[tool + "_packs"] = len(document) if isinstance(document, list) else 0
            if result.get("isError"):
                report[tool + "_error"] = document
        report[tool + "_ms"] = times
    with open("/proc/%d/status" % server.pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                report["peak_rss_mib"] = round(int(line.split()[1]) / 1024, 1)
    server.stdin.close()
    server.wait(timeout=30)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
