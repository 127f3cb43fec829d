// The three MCP revisions against one `grex serve --http` and one stdio server, with the
// official TypeScript SDKs: v1 (@modelcontextprotocol/sdk) in 2025-06-18 and 2025-11-25, v2
// (@modelcontextprotocol/client) pinned to 2026-07-28.
//
//   node interop-eras.cjs <grex binary> <workspace> <remotes>
//
// The workspace holds the installed packs alpha and beta; <remotes> holds gamma-stdio.git and
// gamma-http.git, which the 2026-era clients add. NODE_PATH points at the node_modules
// the interop test installed into the build tree. Prints one line per check and exits 1 at the
// first failure.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { ok, runChecks, runtimeDir, startHttpServer } = require("./serve.cjs");
const v1 = {
    Client: require("@modelcontextprotocol/sdk/client/index.js").Client,
    Stdio: require("@modelcontextprotocol/sdk/client/stdio.js").StdioClientTransport,
    Http: require("@modelcontextprotocol/sdk/client/streamableHttp.js")
        .StreamableHTTPClientTransport,
};
const v2 = require("@modelcontextprotocol/client");
const { StdioClientTransport: V2Stdio } = require("@modelcontextprotocol/client/stdio");

const [grex, workspace, remotes] = process.argv.slice(2);
// The tools as the verb registry of the grex under test lists them (tst_mcpinterop passes them).
const EXPECTED_TOOLS = (process.env.GREX_TEST_TOOLS || "").split(",").filter(Boolean);
const READ_ONLY = (process.env.GREX_TEST_READONLY || "").split(",").filter(Boolean);
// The tools in the registry's order (GREX_TEST_TOOLS is sorted).
const EXPECTED_TOOLS_IN_ORDER =
    (process.env.GREX_TEST_TOOLS_IN_ORDER || "").split(",").filter(Boolean);
if (!grex || !workspace || !remotes) {
    console.error("usage: node interop-eras.cjs <grex binary> <workspace> <remotes>");
    process.exit(2);
}


const runtime = runtimeDir("grex-eras-");
const env = { ...process.env, XDG_RUNTIME_DIR: runtime };

function startHttp(extra = []) {
    return startHttpServer(grex, workspace, env, extra);
}

function stdioParams(extra = []) {
    return { command: grex, args: ["serve", "-q", ...extra], cwd: workspace, env, stderr: "pipe" };
}

// A v1 client that asks for `version` in initialize (the SDK offers its newest, 2025-11-25;
// the first message is rewritten to ask for an older one, as an older client would).
async function v1Client(transport, version) {
    if (version !== "2025-11-25") {
        const send = transport.send.bind(transport);
        transport.send = (message, options) => {
            if (message.method === "initialize")
                message = { ...message, params: { ...message.params, protocolVersion: version } };
            return send(message, options);
        };
    }
    const client = new v1.Client({ name: `sdk-v1-${version}`, version: "1.32.2" },
                                 { capabilities: {} });
    await client.connect(transport);
    return client;
}

function v2Client(name, allowElicitation = true) {
    const client = new v2.Client({ name, version: "2.4.0" }, {
        capabilities: allowElicitation ? { elicitation: { form: {} } } : {},
        versionNegotiation: { mode: { pin: "2026-07-28" } },
    });
    return client;
}

function approvalMeta(result) {
    return result._meta && result._meta["dev.grex/approval"];
}

