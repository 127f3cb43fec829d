#!/usr/bin/python3
# grex_workspace: an Ansible module that brings a grex workspace to a list of packs and syncs it.
# It drives the grex command line with --json and reads its documents; it never edits grex's
# files itself, so every rule grex keeps (locks, the intent log, approvals) holds here too.

from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
---
module: grex_workspace
short_description: Ensure a grex workspace holds a list of packs, and sync it
description:
  - Makes the workspace at I(path) if it does not exist (C(grex init)), registers the packs of
    I(packs) that it does not hold yet, and runs C(grex sync), which clones, fast-forwards and
    installs every pack.
  - Reports C(changed) only when a pack was registered, removed, cloned, moved to another
    commit, or (re)installed. A sync with nothing to do is not a change.
  - Check mode runs the same commands with C(--dry-run). It reports packs that would be
    registered, cloned or installed; it does not fetch, so new upstream commits show only in a
    real run.
  - A pack whose sync failed fails the task; the message names each pack with its error kind
    and reason, as C(grex sync --json) reports them.
  - A pack with local changes or commits is left alone by grex and reported in C(needs_you)
    and as a warning; it does not fail the task.
  - Every run on an existing workspace, check mode included, returns in C(only_here) the work
    that exists only on this host, per pack and per task, as C(grex safe-to-leave --json)
    lists it. That work fails the task only with I(safe_to_leave).
options:
  path:
    description: The workspace folder (where C(grex.jsonl) lives). Made when missing.
    type: path
    required: true
  packs:
    description:
      - The packs the workspace must hold. Each is a URL, or a dictionary with C(url) and
        optionally C(path) (the pack's folder and id; default, the last part of the URL without
        C(.git)), C(ref), C(type), C(tags) and C(depth), as C(grex add) takes them.
      - A pack that is already registered under its path with another URL fails the task;
        grex does not change a pack's URL in place.
    type: list
    elements: raw
    default: []
  exclusive:
    description:
      - Remove registered packs that I(packs) does not list (C(grex rm --yes)). grex refuses to
        delete work that exists nowhere else, which fails the task. C(grex rm) makes the same
        check as I(safe_to_leave) (uncommitted changes, untracked files, stashes, commits on any
        local branch that no remote-tracking branch has), and also refuses a pack a task uses.
    type: bool
    default: false
  sync:
    description: Run C(grex sync) after registering the packs.
    type: bool
    default: true
  safe_to_leave:
    description:
      - After registering and syncing, fail the task when anything exists only on this host
        (C(grex safe-to-leave)), naming each pack and task and what it holds. Per pack that is
        uncommitted changes, untracked files, stashes and commits on any local branch that no
        remote-tracking branch has; per task, the files not committed in its worktree and the
        commits no task push took.
      - grex compares with the remote-tracking branches as the last fetch left them; the sync
        fetches, so with I(sync) false a push made from elsewhere since the last fetch is not
        seen.
      - Use it before a host is wiped or handed back. C(only_here) is returned either way.
    type: bool
    default: false
  parallel:
    description: How many packs grex works on at once (C(--parallel)); grex's default when unset.
    type: int
  grex:
    description: The grex executable; found on the PATH when unset.
    type: path
author:
  - grex developers
"""

EXAMPLES = r"""
- name: Every host gets the team's packs
  grex_workspace:
    path: /srv/work
    packs:
      - https://git.example.org/team/dotfiles.git
      - url: https://git.example.org/team/tools.git
        ref: stable
        tags: [cli]

- name: Exactly these packs, nothing else
  grex_workspace:
    path: ~/work
    packs: "{{ team_packs }}"
    exclusive: true

- name: Before decommissioning a host, make sure none of its work exists only there
  grex_workspace:
    path: /srv/work
    packs: "{{ team_packs }}"
    safe_to_leave: true
"""

RETURN = r"""
workspace:
  description: The workspace folder.
  returned: always
  type: str
added:
  description: Ids of the packs registered by this task.
  returned: always
  type: list
  elements: str
removed:
  description: Ids of the packs removed by this task (I(exclusive)).
  returned: always
  type: list
  elements: str
