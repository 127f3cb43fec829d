// Drives a real `grex serve` with the official MCP TypeScript SDK client.
//
//   node interop.cjs <grex binary> <workspace>
//
// The workspace holds the packs alpha and beta (installed) and sleeper, whose install action
// runs `sleep 4217` (so a sync that reaches it lasts until it is cancelled). NODE_PATH points at
// the node_modules the interop test installed into the build tree. Prints one line per check
// and exits 1 at the first failure.
"use strict";

const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { ElicitRequestSchema, McpError } = require("@modelcontextprotocol/sdk/types.js");

const [grex, workspace] = process.argv.slice(2);
if (!grex || !workspace) {
    console.error("usage: node interop.cjs <grex binary> <workspace>");
    process.exit(2);
}

// The tools and the destructive ones, as the verb registry of the grex under test lists them
// (tst_mcpinterop passes them), so that a new verb changes no line here.
const EXPECTED_TOOLS = (process.env.GREX_TEST_TOOLS || "").split(",").filter(Boolean);
const DESTRUCTIVE = (process.env.GREX_TEST_DESTRUCTIVE || "").split(",").filter(Boolean);
const READ_ONLY = (process.env.GREX_TEST_READONLY || "").split(",").filter(Boolean);
if (EXPECTED_TOOLS.length === 0) {
    console.error("GREX_TEST_TOOLS names no tool");
    process.exit(2);
}

function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

