// Soak: thousands of tool calls over one MCP session of grex serve, with the server's memory
// read from /proc at checkpoints. The client is the official TypeScript SDK (Client over
// StdioClientTransport or StreamableHTTPClientTransport), as agents use it.
//
//   node soak.cjs --transport stdio|http --grex PATH --workspace DIR --out FILE.json
//                 [--calls 10000] [--warmup 1000] [--early 200] [--every 1000] [--in-flight 4]
//                 [--max-growth 5] [--packs 10] [--mix all|status] [--stderr FILE]
//
// stdio: the SDK spawns `grex serve --approve-destructive` in the workspace.
// http:  this script starts `grex serve --http 127.0.0.1:0 --token T --approve-destructive`,
//        reads the URL it logs, and the SDK talks to it over streamable HTTP with the token.
//
// The calls follow a fixed cycle of 20 (MIX below), so every stretch of 1000 calls does the same
// work: reads (status, ls, doctor), dry runs (sync, update), a real sync, exec, and calls that
// must fail (drift, a failing command, a bad filter, an unknown pack, an unknown tool). Every
// answer is checked against what that call must give; anything else is an unexpected error.
// Up to --in-flight calls are outstanding at once on the one session.
//
// Memory: VmRSS, VmHWM, RssAnon and RssFile of the server from /proc/<pid>/status, with its
// open files and threads, after --early calls, after the --warmup calls (the start), every
// --every calls, and at the end. Calls stop while a checkpoint is read, so no call is in
// flight when memory is read. The warm-up is 1000 calls because the server's working set is
// reached only after several hundred: with jemalloc, whose RSS is flat afterwards, it grows by
// 5 % between call 200 and call 1000. The growth from --early is reported too, not judged.
// The run fails (exit 1) when RSS at the end is --max-growth % or more above the start, when
// any answer is unexpected, when the transport reports an error, or when the session changed.
// Writes one JSON document to --out and prints a summary on stderr.
"use strict";

const crypto = require("node:crypto");
const fs = require("node:fs");
const { spawn } = require("node:child_process");
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const {
    StreamableHTTPClientTransport,
} = require("@modelcontextprotocol/sdk/client/streamableHttp.js");

function parseArgs(argv) {
    const o = { calls: 10000, warmup: 1000, early: 200, every: 1000, inFlight: 4, maxGrowth: 5,
                packs: 10, mix: "all" };
    for (let i = 0; i < argv.length; i += 2) {
        const [key, value] = [argv[i], argv[i + 1]];
        if (value === undefined) throw new Error(`soak.cjs: ${key} needs a value`);
        if (key === "--transport") o.transport = value;
        else if (key === "--grex") o.grex = value;
        else if (key === "--workspace") o.workspace = value;
        else if (key === "--out") o.out = value;
        else if (key === "--stderr") o.stderr = value;
        else if (key === "--calls") o.calls = Number(value);
        else if (key === "--warmup") o.warmup = Number(value);
        else if (key === "--early") o.early = Number(value);
        else if (key === "--every") o.every = Number(value);
        else if (key === "--in-flight") o.inFlight = Number(value);
        else if (key === "--max-growth") o.maxGrowth = Number(value);
        else if (key === "--packs") o.packs = Number(value);
        else if (key === "--mix") o.mix = value;
        else throw new Error(`soak.cjs: unknown option ${key}`);
    }
    if (!["all", "status"].includes(o.mix)) throw new Error("soak.cjs: --mix is all or status");
    if (!["stdio", "http"].includes(o.transport) || !o.grex || !o.workspace || !o.out)
        throw new Error("usage: node soak.cjs --transport stdio|http --grex PATH --workspace DIR --out FILE");
    if (!(o.calls > o.warmup && o.warmup > 0 && o.early > 0 && o.every > 0 && o.inFlight >= 1))
        throw new Error("soak.cjs: need --calls > --warmup > 0, --early > 0, --every > 0, --in-flight >= 1");
    return o;
}

// ---- what each call must answer --------------------------------------------------------------