outcomes:
  description: How many packs the sync cloned, updated, installed, left alone (needs_you), and so
    on, as C(grex sync --json) counts them.
  returned: when I(sync) is true and the workspace exists
  type: dict
changed_packs:
  description: The packs the sync changed, with their outcome and commits before and after.
  returned: when I(sync) is true and the workspace exists
  type: list
  elements: dict
needs_you:
  description: The packs grex left alone (local changes or commits), with grex's message.
  returned: when I(sync) is true and the workspace exists
  type: list
  elements: dict
failed_packs:
  description: The packs whose sync failed, with the error kind, reason and message.
  returned: on failure of the sync
  type: list
  elements: dict
only_here:
  description:
    - What exists only on this host, from C(grex safe-to-leave --json); empty when nothing does.
    - One entry per pack with work only here, then one per task's pack. Each has C(id) (the
      pack), C(task) (the task, null for the pack's own clone), C(message) (what exists only
      here, in words) and the counts of grex's document.
    - A pack's entry has C(path), C(changed_files), C(untracked_files), C(stashes),
      C(unpushed_commits) and C(branches) (the local branches with those commits); a task's
      entry has C(worktree), C(uncommitted_files) and C(unpushed_commits).
  returned: when the workspace exists
  type: list
  elements: dict
  sample:
    - id: alpha
      task: null
      message: 1 unpushed commit(s) on side
      path: alpha
      changed_files: 0
      untracked_files: 0
      stashes: 0
      unpushed_commits: 1
      branches: [side]
"""

import json
import os
import re
import tempfile

from ansible.module_utils.basic import AnsibleModule

CHANGING_OUTCOMES = ("cloned", "updated", "installed", "torn_down")
ADD_OPTIONS = ("ref", "type", "tags", "depth")


def default_pack_path(url):
    """The folder grex add derives from a URL: its last part without .git."""
    tail = re.split(r"[/:]", url.rstrip("/"))[-1]
    return tail[:-4] if tail.endswith(".git") else tail


def redact(url):
    """A URL as it may be shown: without the password or token of its user part."""
    return re.sub(r"^([a-z][a-z0-9+.-]*://)[^/@]*@", r"\1***@", url.strip())


def same_url(registered, wanted):
    """grex ls hides a URL's password, so the user part is left out of the comparison."""
    def bare(url):
        return re.sub(r"^([a-z][a-z0-9+.-]*://)[^/@]*@", r"\1", url.strip().rstrip("/"))
    return bare(registered) == bare(wanted)


def wanted_packs(module):
    packs = []
    for index, raw in enumerate(module.params["packs"]):
        entry = {"url": raw} if isinstance(raw, str) else dict(raw) if isinstance(raw, dict) else None
        if entry is None or not isinstance(entry.get("url"), str) or not entry["url"]:
            module.fail_json(msg="packs[%d] must be a URL or a dictionary with a url" % index)
        unknown = sorted(set(entry) - {"url", "path"} - set(ADD_OPTIONS))
        if unknown:
            module.fail_json(msg="packs[%d] has unknown keys: %s (known: url, path, %s)"
                             % (index, ", ".join(unknown), ", ".join(ADD_OPTIONS)))
        entry.setdefault("path", default_pack_path(entry["url"]))
        if isinstance(entry.get("tags"), str):
            entry["tags"] = [entry["tags"]]
        packs.append(entry)
    seen = {}
    for entry in packs:
        if entry["path"] in seen:
            module.fail_json(msg="two packs want the path %s: %s and %s"
                             % (entry["path"], redact(seen[entry["path"]]), redact(entry["url"])))
        seen[entry["path"]] = entry["url"]
    return packs


