// Drives `grex serve --http` with the official MCP TypeScript SDK's streamable-HTTP client.
//
//   node interop-http.cjs <grex binary> <workspace>
//
// The workspace holds the packs alpha and beta. Starts the server on an ephemeral loopback
// port with a bearer token, and prints one line per check; exits 1 at the first failure.
"use strict";

const assert = require("node:assert/strict");
const { ok, runChecks, runtimeDir, startHttpServer } = require("./serve.cjs");
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const {
    StreamableHTTPClientTransport,
} = require("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { ElicitRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const [grex, workspace] = process.argv.slice(2);
// The tools as the verb registry of the grex under test lists them (tst_mcpinterop passes them).
const EXPECTED_TOOLS = (process.env.GREX_TEST_TOOLS || "").split(",").filter(Boolean);
if (!grex || !workspace) {
    console.error("usage: node interop-http.cjs <grex binary> <workspace>");
    process.exit(2);
}
const TOKEN = "interop-token-" + process.pid;


function startServer() {
    const runtime = runtimeDir("grex-http-");
    return startHttpServer(grex, workspace, { ...process.env, XDG_RUNTIME_DIR: runtime },
        ["--token", TOKEN]);
}

function connect(url, name, capabilities = {}) {
    const transport = new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    });
    const client = new Client({ name, version: "1.0.0" }, { capabilities });
    return client.connect(transport).then(() => ({ client, transport }));
}

async function main() {
    const server = await startServer();
    try {
        // Without the token: 401 with a JSON-RPC error body.
        const refused = await fetch(server.url, {
            method: "POST",
            headers: { "Content-Type": "application/json",
                       Accept: "application/json, text/event-stream" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        });
        assert.equal(refused.status, 401);
        assert.equal((await refused.json()).error.code, -32001);
        ok("no token: 401 with error -32001");

        const { client, transport } = await connect(server.url, "sdk-http");
        assert.equal(client.getServerVersion().name, "grex");
        assert.ok(transport.sessionId, "the server issued Mcp-Session-Id");
        ok(`initialize over HTTP: session ${transport.sessionId.length} characters`);

        const tools = await client.listTools();
        assert.deepEqual(tools.tools.map((t) => t.name).sort(), EXPECTED_TOOLS);
        ok(`tools/list: ${EXPECTED_TOOLS.length} tools`);

        const status = await client.callTool({ name: "status", arguments: {} });
        assert.equal(status.isError, false);
        const packs = JSON.parse(status.content[0].text).map((p) => p.id).sort();
        assert.deepEqual(packs, ["alpha", "beta"]);
        ok("status over SSE: alpha and beta");

        let progress = 0;
        const sync = await client.callTool({ name: "sync", arguments: { dryRun: true } },
                                           undefined, { onprogress: () => (progress += 1) });
        assert.equal(sync.isError, false);
        assert.ok(progress > 0, "progress notifications arrived");
        ok(`sync dry run: ${progress} progress notification(s) on the call's stream`);

        // No window, no elicitation, no --approve-destructive: exec is refused.
        const refusedExec = await client.callTool({ name: "exec", arguments: { cmd: ["true"] } });
        assert.equal(refusedExec.isError, true);
        assert.equal(JSON.parse(refusedExec.content[0].text).code, -32006);
        ok("exec without approval: -32006");

        // A client that answers elicitation approves it over HTTP.
        const asker = await connect(server.url, "sdk-http-elicit", { elicitation: {} });
        let asked = "";
        asker.client.setRequestHandler(ElicitRequestSchema, async (request) => {
            asked = request.params.message;
            return { action: "accept", content: { confirm: true } };
        });
        const exec = await asker.client.callTool(
            { name: "exec", arguments: { cmd: ["git", "rev-parse", "--short", "HEAD"] } });
        assert.equal(exec.isError, false, JSON.stringify(exec));
        assert.match(asked, /exec/);
        assert.equal(JSON.parse(exec.content[0].text).length, 2);
        ok("exec approved by elicitation over HTTP, in 2 packs");

        // Two sessions at once, then each ends with DELETE.
        assert.notEqual(asker.transport.sessionId, transport.sessionId);
        const ended = transport.sessionId;
        await asker.transport.terminateSession();
        await transport.terminateSession();
        const gone = await fetch(server.url, {
            method: "POST",
            headers: { "Content-Type": "application/json",
                       Accept: "application/json, text/event-stream",
                       Authorization: `Bearer ${TOKEN}`,
                       "Mcp-Session-Id": ended },
            body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
        });
        assert.equal(gone.status, 404);
        ok("DELETE ends the sessions; a later request gets 404");
        await client.close();
        await asker.client.close();

        assert.equal(server.out(), "", "nothing on stdout");
        assert.ok(!server.log().includes(TOKEN), "the token is not logged");
        ok("stdout empty, token never logged");
    } finally {
        server.child.kill("SIGTERM");
    }
}

runChecks(main);