// The workspace (made by run.sh): packs r001..r010, r002 with a changed tracked file, r003 one
// local commit ahead of origin/main, r004 an untracked file; everything else clean. With the
// mixed layout, --packs counts the partial and shallow clones and the superproject too.
const OPTIONS = parseArgs(process.argv.slice(2));
const PACKS = OPTIONS.packs;
const DRIFT = { r002: "dirty", r003: "ahead" };
const SHA = /^[0-9a-f]{40}\n$/;

function fail(message) {
    throw new Error(message);
}

function textOf(result) {
    const item = result.content && result.content[0];
    if (!item || item.type !== "text") fail("no text content");
    return JSON.parse(item.text);
}

function expectOk(check) {
    return (result) => {
        if (result.isError) fail(`isError: ${result.content[0].text.slice(0, 300)}`);
        check(textOf(result));
    };
}

function expectToolError(code, kind, reason) {
    return (result) => {
        if (!result.isError) fail("expected isError, got a result");
        const error = textOf(result);
        if (error.code !== code || error.data.kind !== kind || error.data.reason !== reason)
            fail(`expected ${code}/${kind}/${reason}, got ${error.code}/${error.data.kind}/${error.data.reason}`);
    };
}

function checkStatus(packs) {
    if (!Array.isArray(packs) || packs.length !== PACKS) fail(`status: ${packs.length} packs`);
    for (const pack of packs) {
        const want = DRIFT[pack.id] || "clean";
        if (pack.drift !== want)
            fail(`status: ${pack.id} is ${pack.drift}, expected ${want}: ${JSON.stringify(pack)}`);
    }
}

function checkLs(count) {
    return (packs) => {
        if (!Array.isArray(packs) || packs.length !== count) fail(`ls: ${packs.length} packs, expected ${count}`);
        if (packs.some((p) => !p.on_disk)) fail("ls: a pack is not on disk");
    };
}

function checkExec(count) {
    return (rows) => {
        if (!Array.isArray(rows) || rows.length !== count) fail(`exec: ${rows.length} rows, expected ${count}`);
        for (const row of rows)
            if (row.exit !== 0 || !SHA.test(row.stdout)) fail(`exec: ${row.pack} exit ${row.exit} ${JSON.stringify(row.stdout)}`);
    };
}

function checkSync(dryRun) {
    return (report) => {
        if (report.verb !== "sync" || report.dry_run !== dryRun || !Array.isArray(report.steps))
            fail("sync: not a sync report");
        if (report.steps.some((s) => s.result === "err" || s.result === "failed"))
            fail(`sync: a step failed: ${JSON.stringify(report.steps.find((s) => s.result === "err" || s.result === "failed"))}`);
    };
}

function checkDoctor(report) {
    if (report.worst_severity !== "ok")
        fail(`doctor: ${report.worst_severity}: ${JSON.stringify(report.findings.filter((f) => f.severity !== "ok"))}`);
}

// A JSON-RPC error the SDK turns into an exception (McpError with .code and .data).
function rpcError(code, reason) {
    return { code, reason };
}

