// Shared by the interop scripts: starting `grex serve --http` and numbering TAP lines.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

let step = 0;
function ok(what) {
    step += 1;
    console.log(`ok ${step} - ${what}`);
}

// Starts `grex serve --http 127.0.0.1:0 <extra>` in workspace and resolves once it logs where it
// listens: the child, its URL and what it wrote so far to stderr (log) and stdout (out).
function startHttpServer(grex, workspace, env, extra = []) {
    const child = spawn(grex, ["serve", "--http", "127.0.0.1:0", ...extra], {
        cwd: workspace, env, stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    let out = "";
    child.stdout.on("data", (d) => { out += d; });
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no 'listening on' line:\n" + log)), 20000);
        child.stderr.on("data", (d) => {
            log += d;
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log);
            if (m) {
                clearTimeout(timer);
                resolve({ child, url: new URL(m[1]), log: () => log, out: () => out });
            }
        });
        child.on("exit", (code) => reject(new Error(`server exited ${code}:\n${log}`)));
    });
}

// Runs a script's main, then prints the TAP plan; the first failure is the last line and
// exit code 1.
function runChecks(main) {
    main().then(() => console.log(`1..${step}`)).catch((error) => {
        console.log(`not ok ${step + 1} - ${error && error.stack ? error.stack : error}`);
        process.exit(1);
    });
}

// A fresh folder for XDG_RUNTIME_DIR (the servers' sockets), removed when the script exits
// however it ends, so runs do not pile folders up in the temporary directory.
function runtimeDir(prefix) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
}

module.exports = { ok, runChecks, runtimeDir, startHttpServer };