class Grex(object):
    def __init__(self, module, workspace):
        self.module = module
        self.workspace = workspace
        self.binary = module.params["grex"] or module.get_bin_path("grex", required=True)

    def run(self, *args, **kwargs):
        """Runs grex with --json in the workspace; returns (rc, document or None, stderr)."""
        command = [self.binary] + list(args) + ["--json"]
        if self.module.check_mode and kwargs.get("changes", True):
            command.append("--dry-run")
        if self.module.params["parallel"] is not None and kwargs.get("parallel", False):
            command += ["--parallel", str(self.module.params["parallel"])]
        rc, out, err = self.module.run_command(command, cwd=self.workspace)
        try:
            document = json.loads(out) if out.strip() else None
        except ValueError:
            document = None
        return rc, document, err

    def must(self, *args, **kwargs):
        rc, document, err = self.run(*args, **kwargs)
        if rc != 0:
            self.fail(args[0], rc, document, err)
        return document

    def fail(self, verb, rc, document, err):
        error = document.get("error") if isinstance(document, dict) else None
        if isinstance(error, dict):
            self.module.fail_json(msg="grex %s: %s" % (verb, error.get("message")), rc=rc,
                                  kind=error.get("kind"), reason=error.get("reason"))
        self.module.fail_json(msg="grex %s exited with %d: %s" % (verb, rc, err.strip()), rc=rc)


def sync_result(module, grex, result):
    rc, document, err = grex.run("sync", parallel=True)
    if not isinstance(document, dict) or "packs" not in document:
        grex.fail("sync", rc, document, err)
    packs = document.get("packs") or []
    result["outcomes"] = document.get("outcomes", {})
    result["changed_packs"] = [
        {"id": p["id"], "outcome": p["outcome"], "sha_before": p.get("sha_before"),
         "sha_after": p.get("sha_after")}
        for p in packs if p.get("outcome") in CHANGING_OUTCOMES]
    result["needs_you"] = [{"id": p["id"], "message": p.get("message", "")}
                           for p in packs if p.get("outcome") == "needs_you"]
    for pack in result["needs_you"]:
        module.warn("grex left %s alone: %s" % (pack["id"], pack["message"]))
    if result["changed_packs"]:
        result["changed"] = True
    failed = [p for p in packs if p.get("outcome") == "failed"]
    if rc != 0 or failed:
        result["failed_packs"] = [
            {"id": p["id"], "kind": (p.get("error") or {}).get("kind"),
             "reason": (p.get("error") or {}).get("reason"),
             "message": (p.get("error") or {}).get("message", p.get("message", ""))}
            for p in failed]
        names = "; ".join("%s: %s (%s): %s" % (f["id"], f["kind"], f["reason"], f["message"])
                          for f in result["failed_packs"])
        halted = document.get("halted") or {}
        why = names or halted.get("message") or (document.get("error") or {}).get("message") \
            or err.strip()
        module.fail_json(msg="grex sync failed for %d pack(s): %s" % (len(failed), why), rc=rc,
                         **result)


def only_here_entries(document):
    """The packs and tasks of a grex safe-to-leave document, each with what exists only here."""
    def count(entry, key, what):
        n = entry.get(key) or 0
        return ["%d %s" % (n, what)] if n else []
    entries = []
    for pack in document.get("packs") or []:
        parts = (count(pack, "changed_files", "changed file(s)")
                 + count(pack, "untracked_files", "untracked file(s)")
                 + count(pack, "stashes", "stash(es)"))
        if pack.get("unpushed_commits"):
            parts.append("%d unpushed commit(s) on %s"
                         % (pack["unpushed_commits"], ", ".join(pack.get("branches") or [])))
        entries.append(dict(pack, task=None, message=", ".join(parts)))
    for task in document.get("tasks") or []:
        parts = (count(task, "uncommitted_files", "file(s) not committed")
                 + count(task, "unpushed_commits", "commit(s) not pushed"))
        entry = dict(task, id=task.get("pack"), message=", ".join(parts))
        entry.pop("pack", None)
        entries.append(entry)
    return entries


def safe_to_leave(module, grex, result):
    # It only reads, so check mode runs it as is: there is nothing for --dry-run to hold back.
    rc, document, err = grex.run("safe-to-leave", changes=False)
    # Exit 7 is grex's verdict "something exists only here", not a failure of grex.
    if rc not in (0, 7) or not isinstance(document, dict) or "safe" not in document:
        grex.fail("safe-to-leave", rc, document, err)
    result["only_here"] = only_here_entries(document)
    if module.params["safe_to_leave"] and not document["safe"]:
        where = "; ".join("%s: %s" % (e["id"] if e["task"] is None
                                      else "task %s, pack %s" % (e["task"], e["id"]),
                                      e["message"])
                          for e in result["only_here"])
        module.fail_json(msg="work exists only on this host: %s" % where, rc=rc, **result)


