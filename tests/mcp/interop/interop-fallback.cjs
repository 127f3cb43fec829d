// What clients do when they are unsure of the server's era or transport:
//   - Claude Code sends `initialize` even after `server/discover` answered, over stdio and over
//     HTTP, where it goes on naming the discovered revision in MCP-Protocol-Version;
//   - VS Code falls back to the HTTP+SSE transport of 2024-11-05 (the official v1 SDK's
//     SSEClientTransport, the transport such a fallback ends on).
//
//   node interop-fallback.cjs <grex binary> <workspace>
//
// The workspace holds the packs alpha and beta. Prints one line per check; exits 1 at the first
// failure.
"use strict";

const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
const { ok, runChecks, runtimeDir, startHttpServer } = require("./serve.cjs");
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { SSEClientTransport } = require("@modelcontextprotocol/sdk/client/sse.js");
const { ElicitRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const [grex, workspace] = process.argv.slice(2);
if (!grex || !workspace) {
    console.error("usage: node interop-fallback.cjs <grex binary> <workspace>");
    process.exit(2);
}
const MODERN = "2026-07-28";
const env = { ...process.env, XDG_RUNTIME_DIR: runtimeDir("grex-fb-") };

function discoverParams(name) {
    return {
        _meta: {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": { name, version: "2.0.0" },
            "io.modelcontextprotocol/clientCapabilities": {},
        },
    };
}

function initializeParams(name) {
    return { protocolVersion: "2025-11-25", capabilities: {},
             clientInfo: { name, version: "2.0.0" } };
}

// server/discover, then initialize anyway, then a tool call, as lines on grex serve's stdin.
async function discoverThenInitializeOverStdio() {
    const child = spawn(grex, ["serve"], { cwd: workspace, env, stdio: ["pipe", "pipe", "pipe"] });
    const lines = readline.createInterface({ input: child.stdout });
    const answers = new Map();
    const waiters = new Map();
    lines.on("line", (line) => {
        const message = JSON.parse(line);
        if (message.id === undefined)
            return;
        answers.set(message.id, message);
        const wake = waiters.get(message.id);
        if (wake)
            wake();
    });
    const ask = (message) => {
        child.stdin.write(JSON.stringify(message) + "\n");
        return new Promise((resolve) => {
            const done = () => resolve(answers.get(message.id));
            if (answers.has(message.id))
                done();
            else
                waiters.set(message.id, done);
        });
    };
    try {
        const discovered = await ask({ jsonrpc: "2.0", id: 1, method: "server/discover",
                                       params: discoverParams("claude-code") });
        assert.ok(discovered.result.supportedVersions.includes(MODERN), JSON.stringify(discovered));
        const initialized = await ask({ jsonrpc: "2.0", id: 2, method: "initialize",
                                        params: initializeParams("claude-code") });
        assert.equal(initialized.result.protocolVersion, "2025-11-25", JSON.stringify(initialized));
        child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })
                          + "\n");
        const listed = await ask({ jsonrpc: "2.0", id: 3, method: "tools/call",
                                   params: { name: "ls", arguments: {} } });
        assert.equal(listed.result.isError, false, JSON.stringify(listed));
        assert.deepEqual(JSON.parse(listed.result.content[0].text).map((p) => p.id).sort(),
                         ["alpha", "beta"]);
        ok("stdio: server/discover, then initialize anyway, then ls");
    } finally {
        child.stdin.end();
        await new Promise((resolve) => child.on("exit", resolve));
    }
}

async function post(url, body, headers) {
    const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json",
                   Accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(body),
    });
    const text = await response.text();
    // A call answers as an event stream: its last data line is the response.
    const data = text.split("\n").filter((l) => l.startsWith("data: ") && l.length > 6);
    const json = data.length ? data[data.length - 1].slice(6) : text;
    return { status: response.status, headers: response.headers, json: json ? JSON.parse(json) : null };
}