// One cycle of 20 calls; the soak repeats it. "writes" marks the call that takes the
// workspace's sync lock (a real sync): when another one is in flight, lock/workspace_busy is
// also a right answer.
const ALL_MIX = [
    { tool: "status", args: {}, check: expectOk(checkStatus) },
    { tool: "ls", args: {}, check: expectOk(checkLs(PACKS)) },
    { tool: "sync", args: { dryRun: true }, check: expectOk(checkSync(true)) },
    { tool: "exec", args: { cmd: ["git", "rev-parse", "HEAD"] }, check: expectOk(checkExec(PACKS)) },
    { tool: "ls", args: { filter: "name~r001" }, error: rpcError(-32602, "invalid_filter") },
    { tool: "status", args: {}, check: expectOk(checkStatus) },
    { tool: "doctor", args: {}, check: expectOk(checkDoctor) },
    { tool: "ls", args: { filter: "name=r00[1-3]" }, check: expectOk(checkLs(3)) },
    { tool: "sync", args: {}, writes: true, check: expectOk(checkSync(false)) },
    { tool: "status", args: { failOnDrift: true }, check: expectToolError(-32004, "drift", "drift_found") },
    { tool: "update", args: { dryRun: true }, check: expectOk((r) => (Array.isArray(r) && r.length === PACKS) || fail("update: not one row per pack")) },
    { tool: "exec", args: { cmd: ["git", "rev-parse", "HEAD"], filter: "name=r00[1-3]" }, check: expectOk(checkExec(3)) },
    { tool: "update", args: { pack: "no-such-pack", dryRun: true }, error: rpcError(-32602, "unknown_pack") },
    { tool: "ls", args: {}, check: expectOk(checkLs(PACKS)) },
    { tool: "exec", args: { cmd: ["git", "rev-parse", "--verify", "-q", "refs/heads/no-such-branch"] }, check: expectToolError(-32002, "pack_op", "exec_failed") },
    { tool: "status", args: {}, check: expectOk(checkStatus) },
    { tool: "sync", args: { dryRun: true }, check: expectOk(checkSync(true)) },
    { tool: "no-such-tool", args: {}, error: rpcError(-32602, undefined) },
    { tool: "ls", args: { long: true }, check: expectOk(checkLs(PACKS)) },
    { tool: "exec", args: { cmd: ["git", "status", "--porcelain"], filter: "name=r002" }, check: expectOk((rows) => (rows.length === 1 && rows[0].exit === 0 && rows[0].stdout.length > 0) || fail("exec: r002 not dirty")) },
];

// --mix status: nothing but status, the call an agent or the window repeats most.
const MIX = OPTIONS.mix === "status" ? [{ tool: "status", args: {}, check: expectOk(checkStatus) }]
                                     : ALL_MIX;

// ---- the server --------------------------------------------------------------------------------

class StderrTail {
    constructor(file) {
        this.lines = [];
        this.partial = "";
        this.file = file ? fs.createWriteStream(file) : null;
    }
    feed(chunk) {
        if (this.file) this.file.write(chunk);
        const text = this.partial + chunk.toString("utf8");
        const lines = text.split("\n");
        this.partial = lines.pop();
        this.lines.push(...lines);
        if (this.lines.length > 50) this.lines.splice(0, this.lines.length - 50);
    }
}

async function connectStdio(o, client, tail) {
    const transport = new StdioClientTransport({
        command: o.grex,
        args: ["serve", "--approve-destructive"],
        cwd: o.workspace,
        env: { ...process.env },
        stderr: "pipe",
    });
    transport.stderr.on("data", (chunk) => tail.feed(chunk));
    await client.connect(transport);
    return { transport, pid: transport.pid, session: null, stop: async () => client.close() };
}

async function connectHttp(o, client, tail) {
    const token = crypto.randomBytes(24).toString("hex");
    const server = spawn(o.grex, ["serve", "--http", "127.0.0.1:0", "--token", token, "--approve-destructive"],
                         { cwd: o.workspace, stdio: ["ignore", "ignore", "pipe"] });
    const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
    const url = await new Promise((resolve, reject) => {
        let seen = "";
        const timer = setTimeout(() => reject(new Error("grex serve --http did not log its URL in 20 s")), 20000);
        server.stderr.on("data", (chunk) => {
            tail.feed(chunk);
            seen += chunk.toString("utf8");
            const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
            if (match) {
                clearTimeout(timer);
                resolve(match[1]);
            }
        });
        server.on("exit", () => reject(new Error(`grex serve --http exited: ${tail.lines.join("\n")}`)));
    });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    const stop = async () => {
        await transport.terminateSession(); // DELETE: the session ends on the server too
        await client.close();
        server.kill("SIGTERM");
        const how = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 30000))]);
        if (!how) {
            server.kill("SIGKILL");
            fail("grex serve --http did not stop within 30 s of SIGTERM");
        }
    };
    return { transport, pid: server.pid, session: transport.sessionId, url, stop };
}