// What every era must see alike on one transport.
async function legacyChecks(label, connect) {
    for (const version of ["2025-06-18", "2025-11-25"]) {
        const client = await v1Client(connect(), version);
        assert.equal(client.getServerVersion().name, "grex");
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), EXPECTED_TOOLS);
        const sync = tools.find((t) => t.name === "sync");
        if (version === "2025-11-25") {
            assert.ok(sync.icons && sync.icons[0].src.startsWith("data:image/svg+xml"), "icons");
        } else {
            assert.equal(sync.icons, undefined);
        }
        const status = await client.callTool({ name: "status", arguments: {} });
        assert.equal(status.isError, false);
        // An argument the model got wrong: a tool error from 2025-11-25, a protocol error before.
        if (version === "2025-11-25") {
            const wrong = await client.callTool({ name: "status", arguments: { bogus: 1 } });
            assert.equal(wrong.isError, true);
        } else {
            await assert.rejects(client.callTool({ name: "status", arguments: { bogus: 1 } }),
                                 (e) => e.code === -32602);
        }
        await client.close();
        ok(`${label}: v1 SDK in ${version}: ${EXPECTED_TOOLS.length} tools, status, argument errors of that era`);
    }
}

async function modernChecks(label, connect) {
    const client = v2Client(`sdk-v2-${label}`);
    let asked = 0;
    client.setRequestHandler("elicitation/create", async (request) => {
        asked += 1;
        // The command as a shell needs it, on a line of its own, and the packs by name.
        assert.match(request.params.message, /\ntouch from-v2\nin \d+ pack\(s\): alpha, beta/);
        return { action: "accept", content: { decision: "allow" } };
    });
    await client.connect(connect());
    assert.equal(client.getProtocolEra(), "modern");
    assert.equal(client.getNegotiatedProtocolVersion(), "2026-07-28");
    assert.equal(client.getServerVersion().name, "grex");
    ok(`${label}: v2 SDK pinned to 2026-07-28: server/discover, no initialize`);

    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), EXPECTED_TOOLS_IN_ORDER);
    ok(`${label}: tools/list in the registry's fixed order, with caching hints`);

    const progress = [];
    const synced = await client.callTool({ name: "sync", arguments: {} },
                                         { onprogress: (p) => progress.push(p) });
    assert.equal(synced.isError, false);
    // grex writes one notification per pack and stage before the result (tst_mcprevisions
    // counts them); the v2 client 2.4 may drop those that arrive in the same read as the result,
    // so here at least the first must have come.
    assert.ok(progress.length >= 1, `progress: ${JSON.stringify(progress)}`);
    assert.ok(progress[0].total >= 2, JSON.stringify(progress[0]));
    ok(`${label}: a real sync with ${progress.length} progress notification(s)`);

    const touched = await client.callTool({ name: "exec",
                                            arguments: { cmd: ["touch", "from-v2"] } });
    assert.equal(touched.isError, false, JSON.stringify(touched));
    assert.equal(asked, 1);
    assert.equal(approvalMeta(touched).by, "client");
    assert.ok(fs.existsSync(path.join(workspace, "alpha", "from-v2")));
    fs.rmSync(path.join(workspace, "alpha", "from-v2"));
    fs.rmSync(path.join(workspace, "beta", "from-v2"));
    ok(`${label}: exec approved through input_required, approval by the client in _meta`);

    // The state handed out, tampered with, is refused; so is the real one used twice.
    const first = await client.callTool({ name: "exec", arguments: { cmd: ["touch", "x"] } },
                                        { allowInputRequired: true });
    assert.equal(first.resultType, "input_required");
    const state = first.requestState;
    const answers = { grex_approval: { action: "accept", content: { decision: "allow" } } };
    const tampered = state.slice(0, 5) + (state[5] === "A" ? "B" : "A") + state.slice(6);
    await assert.rejects(
        client.callTool({ name: "exec", arguments: { cmd: ["touch", "x"] },
                          requestState: tampered, inputResponses: answers },
                        { allowInputRequired: true }),
        (e) => e.code === -32602 && /not issued by this server|altered/.test(e.message));
    const other = await client.callTool({ name: "exec", arguments: { cmd: ["touch", "y"] },
                                          requestState: state, inputResponses: answers },
                                        { allowInputRequired: true }).catch((e) => e);
    assert.equal(other.code, -32602);
    assert.ok(!fs.existsSync(path.join(workspace, "alpha", "x")));
    assert.ok(!fs.existsSync(path.join(workspace, "alpha", "y")));
    ok(`${label}: a tampered requestState and one for other arguments are refused (-32602)`);

    const sub = await client.listen({ resourcesListChanged: true, toolsListChanged: true });
    assert.deepEqual(sub.honoredFilter, { resourcesListChanged: true });
    let changed = 0;
    client.setNotificationHandler("notifications/resources/list_changed", () => { changed += 1; });
    const added = await client.callTool({ name: "add", arguments: {
        url: path.join(remotes, `gamma-${label}.git`) } });
    assert.equal(added.isError, false, JSON.stringify(added));
    const deadline = Date.now() + 10000;
    while (changed === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
    assert.ok(changed >= 1, "list change heard");
    await sub.close();
    ok(`${label}: subscriptions/listen acknowledged, a pack added is heard as a list change`);

    await assert.rejects(client.readResource({ uri: "grex://pack/none/pack.yaml" }),
                         (e) => e.code === -32602);
    ok(`${label}: a resource that is not there: -32602 with its URI`);
    await client.close();
}

