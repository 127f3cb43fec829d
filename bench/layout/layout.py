#!/usr/bin/env python3
"""Data and timings for bench/layout/run.sh.

  layout.py upstreams N DIR      N bare repositories DIR/r0.git ... DIR/r<N-1>.git, copies of one
                                 (one commit of one file on main; content does not matter here)
  layout.py clones UP DEST N flat|nested
                                 N clones of UP's repositories in DEST, copies of one clone with
                                 their own origin: flat puts clone i at r<i>; nested puts the
                                 first half at g<i%20>/r<i> and the rest at a<i%10>/b<i%7>/r<i>
  layout.py manifests UP N DIR GITA
                                 the files of the importers for N projects at src/group<i%20>/
                                 repo<i> (UP's r<i>.git, branch main, groups group<i%20> and
                                 tier<i%3>): team.repos, west.yml, default.xml, mani.yaml,
                                 .mrconfig, repos.json, and gita's repos.csv and groups.csv, which
                                 list the N clones in GITA (a `clones ... nested` folder)
  layout.py time SPEC ROUNDS OUT.json
                                 runs the cases of SPEC (JSON, see run.sh) ROUNDS times each,
                                 interleaved, and writes every timing to OUT.json

Only the grex command is timed: a case's fresh workspace is made before its clock starts.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import time


def upstreams(n, root):
    root.mkdir(parents=True, exist_ok=True)
    first = root / "r0.git"
    subprocess.run(["git", "init", "-q", "--bare", "--template=", "-b", "main", str(first)],
                   check=True)
    stream = (b"commit refs/heads/main\n"
              b"committer Bench <bench@grex.invalid> 1700000000 +0000\n"
              b"data 6\nfirst\n\n"
              b"M 100644 inline README\ndata 6\nhello\n\n")
    subprocess.run(["git", "--git-dir", str(first), "fast-import", "--quiet"], input=stream,
                   check=True)
    for i in range(1, n):
        shutil.copytree(first, root / ("r%d.git" % i), symlinks=True)


def place(i, n, layout):
    if layout == "flat":
        return "r%d" % i
    if i < n // 2:
        return "g%d/r%d" % (i % 20, i)
    return "a%d/b%d/r%d" % (i % 10, i % 7, i)


def clones(up, dest, n, layout):
    dest.mkdir(parents=True, exist_ok=True)
    template = dest / ".template"
    shutil.rmtree(template, ignore_errors=True)
    subprocess.run(["git", "clone", "-q", "--template=", "file://%s/r0.git" % up, str(template)],
                   check=True)
    config = (template / ".git" / "config").read_text()
    origin = "file://%s/r0.git" % up
    assert origin in config, config
    for i in range(n):
        clone = dest / place(i, n, layout)
        clone.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(template, clone, symlinks=True)
        (clone / ".git" / "config").write_text(
            config.replace(origin, "file://%s/r%d.git" % (up, i)))
    shutil.rmtree(template)


def manifests(up, n, out, gita):
    out.mkdir(parents=True, exist_ok=True)
    base = "file://%s" % up
    rows = [(i, "src/group%d/repo%d" % (i % 20, i), "%s/r%d.git" % (base, i),
             ["group%d" % (i % 20), "tier%d" % (i % 3)]) for i in range(n)]

    lines = ["repositories:"]
    for i, path, url, _ in rows:
        lines += ["  %s:" % path, "    type: git", "    url: %s" % url, "    version: main"]
    (out / "team.repos").write_text("\n".join(lines) + "\n")

    lines = ["manifest:", "  remotes:", "    - name: up", "      url-base: %s" % base,
             "  defaults:", "    remote: up", "  projects:"]
    for i, path, _, groups in rows:
        lines += ["    - name: repo%d" % i, "      repo-path: r%d.git" % i,
                  "      path: %s" % path, "      revision: main",
                  "      groups: [%s]" % ", ".join(groups)]
    (out / "west.yml").write_text("\n".join(lines) + "\n")

    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<manifest>",
             '  <remote name="up" fetch="%s"/>' % base,
             '  <default remote="up" revision="main"/>']
    for i, path, _, groups in rows:
        lines.append('  <project name="r%d.git" path="%s" groups="%s" revision="main"/>'
                     % (i, path, ",".join(groups)))
    lines.append("</manifest>")
    (out / "default.xml").write_text("\n".join(lines) + "\n")

    lines = ["projects:"]
    for i, path, url, groups in rows:
        lines += ["  repo%d:" % i, "    path: %s" % path, "    url: %s" % url,
                  "    branch: main", "    tags: [%s]" % ", ".join(groups)]
    (out / "mani.yaml").write_text("\n".join(lines) + "\n")

    lines = []
    for i, path, url, _ in rows:
        lines += ["[%s]" % path, "checkout = git clone -b main '%s' 'repo%d'" % (url, i), ""]
    (out / ".mrconfig").write_text("\n".join(lines))

    (out / "repos.json").write_text(json.dumps([{"url": url, "path": path}
                                                for _, path, url, _ in rows]) + "\n")

    # gita lists clones on disk (path,name,type,flags); grex reads each one's origin.
    lines, members = [], {}
    for i in range(n):
        name = "r%d" % i
        lines.append("%s,%s,," % (gita / place(i, n, "nested"), name))
        for group in ("group%d" % (i % 20), "tier%d" % (i % 3)):
            members.setdefault(group, []).append(name)
    (out / "repos.csv").write_text("\n".join(lines) + "\n")
    (out / "groups.csv").write_text("".join("%s:%s:\n" % (g, " ".join(m))
                                            for g, m in sorted(members.items())))


def run(args, cwd, env):
    done = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit("layout.py: %s in %s exited with %d: %s"
                 % (" ".join(args), cwd, done.returncode, done.stderr.decode()[-2000:]))


def registered(ws):
    """The packs grex.jsonl registers, counted from its add events."""
    count = 0
    with open(os.path.join(ws, "grex.jsonl")) as log:
        for line in log:
            if line.strip() and json.loads(line).get("op") == "add":
                count += 1
    return count


def changed_since(root, marker):
    """What changed below root since marker was written, as paths relative to root."""
    found = subprocess.run(["find", ".", "-newer", marker], cwd=root, check=True,
                           stdout=subprocess.PIPE, text=True).stdout.split()
    return [f[2:] for f in found if f != "."]


def restore_top(template, ws):
    """Puts back the files at the top of ws as they are in template, and removes the others.
    Enough after a command that changed nothing else (checked in the warm-up)."""
    for name in os.listdir(ws):
        path = os.path.join(ws, name)
        if os.path.isfile(path) and not os.path.exists(os.path.join(template, name)):
            os.remove(path)
    for name in os.listdir(template):
        path = os.path.join(template, name)
        if os.path.isfile(path) and not os.path.islink(path):
            shutil.copy2(path, os.path.join(ws, name))


def timings(spec_file, rounds, out):
    """SPEC: {"grex": path, "cases": [{"name", "args", "cwd", "template"?, "workspace"?,
    "expect"?}]}. A case with a template runs in a fresh workspace each time, a copy (cp -a) of
    the template; expect is the number of packs grex.jsonl must register after it. Every case
    runs once as a warm-up. When the warm-up changed only files at the top of the workspace
    (grex.jsonl, .gitignore), later runs get those files put back instead of a whole new copy:
    copying 2 000 clones takes longer than the scan it prepares. Each round runs every case
    once, starting one case later than the round before, so that a slow spell of the machine
    does not fall on one case only."""
    spec = json.loads(pathlib.Path(spec_file).read_text())
    grex, cases = spec["grex"], spec["cases"]
    env = dict(os.environ)
    result = {case["name"]: [] for case in cases}
    light = {}  # case name -> True when putting back the top files is a fresh workspace

    def once(case, warmup=False):
        name = case["name"]
        if "template" in case:
            if light.get(name):
                restore_top(case["template"], case["workspace"])
            else:
                shutil.rmtree(case["workspace"], ignore_errors=True)
                subprocess.run(["cp", "-a", case["template"], case["workspace"]], check=True)
            if "expect" in case and registered(case["workspace"]) != 0:
                sys.exit("layout.py: %s: the workspace is not fresh" % name)
        marker = os.path.join(os.path.dirname(case["cwd"].rstrip("/")), ".%s.marker" % name)
        if warmup and "template" in case:
            pathlib.Path(marker).write_text("")
            time.sleep(0.05)  # the command's writes are strictly newer than the marker
        os.sync()  # the copy's writeback is not the command's
        start = time.monotonic()
        run([grex, *case["args"]], case["cwd"], env)
        seconds = time.monotonic() - start
        if "expect" in case:
            got = registered(case["workspace"])
            if got != case["expect"]:
                sys.exit("layout.py: %s registered %d packs, not %d" % (name, got,
                                                                        case["expect"]))
        if warmup and "template" in case:
            changed = changed_since(case["workspace"], marker)
            os.remove(marker)
            light[name] = all("/" not in c and os.path.isfile(os.path.join(case["workspace"], c))
                              for c in changed)
            print("layout.py: %s changed %s; %s" % (
                name, ", ".join(changed) or "nothing",
                "later runs put back the top files" if light[name] else "later runs copy it all"),
                file=sys.stderr)
        return seconds

    for case in cases:
        once(case, warmup=True)
    for r in range(rounds):
        for k in range(len(cases)):
            case = cases[(r + k) % len(cases)]
            result[case["name"]].append(once(case))
        print("layout.py: round %d of %d done" % (r + 1, rounds), file=sys.stderr)
    pathlib.Path(out).write_text(json.dumps(result, indent=1) + "\n")


def main(argv):
    if len(argv) == 3 and argv[0] == "upstreams":
        upstreams(int(argv[1]), pathlib.Path(argv[2]).resolve())
    elif len(argv) == 5 and argv[0] == "clones" and argv[4] in ("flat", "nested"):
        clones(pathlib.Path(argv[1]).resolve(), pathlib.Path(argv[2]).resolve(), int(argv[3]),
               argv[4])
    elif len(argv) == 5 and argv[0] == "manifests":
        manifests(pathlib.Path(argv[1]).resolve(), int(argv[2]),
                  pathlib.Path(argv[3]).resolve(), pathlib.Path(argv[4]).resolve())
    elif len(argv) == 4 and argv[0] == "time":
        timings(argv[1], int(argv[2]), argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