// Polls until check() is true; fails with what after the deadline.
async function eventually(what, check, ms = 20000) {
    const deadline = Date.now() + ms;
    for (;;) {
        if (await check())
            return;
        if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}`);
        await sleep(25);
    }
}

// Process ids whose command line is exactly `sleep 4217` (the sleeper pack's install action).
function sleeperPids() {
    const pids = [];
    for (const entry of fs.readdirSync("/proc")) {
        if (!/^\d+$/.test(entry))
            continue;
        try {
            const argv = fs.readFileSync(`/proc/${entry}/cmdline`, "latin1").split("\0");
            if (path.basename(argv[0]) === "sleep" && argv[1] === "4217")
                pids.push(Number(entry));
        } catch {
            // the process ended while we looked
        }
    }
    return pids;
}

// The document a tool result carries as text, parsed.
function documentOf(result) {
    assert.equal(result.content.length, 1, "one content block");
    assert.equal(result.content[0].type, "text");
    return JSON.parse(result.content[0].text);
}

// `grex <args> --json` in the workspace, parsed (the CLI side of the parity check).
function cliJson(args) {
    const run = spawnSync(grex, [...args, "--json"], { cwd: workspace, encoding: "utf8" });
    assert.ok(run.stdout.length > 0, `grex ${args.join(" ")} --json printed nothing: ${run.stderr}`);
    return JSON.parse(run.stdout);
}

// A connected client; seen collects every message the server sent.
async function connect(name, capabilities, seen) {
    const transport = new StdioClientTransport({
        command: grex,
        args: ["serve"],
        cwd: workspace,
        env: process.env,
        stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk) => { stderr += chunk; });
    // The SDK chains a handler set before connect(), so this sees every frame.
    transport.onmessage = (message) => seen?.push(message);
    const sent = [];
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
        sent.push(message);
        return send(message, options);
    };
    const client = new Client({ name, version: "1.0.0" }, { capabilities });
    await client.connect(transport);
    client.serverStderr = () => stderr;
    client.sent = sent;
    return client;
}

let step = 0;
async function check(what, body) {
    step += 1;
    try {
        await body();
        console.log(`ok ${step} - ${what}`);
    } catch (error) {
        console.log(`not ok ${step} - ${what}`);
        console.log(error && error.stack ? error.stack : String(error));
        process.exitCode = 1;
        throw error;
    }
}

async function main() {
    const seen = [];
    const client = await connect("grex-interop", {}, seen);

    await check("initialize: server info and capabilities", async () => {
        assert.equal(client.getServerVersion().name, "grex");
        const caps = client.getServerCapabilities();
        assert.ok(caps.tools, "tools capability");
        assert.ok(caps.resources, "resources capability");
        assert.ok(caps.logging, "logging capability");
        const init = seen.find((m) => m.result && m.result.protocolVersion);
        assert.equal(init.result.protocolVersion, "2025-11-25");
    });

    let tools = [];
    await check(`tools/list: the ${EXPECTED_TOOLS.length} tools with schemas and annotations`, async () => {
        tools = (await client.listTools()).tools;
        assert.deepEqual(tools.map((t) => t.name).sort(), EXPECTED_TOOLS);
        for (const tool of tools) {
            assert.ok(tool.title && tool.description, `${tool.name}: title and description`);
            assert.equal(tool.inputSchema.type, "object", `${tool.name}: inputSchema`);
            assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
            for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint",
                                "openWorldHint"]) {
                assert.equal(typeof tool.annotations[hint], "boolean", `${tool.name}.${hint}`);
            }
            assert.equal(tool.annotations.destructiveHint, DESTRUCTIVE.includes(tool.name),
                         `${tool.name}: destructiveHint`);
        }
        const exec = tools.find((t) => t.name === "exec");
        assert.ok(!("shell" in exec.inputSchema.properties), "exec has no shell property");
    });

    await check("ping", async () => {
        assert.deepEqual(await client.ping(), {});
    });

    const readOnly = () => tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name);
    await check("the read-only tools are those the registry marks read-only", async () => {
        assert.deepEqual(readOnly().sort(), [...READ_ONLY].sort());
    });

    for (const name of ["ls", "status", "doctor"]) {
        await check(`${name}: the same document as grex ${name} --json`, async () => {
            const result = await client.callTool({ name, arguments: {} });
            assert.ok(!result.isError, JSON.stringify(result.content));
            const document = documentOf(result);
            assert.deepEqual(document, cliJson([name]));
            if (!Array.isArray(document))
                assert.deepEqual(result.structuredContent, document);
        });
    }

    await check("status with a filter: only the matching packs", async () => {
        const result = await client.callTool({ name: "status", arguments: { filter: "name=a*" } });
        assert.deepEqual(documentOf(result).map((p) => p.id), ["alpha"]);
    });

    await check("a bad filter is an error naming the problem", async () => {
        await assert.rejects(
            client.callTool({ name: "status", arguments: { filter: "colour=red" } }),
            (e) => e instanceof McpError && e.code === -32602 && /colour/.test(e.message));
    });

    await check("resources: list and read the manifest", async () => {
        const { resources } = await client.listResources();
        const uris = resources.map((r) => r.uri);
        assert.ok(uris.includes("grex://workspace/manifest"), uris.join(" "));
        const read = await client.readResource({ uri: "grex://workspace/manifest" });
        assert.deepEqual(JSON.parse(read.contents[0].text), cliJson(["ls"]));
    });

    await check("a sync with progress notifications", async () => {
        const progress = [];
        const result = await client.callTool(
            { name: "sync", arguments: { filter: "name!=sleeper" } }, undefined,
            { onprogress: (p) => progress.push(p) });
        assert.ok(!result.isError, JSON.stringify(result.content));
        const document = documentOf(result);
        assert.deepEqual(result.structuredContent, document);
        const outcomes = Object.fromEntries(document.packs.map((p) => [p.id, p.result]));
        for (const pack of ["alpha", "beta"]) // installed already: skipped by hash match
            assert.ok(["ok", "skipped"].includes(outcomes[pack]), `${pack}: ${outcomes[pack]}`);
        assert.equal(outcomes.sleeper, "filtered");
        assert.ok(progress.length >= 2, `${progress.length} progress notification(s)`);
        for (let i = 1; i < progress.length; i++)
            assert.ok(progress[i].progress > progress[i - 1].progress, "progress increases");
        console.log(`# ${progress.length} progress notifications, last ${
            JSON.stringify(progress[progress.length - 1])}`);
    });

    await check("a cancelled sync stops, kills its child and gets no reply", async () => {
        const abort = new AbortController();
        const before = seen.length;
        const call = client.callTool({ name: "sync", arguments: {} }, undefined,
                                     { signal: abort.signal, onprogress: () => {} });
        call.catch(() => {});
        await eventually("the sleeper's install action to start", () => sleeperPids().length > 0,
                         60000);
        const requestId = client.sent.filter((m) => m.method === "tools/call").pop().id;
        const cancelledAt = Date.now();
        abort.abort("interop test cancels the sync");
        await assert.rejects(call);
        await eventually("sleep 4217 to be killed", () => sleeperPids().length === 0, 10000);
        const killedAfter = Date.now() - cancelledAt;
        // The workspace lock is free again: a mutating call is admitted.
        await eventually("the workspace lock to be released", async () => {
            const result =
                await client.callTool({ name: "sync", arguments: { filter: "name=alpha" } });
            if (result.isError && documentOf(result).code === -32003)
                return false; // still busy
            assert.ok(!result.isError, JSON.stringify(result.content));
            return true;
        }, 10000);
        assert.ok(sleeperPids().length === 0);
        const replies = seen.slice(before).filter(
            (m) => m.id !== undefined && m.id === requestId && ("result" in m || "error" in m));
        assert.equal(replies.length, 0, "no reply to the cancelled request");
        console.log(`# child killed ${killedAfter} ms after the cancellation`);
    });

    await check("exec without approval is refused and runs nothing", async () => {
        const result = await client.callTool(
            { name: "exec", arguments: { cmd: ["touch", "refused-marker"] } });
        assert.equal(result.isError, true);
        const body = documentOf(result);
        assert.equal(body.code, -32006);
        assert.equal(body.data.kind, "not_approved");
        for (const pack of ["alpha", "beta"])
            assert.ok(!fs.existsSync(path.join(workspace, pack, "refused-marker")), pack);
    });

    await client.close();

    const asked = [];
    const answers = ["decline", "accept"];
    const eliciting = await connect("grex-interop-elicit", { elicitation: {} });
    eliciting.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params);
        const action = answers.shift();
        return action === "accept" ? { action, content: { confirm: true } } : { action };
    });

    await check("exec declined through elicitation runs nothing", async () => {
        const result = await eliciting.callTool(
            { name: "exec", arguments: { cmd: ["touch", "elicited-marker"],
                                         filter: "name!=sleeper" } });
        assert.equal(result.isError, true);
        assert.equal(documentOf(result).code, -32006);
        assert.equal(asked.length, 1);
        assert.match(asked[0].message, /touch elicited-marker/);
        assert.equal(asked[0].requestedSchema.type, "object");
        assert.ok(!fs.existsSync(path.join(workspace, "alpha", "elicited-marker")));
    });

    await check("exec accepted through elicitation runs in each pack", async () => {
        const result = await eliciting.callTool(
            { name: "exec", arguments: { cmd: ["touch", "elicited-marker"],
                                         filter: "name!=sleeper" } });
        assert.ok(!result.isError, JSON.stringify(result.content));
        assert.equal(asked.length, 2);
        assert.deepEqual(documentOf(result).map((r) => [r.pack, r.exit]).sort(),
                         [["alpha", 0], ["beta", 0]]);
        for (const pack of ["alpha", "beta"])
            assert.ok(fs.existsSync(path.join(workspace, pack, "elicited-marker")), pack);
    });

    await eliciting.close();
}

// The clients' server processes end with this process, also after a failed check.
main().then(
    () => {
        console.log(`1..${step}`);
        process.exit(0);
    },
    () => process.exit(1));