// The tasks extension over plain HTTP: the v2 SDK 2.4 does not speak it yet, so the requests
// are written out as a client of the extension sends them.
async function taskCheck(url) {
    let id = 0;
    const post = async (method, params, name) => {
        id += 1;
        const meta = {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {
                extensions: { "io.modelcontextprotocol/tasks": {} } },
            "io.modelcontextprotocol/clientInfo": { name: "tasks-by-hand", version: "1" },
        };
        const headers = { "Content-Type": "application/json",
                          Accept: "application/json, text/event-stream",
                          "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method };
        if (name)
            headers["Mcp-Name"] = name;
        const reply = await fetch(url, { method: "POST", headers, body: JSON.stringify(
            { jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } }) });
        const text = await reply.text();
        const data = text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
        const message = JSON.parse(data.length ? data[data.length - 1] : text);
        assert.equal(message.id, id);
        return message.result;
    };
    const created = await post("tools/call", { name: "sync", arguments: {} }, "sync");
    assert.equal(created.resultType, "task");
    let state = created;
    const deadline = Date.now() + 60000;
    while (state.status === "working" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        state = await post("tasks/get", { taskId: created.taskId }, created.taskId);
    }
    assert.equal(state.status, "completed", JSON.stringify(state));
    assert.equal(state.result.structuredContent.verb, "sync");
    ok("http: a sync as a task (tasks extension): handle, tasks/get until completed, its result");
}

async function readOnlyCheck(label, connect) {
    const client = v2Client(`sdk-v2-readonly-${label}`);
    await client.connect(connect());
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), READ_ONLY);
    await assert.rejects(client.callTool({ name: "exec", arguments: { cmd: ["true"] } }),
                         (e) => e.code === -32602);
    await client.close();
    ok(`${label}: --read-only offers only the read-only tools; exec is an unknown tool`);
}

async function main() {
    await legacyChecks("stdio", () => new v1.Stdio(stdioParams()));
    await modernChecks("stdio", () => new V2Stdio(stdioParams()));
    await readOnlyCheck("stdio", () => new V2Stdio(stdioParams(["--read-only"])));

    // One HTTP server for every era at once.
    const server = await startHttp();
    try {
        await legacyChecks("http", () => new v1.Http(server.url));
        await modernChecks("http", () => new v2.StreamableHTTPClientTransport(server.url));
        await taskCheck(server.url);
        assert.equal(server.out(), "", "stdout of grex serve --http stays empty");
        ok("http: three revisions served by one server");
    } finally {
        server.child.kill("SIGTERM");
    }
    const readOnly = await startHttp(["--read-only"]);
    try {
        await readOnlyCheck("http", () => new v2.StreamableHTTPClientTransport(readOnly.url));
    } finally {
        readOnly.child.kill("SIGTERM");
    }
}

runChecks(main);
