// Round-trip latency and throughput of an MCP server over one stdio session.
//
//   node latency.cjs --name NAME --calls N [--cwd DIR] [--methods ping,tools/list,ls]
//                    [--era 2025|2026] -- <server command> [args...]
//
// --era 2025 (the default) opens with initialize (2025-06-18); --era 2026 sends no handshake and
// puts the 2026-07-28 envelope in every request's _meta, as a client of that revision does (ping
// is gone there: server/discover is the cheapest call).
//
// Two clients measure the same server, each on its own session:
//   raw  a minimal line client: writes one JSON-RPC request, waits for the line that answers it
//        and parses it. This is the server's own latency plus one pipe round trip and a parse.
//   sdk  the official TypeScript SDK client, as agents use it: v1 (@modelcontextprotocol/sdk)
//        for 2025, v2 (@modelcontextprotocol/client) pinned to 2026-07-28 for 2026, with its
//        tool-list cache bypassed; adds the SDK's schema validation of every result.
// Each method gets a warm-up, then N sequential calls (p50, p99, mean, calls per second), then
// N calls with 16 in flight (pipelined calls per second, raw client only).
// A method is ping, tools/list, or a tool name (called with no arguments).
// Prints one JSON document on stdout: {name, server, rows: [{client, method, ...}]}.
"use strict";

const { spawn } = require("node:child_process");
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

function parseArgs(argv) {
    const options = { calls: 2000, methods: ["ping", "tools/list"], cwd: process.cwd(),
                      era: "2025" };
    let i = 0;
    for (; i < argv.length && argv[i] !== "--"; i += 2) {
        const [key, value] = [argv[i], argv[i + 1]];
        if (key === "--name") options.name = value;
        else if (key === "--calls") options.calls = Number(value);
        else if (key === "--cwd") options.cwd = value;
        else if (key === "--methods") options.methods = value.split(",");
        else if (key === "--era") options.era = value;
        else throw new Error(`latency.cjs: unknown option ${key}`);
    }
    options.command = argv.slice(i + 1);
    if (!options.name || options.command.length === 0 || !(options.calls > 0))
        throw new Error("usage: node latency.cjs --name NAME --calls N -- <server command>");
    return options;
}

const ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "grex-bench", version: "1" },
};

function requestFor(method) {
    if (method === "ping" || method === "tools/list" || method === "server/discover")
        return { method, params: {} };
    return { method: "tools/call", params: { name: method, arguments: {} } };
}

function summary(samplesNs) {
    const ms = samplesNs.map((n) => Number(n) / 1e6).sort((a, b) => a - b);
    const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
    const total = ms.reduce((a, b) => a + b, 0);
    return {
        calls: ms.length,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        mean_ms: total / ms.length,
        sequential_calls_per_s: ms.length / (total / 1000),
    };
}

// The raw line client.
class RawSession {
    constructor(command, cwd, era) {
        this.era = era;
        this.child = spawn(command[0], command.slice(1), { cwd, stdio: ["pipe", "pipe", "ignore"] });
        this.nextId = 1;
        this.waiting = new Map();
        this.bytes = 0;
        // Lines split on the bytes and decoded once each (readline's string joins cost more
        // than the server's work on a 100 KB reply).
        let pending = Buffer.alloc(0);
        this.child.stdout.on("data", (chunk) => {
            pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
            let newline;
            while ((newline = pending.indexOf(10)) >= 0) {
                const line = pending.subarray(0, newline);
                pending = pending.subarray(newline + 1);
                this.bytes += line.length + 1;
                const message = JSON.parse(line.toString("utf8"));
                const resolve = message.id !== undefined && this.waiting.get(message.id);
                if (resolve) {
                    this.waiting.delete(message.id);
                    resolve(message);
                }
            }
        });
    }

    call(method, params) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.waiting.set(id, (message) =>
                message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message));
            const sent = this.era === "2026" ? { ...params, _meta: ENVELOPE } : params;
            this.child.stdin.write(
                JSON.stringify({ jsonrpc: "2.0", id, method, params: sent }) + "\n");
        });
    }

    async start() {
        if (this.era === "2026") {
            const found = await this.call("server/discover", {});
            return found.result._meta["io.modelcontextprotocol/serverInfo"];
        }
        const init = await this.call("initialize", {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "grex-bench", version: "1" },
        });
        this.child.stdin.write(
            JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
        return init.result.serverInfo;
    }

    close() {
        this.child.stdin.end();
        this.child.kill();
    }
}

async function measureRaw(options, rows) {
    const session = new RawSession(options.command, options.cwd, options.era);
    const server = await session.start();
    for (const method of options.methods) {
        const { method: rpc, params } = requestFor(method);
        const warmup = Math.min(200, options.calls);
        for (let i = 0; i < warmup; i++)
            await session.call(rpc, params);
        const samples = [];
        const before = session.bytes;
        for (let i = 0; i < options.calls; i++) {
            const start = process.hrtime.bigint();
            const reply = await session.call(rpc, params);
            samples.push(process.hrtime.bigint() - start);
            if (reply.result && reply.result.isError)
                throw new Error(`${method}: ${JSON.stringify(reply.result.content)}`);
        }
        const replyBytes = Math.round((session.bytes - before) / options.calls);
        // Pipelined: up to 16 requests in flight on the one session.
        const started = process.hrtime.bigint();
        let sent = 0;
        const worker = async () => {
            while (sent < options.calls) {
                sent++;
                await session.call(rpc, params);
            }
        };
        await Promise.all(Array.from({ length: 16 }, worker));
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        rows.push({ client: "raw", method, reply_bytes: replyBytes, ...summary(samples),
                    pipelined_calls_per_s: options.calls / seconds });
    }
    session.close();
    return server;
}

async function measureSdk(options, rows) {
    const modern = options.era === "2026";
    const sdk = modern
        ? { Client: require("@modelcontextprotocol/client").Client,
            Stdio: require("@modelcontextprotocol/client/stdio").StdioClientTransport }
        : { Client, Stdio: StdioClientTransport };
    const transport = new sdk.Stdio({
        command: options.command[0],
        args: options.command.slice(1),
        cwd: options.cwd,
        stderr: "ignore",
    });
    const client = new sdk.Client({ name: "grex-bench-sdk", version: "1" }, modern
        ? { capabilities: {}, versionNegotiation: { mode: { pin: "2026-07-28" } } }
        : { capabilities: {} });
    await client.connect(transport);
    const call = (method) => {
        if (method === "ping") return client.ping();
        if (method === "tools/list")
            return modern ? client.listTools(undefined, { cacheMode: "refresh" }) : client.listTools();
        return client.callTool({ name: method, arguments: {} });
    };
    for (const method of options.methods) {
        if (method === "server/discover")
            continue; // the v2 client discovers once, when it connects

        for (let i = 0; i < Math.min(200, options.calls); i++)
            await call(method);
        const samples = [];
        for (let i = 0; i < options.calls; i++) {
            const start = process.hrtime.bigint();
            await call(method);
            samples.push(process.hrtime.bigint() - start);
        }
        rows.push({ client: "sdk", method, ...summary(samples) });
    }
    await client.close();
}

async function main() {
    const options = parseArgs(process.argv.slice(2));
    const rows = [];
    const server = await measureRaw(options, rows);
    await measureSdk(options, rows);
    process.stdout.write(
        JSON.stringify({ name: options.name, era: options.era, server, rows }, null, 1) + "\n");
}

main().then(() => process.exit(0), (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(1);
});