def register(module, grex, missing):
    """Registers the missing packs: plain ones in one import, the others with grex add."""
    plain = [p for p in missing if not any(p.get(k) for k in ADD_OPTIONS)]
    if plain:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as listing:
            json.dump([{"url": p["url"], "path": p["path"]} for p in plain], listing)
        try:
            rc, document, err = grex.run("import", "--from-repos-json", listing.name)
        finally:
            os.unlink(listing.name)
        # A failed entry fails the import; the others are registered all the same.
        error = document.get("error") if isinstance(document, dict) else None
        report = (error or {}).get("report") if isinstance(error, dict) else document
        if rc != 0 and not isinstance(report, dict):
            grex.fail("import", rc, document, err)
        imported = [i["path"] for i in (report or {}).get("imported", [])]
        failed = (report or {}).get("failed", [])
        if failed:
            module.fail_json(msg="grex import could not register: %s" % "; ".join(
                "%s: %s" % (f["path"], f["error"]) for f in failed),
                changed=bool(imported), added=imported)
    for pack in missing:
        if pack in plain:
            continue
        args = ["add", pack["url"], pack["path"], "--no-install"]
        if pack.get("ref"):
            args += ["--ref", str(pack["ref"])]
        if pack.get("type"):
            args += ["--type", str(pack["type"])]
        if pack.get("depth"):
            args += ["--depth", str(pack["depth"])]
        for tag in pack.get("tags") or []:
            args += ["--tag", str(tag)]
        grex.must(*args)


def main():
    module = AnsibleModule(
        argument_spec=dict(
            path=dict(type="path", required=True),
            packs=dict(type="list", elements="raw", default=[]),
            exclusive=dict(type="bool", default=False),
            sync=dict(type="bool", default=True),
            safe_to_leave=dict(type="bool", default=False),
            parallel=dict(type="int"),
            grex=dict(type="path"),
        ),
        supports_check_mode=True,
    )
    workspace = os.path.abspath(module.params["path"])
    wanted = wanted_packs(module)
    result = {"changed": False, "workspace": workspace, "added": [], "removed": []}
    grex = Grex(module, workspace)

    if not os.path.isfile(os.path.join(workspace, "grex.jsonl")):
        result["changed"] = True
        result["added"] = [p["path"] for p in wanted]
        if module.check_mode:
            # Nothing to dry-run against: the workspace and its packs would all be new.
            module.exit_json(**result)
        if not os.path.isdir(workspace):
            os.makedirs(workspace)
        grex.must("init")

    # The tree's roots are the workspace's own packs; children belong to the packs that declare
    # them.
    registered = grex.must("ls", "--tree", changes=False) or []
    by_path = {p["path"]: p for p in registered}
    for pack in wanted:
        have = by_path.get(pack["path"])
        if have and have.get("url") and not same_url(have["url"], pack["url"]):
            module.fail_json(msg="pack %s is registered with another URL (%s), not %s; remove it "
                             "first (grex rm) to change its URL"
                             % (pack["path"], redact(have["url"]), redact(pack["url"])))
    missing = [p for p in wanted if p["path"] not in by_path]
    if missing:
        register(module, grex, missing)
        result["added"] = [p["path"] for p in missing]
        result["changed"] = True

    if module.params["exclusive"]:
        listed = {p["path"] for p in wanted}
        extra = [p["id"] for p in registered if p["path"] not in listed]
        for pack in extra:
            grex.must("rm", pack, "--yes")
        if extra:
            result["removed"] = extra
            result["changed"] = True

    if module.params["sync"]:
        sync_result(module, grex, result)
    safe_to_leave(module, grex, result)
    module.exit_json(**result)


if __name__ == "__main__":
    main()