// ---- measuring ---------------------------------------------------------------------------------

function memory(pid) {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field) => {
        const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
        if (!match) fail(`no ${field} in /proc/${pid}/status`);
        return Number(match[1]);
    };
    const threads = Number(/^Threads:\s+(\d+)/m.exec(status)[1]);
    return { rss_kb: kb("VmRSS"), hwm_kb: kb("VmHWM"), anon_kb: kb("RssAnon"), file_kb: kb("RssFile"),
             threads, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
}

function percentile(sorted, q) {
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

// The SDK's HTTP client passes one AbortSignal to every fetch of a session, and undici adds an
// abort listener to it per request that only garbage collection removes: thousands of calls
// keep it near undici's limit and Node warns at each one. That is the client's business, not
// the server's: counted and reported once instead of printed thousands of times.
let clientListenerWarnings = 0;
process.removeAllListeners("warning");
process.on("warning", (warning) => {
    if (warning.name === "MaxListenersExceededWarning") clientListenerWarnings++;
    else process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

async function main() {
    const o = OPTIONS;
    const tail = new StderrTail(o.stderr);
    const client = new Client({ name: "grex-soak", version: "1" }, { capabilities: {} });
    const transportErrors = [];
    client.onerror = (error) => transportErrors.push(String(error && error.message ? error.message : error));
    const started = Date.now();
    const server = o.transport === "stdio" ? await connectStdio(o, client, tail) : await connectHttp(o, client, tail);
    const comm = fs.readFileSync(`/proc/${server.pid}/comm`, "utf8").trim();
    if (comm !== "grex") fail(`pid ${server.pid} is ${comm}, not grex`);
    const info = client.getServerVersion();

    const outcomes = {}; // "tool: outcome" -> count
    const latencies = {}; // tool -> [ms]
    const unexpected = []; // the first 20, for the report
    let unexpectedCount = 0;
    const bump = (key) => (outcomes[key] = (outcomes[key] || 0) + 1);
    let writesInFlight = 0;

    async function one(index) {
        const entry = MIX[index % MIX.length];
        const contended = entry.writes && writesInFlight > 0;
        if (entry.writes) writesInFlight++;
        const t0 = process.hrtime.bigint();
        let outcome;
        try {
            const result = await client.callTool({ name: entry.tool, arguments: entry.args }, undefined, { timeout: 120000 });
            if (contended && result.isError && /"reason":"workspace_busy"/.test(result.content[0].text)) {
                outcome = "lock busy (another sync in flight)";
            } else {
                if (entry.error) fail(`expected JSON-RPC error ${entry.error.code}, got a result`);
                entry.check(result);
                outcome = result.isError ? "isError as expected" : "ok";
            }
        } catch (error) {
            const reason = error && error.data && error.data.reason;
            if (entry.error && error && error.code === entry.error.code &&
                (entry.error.reason === undefined || reason === entry.error.reason)) {
                outcome = `JSON-RPC ${error.code} as expected`;
            } else {
                outcome = "UNEXPECTED";
                if (unexpectedCount++ < 20)
                    unexpected.push({ call: index, tool: entry.tool, args: entry.args, error: String(error && error.message ? error.message : error).slice(0, 500) });
            }
        } finally {
            if (entry.writes) writesInFlight--;
        }
        (latencies[entry.tool] = latencies[entry.tool] || []).push(Number(process.hrtime.bigint() - t0) / 1e6);
        bump(`${entry.tool}: ${outcome}`);
    }

    // Calls from..to-1 with up to inFlight outstanding; resolves when all have answered.
    async function stretch(from, to) {
        let next = from;
        const worker = async () => {
            while (next < to) await one(next++);
        };
        await Promise.all(Array.from({ length: Math.min(o.inFlight, to - from) }, worker));
    }

    const checkpoints = [];
    const mark = (calls) => checkpoints.push({ calls, seconds: (Date.now() - started) / 1000, ...memory(server.pid) });
    const marks = new Set([o.early, o.warmup, o.calls]);
    for (let c = o.every; c < o.calls; c += o.every) marks.add(c);
    const ends = [...marks].filter((c) => c <= o.calls).sort((a, b) => a - b);
    let done = 0;
    mark(0);
    for (const end of ends) {
        await stretch(done, end);
        done = end;
        mark(end);
        const last = checkpoints[checkpoints.length - 1];
        process.stderr.write(`soak ${o.transport}: ${end} calls, RSS ${(last.rss_kb / 1024).toFixed(1)} MB, ` +
                             `${unexpectedCount} unexpected\n`);
    }
    const sessionAfter = server.transport.sessionId || null;
    const seconds = (Date.now() - started) / 1000;
    // Closing aborts the session's open streams; what the transport reports from here on is
    // the shutdown's, kept apart.
    const shutdownErrors = [];
    client.onerror = (error) => shutdownErrors.push(String(error && error.message ? error.message : error));
    await server.stop();

    const start = checkpoints.find((c) => c.calls === o.warmup);
    const early = checkpoints.find((c) => c.calls === o.early);
    const end = checkpoints[checkpoints.length - 1];
    const growth = (100 * (end.rss_kb - start.rss_kb)) / start.rss_kb;
    const growthFromEarly = (100 * (end.rss_kb - early.rss_kb)) / early.rss_kb;
    const failures = [];
    if (growth >= o.maxGrowth)
        failures.push(`RSS grew ${growth.toFixed(2)} % (${start.rss_kb} -> ${end.rss_kb} kB), limit ${o.maxGrowth} %`);
    if (unexpectedCount) failures.push(`${unexpectedCount} unexpected answers`);
    if (transportErrors.length) failures.push(`${transportErrors.length} transport errors`);
    if ((server.session || null) !== sessionAfter) failures.push(`the session changed: ${server.session} -> ${sessionAfter}`);
    const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
    if (total !== o.calls) failures.push(`${total} calls answered of ${o.calls}`);

    const perTool = {};
    for (const [tool, ms] of Object.entries(latencies)) {
        ms.sort((a, b) => a - b);
        perTool[tool] = { calls: ms.length, p50_ms: percentile(ms, 0.5), p99_ms: percentile(ms, 0.99), max_ms: ms[ms.length - 1] };
    }
    const doc = {
        transport: o.transport,
        server: info,
        grex: o.grex,
        workspace: o.workspace,
        calls: o.calls,
        warmup_calls: o.warmup,
        early_calls: o.early,
        in_flight: o.inFlight,
        session: server.session || null,
        seconds,
        calls_per_s: o.calls / seconds,
        rss_start_kb: start.rss_kb,
        rss_end_kb: end.rss_kb,
        hwm_end_kb: end.hwm_kb,
        growth_percent: growth,
        rss_early_kb: early.rss_kb,
        growth_from_early_percent: growthFromEarly,
        max_growth_percent: o.maxGrowth,
        checkpoints,
        outcomes,
        per_tool: perTool,
        unexpected_count: unexpectedCount,
        unexpected,
        transport_errors: transportErrors.slice(0, 20),
        shutdown_transport_errors: shutdownErrors.slice(0, 20),
        client_max_listeners_warnings: clientListenerWarnings,
        server_stderr_tail: tail.lines.slice(-20),
        failures,
        passed: failures.length === 0,
    };
    fs.writeFileSync(o.out, JSON.stringify(doc, null, 1) + "\n");
    process.stderr.write(`soak ${o.transport}: ${o.calls} calls in ${seconds.toFixed(1)} s, RSS ${start.rss_kb} -> ${end.rss_kb} kB ` +
                         `(${growth >= 0 ? "+" : ""}${growth.toFixed(2)} % from call ${o.warmup}, ` +
                         `${growthFromEarly >= 0 ? "+" : ""}${growthFromEarly.toFixed(2)} % from call ${o.early}), HWM ${end.hwm_kb} kB: ` +
                         `${failures.length ? "FAILED: " + failures.join("; ") : "passed"}\n`);
    return failures.length ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(2);
});
