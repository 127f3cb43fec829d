#!/usr/bin/env python3
"""Upstream repositories for bench/run.sh, made with git fast-import (no network).

  upstreams.py create N DIR [--small]
                                 N bare repositories DIR/r001.git ... with 3 commits of 40 files
                                 (--small: 1 commit of 8 files; names get 5 digits past 999)
  upstreams.py advance DIR       one new commit on main in every DIR/*.git
  upstreams.py verify DIR WS [LIST]
                                 every WS/<name> has upstream main checked out, clean; with
                                 LIST (lines "<name> <url>"), its origin is <url>

Content is pseudo-random but reproducible (seeded by the repository name), so every run of the
benchmark moves the same number of bytes.
"""

import concurrent.futures
import pathlib
import random
import subprocess
import sys
import time

FILES = 40
COMMITS = 3
WORDS = ("alpha beta gamma delta pack graph sync fetch clone merge tree blob commit ref head "
         "branch remote origin upstream workspace lock intent manifest action hook").split()


def text(rng, lines):
    return "".join(" ".join(rng.choice(WORDS) for _ in range(12)) + "\n" for _ in range(lines))


def data(payload):
    raw = payload.encode()
    return b"data %d\n" % len(raw) + raw + b"\n"


def commit(message, when, resume, files):
    out = [b"commit refs/heads/main\n",
           b"committer Bench <bench@grex.invalid> %d +0000\n" % when,
           data(message)]
    if resume:  # a new fast-import process continues the existing branch
        out.append(b"from refs/heads/main^0\n")
    for path, content in files:
        out.append(b"M 100644 inline " + path.encode() + b"\n")
        out.append(data(content))
    out.append(b"\n")
    return b"".join(out)


def fast_import(repo, stream):
    subprocess.run(["git", "--git-dir", str(repo), "fast-import", "--quiet"], input=stream,
                   check=True)


def create_one(root, name, files=FILES, commits=COMMITS):
    repo = root / (name + ".git")
    subprocess.run(["git", "init", "-q", "--bare", "--template=", "-b", "main", str(repo)],
                   check=True)
    rng = random.Random(name)
    stream = []
    when = 1_700_000_000
    for c in range(commits):
        # The first commit writes every file; later ones change a quarter of them.
        paths = range(files) if c == 0 else rng.sample(range(files), files // 4)
        changed = [("src/file-%02d.txt" % i, text(rng, rng.randint(20, 80))) for i in paths]
        if c == 0:
            changed.append(("README.md", "# %s\n\nA repository for the grex benchmark.\n" % name))
        stream.append(commit("%s: commit %d" % (name, c + 1), when + c * 60, False, changed))
    fast_import(repo, b"".join(stream))
    # Packed, as a server keeps its repositories; later pushes (advance) arrive as loose objects.
    subprocess.run(["git", "--git-dir", str(repo), "repack", "-adq"], check=True)


def advance_one(repo, stamp):
    # One of the first 8 files, which repositories of both shapes have.
    rng = random.Random("%s-%d" % (repo.name, stamp))
    files = [("CHANGES.txt", "change %d\n" % stamp + text(rng, 10)),
             ("src/file-%02d.txt" % rng.randrange(8), text(rng, 40))]
    fast_import(repo, commit("upstream change %d" % stamp, stamp // 1_000_000_000, True, files))


def git_out(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def verify_one(root, ws, name, url=None):
    want = git_out("--git-dir", str(root / (name + ".git")), "rev-parse", "refs/heads/main").strip()
    path = ws / name
    if not (path / ".git").exists():
        return "%s: not cloned" % name
    if url is not None:
        # The URL the tool was given, so the clone came over the transport being measured
        # (file://, git://, ssh or https), not from another path to the same repository.
        origin = subprocess.run(["git", "-C", str(path), "config", "remote.origin.url"],
                                capture_output=True, text=True).stdout.strip()
        if origin.rstrip("/") != url.rstrip("/"):
            return "%s: origin is %r, the tool was given %r" % (name, origin, url)
    have = git_out("-C", str(path), "rev-parse", "HEAD").strip()
    if have != want:
        return "%s: HEAD is %s, upstream main is %s" % (name, have[:12], want[:12])
    dirty = git_out("-C", str(path), "status", "--porcelain", "--untracked-files=no")
    if dirty:
        return "%s: the working tree does not match HEAD:\n%s" % (name, dirty)
    return None


def repos(root):
    return sorted(p for p in root.glob("*.git") if p.name.startswith("r"))


def main(argv):
    if len(argv) in (3, 4) and argv[0] == "create":
        root = pathlib.Path(argv[2])
        root.mkdir(parents=True, exist_ok=True)
        count = int(argv[1])
        small = argv[3:] == ["--small"]
        form = "r%05d" if count > 999 else "r%03d"
        names = [form % i for i in range(1, count + 1)]
        shape = (8, 1) if small else (FILES, COMMITS)
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda n: create_one(root, n, *shape), names))
        return 0
    if len(argv) == 2 and argv[0] == "advance":
        stamp = time.time_ns()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda r: advance_one(r, stamp), repos(pathlib.Path(argv[1]))))
        return 0
    if len(argv) in (3, 4) and argv[0] == "verify":
        root, ws = pathlib.Path(argv[1]), pathlib.Path(argv[2])
        names = [r.name[:-4] for r in repos(root)]
        urls = {}
        if len(argv) == 4:
            urls = dict(line.split(None, 1) for line in open(argv[3]) if line.strip())
            urls = {name: url.strip() for name, url in urls.items()}
            missing = sorted(set(names) - set(urls))
            if missing:
                print("verify: %s lists no URL for %s" % (argv[3], ", ".join(missing[:5])),
                      file=sys.stderr)
                return 1
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            problems = [p for p in pool.map(lambda n: verify_one(root, ws, n, urls.get(n)), names)
                        if p]
        for p in problems[:10]:
            print("verify %s: %s" % (ws, p), file=sys.stderr)
        if problems:
            print("verify %s: %d of %d repositories are wrong" % (ws, len(problems), len(names)),
                  file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