async function discoverThenInitializeOverHttp(url) {
    const modern = { "MCP-Protocol-Version": MODERN };
    const discovered = await post(url, { jsonrpc: "2.0", id: 1, method: "server/discover",
                                         params: discoverParams("claude-code") },
                                  { ...modern, "Mcp-Method": "server/discover" });
    assert.equal(discovered.status, 200);
    const initialized = await post(url, { jsonrpc: "2.0", id: 2, method: "initialize",
                                          params: initializeParams("claude-code") }, modern);
    assert.equal(initialized.status, 200, JSON.stringify(initialized.json));
    const session = initialized.headers.get("mcp-session-id");
    assert.ok(session, "initialize opened a session");
    const inSession = { ...modern, "Mcp-Session-Id": session };
    const notified = await post(url, { jsonrpc: "2.0", method: "notifications/initialized" },
                                inSession);
    assert.equal(notified.status, 202);
    const listed = await post(url, { jsonrpc: "2.0", id: 3, method: "tools/call",
                                     params: { name: "ls", arguments: {} } }, inSession);
    assert.equal(listed.status, 200);
    assert.equal(listed.json.result.isError, false, JSON.stringify(listed.json));
    ok("http: server/discover, then initialize naming 2026-07-28 in its header, then ls");
}

async function legacySse(url, server) {
    const connect = async (name, capabilities) => {
        const client = new Client({ name, version: "1.0.0" }, { capabilities });
        await client.connect(new SSEClientTransport(url));
        return client;
    };
    const plain = await connect("vscode-fallback", {});
    const tools = await plain.listTools();
    assert.ok(tools.tools.some((t) => t.name === "status"));
    const status = await plain.callTool({ name: "status", arguments: {} });
    assert.equal(status.isError, false);
    assert.deepEqual(JSON.parse(status.content[0].text).map((p) => p.id).sort(),
                     ["alpha", "beta"]);
    ok(`legacy HTTP+SSE: initialize, ${tools.tools.length} tools, status`);

    // A second client on its own stream; its exec asks it by elicitation over that stream.
    const asker = await connect("vscode-fallback-2", { elicitation: {} });
    let asked = "";
    asker.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked = request.params.message;
        return { action: "accept", content: { confirm: true } };
    });
    const exec = await asker.callTool({ name: "exec",
                                        arguments: { cmd: ["touch", "fallback-marker"] } });
    assert.equal(exec.isError, false, JSON.stringify(exec));
    assert.match(asked, /exec/);
    assert.ok(fs.existsSync(path.join(workspace, "alpha", "fallback-marker")));
    const refused = await plain.callTool({ name: "exec", arguments: { cmd: ["true"] } });
    assert.equal(refused.isError, true);
    ok("legacy HTTP+SSE: two clients; exec approved by elicitation on one, refused on the other");

    // A legacy session answers on its stream only: its id as an Mcp-Session-Id is not found,
    // nor is a made-up id on the legacy path.
    const stream = await fetch(url, { headers: { Accept: "text/event-stream" } });
    const reader = stream.body.getReader();
    let head = "";
    while (!head.includes("\n\n"))
        head += new TextDecoder().decode((await reader.read()).value);
    const endpoint = /data: (\S+)/.exec(head)[1];
    const legacyId = new URL(endpoint, url).searchParams.get("sessionId");
    assert.equal(legacyId.length, 32);
    const crossed = await post(url, { jsonrpc: "2.0", id: 9, method: "ping" },
                               { "Mcp-Session-Id": legacyId });
    assert.equal(crossed.status, 404);
    const madeUp = await fetch(new URL("/mcp?sessionId=nope", url), {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    assert.equal(madeUp.status, 404);
    await reader.cancel();
    ok("legacy HTTP+SSE: its session is not reachable as a streamable one, nor a made-up one");

    await plain.close();
    await asker.close();
    const deadline = Date.now() + 10000;
    while ((server.log().match(/MCP session \S+ ended/g) || []).length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok((server.log().match(/MCP session \S+ ended/g) || []).length >= 3, server.log());
    ok("legacy HTTP+SSE: each session ends with its stream");
}

async function main() {
    await discoverThenInitializeOverStdio();
    const server = await startHttpServer(grex, workspace, env);
    try {
        await discoverThenInitializeOverHttp(server.url);
        await legacySse(server.url, server);
        assert.equal(server.out(), "", "nothing on stdout");
    } finally {
        server.child.kill("SIGTERM");
    }
}

runChecks(main);
