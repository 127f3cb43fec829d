#!/usr/bin/python3
"""The grex_workspace Ansible module (contrib/ansible), run by Debian's ansible-playbook against
localhost, on upstreams made here: the worked example's playbook on three local "hosts", then
one host through every case the module promises.

  tst_ansible.py GREX SOURCE_DIR
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

GREX = SOURCE = None


def git(*args, cwd=None):
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@grex.invalid", *args],
                          cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def make_upstream(root, name, pack_yaml=None):
    """A bare repository root/name.git with one commit; returns its file:// URL."""
    work = root / ("work-" + name)
    git("init", "-q", "-b", "main", str(work))
    (work / "README.md").write_text("# %s\n" % name)
    if pack_yaml:
        (work / ".grex").mkdir()
        (work / ".grex" / "pack.yaml").write_text(pack_yaml)
    git("add", "-A", cwd=work)
    git("commit", "-qm", "first", cwd=work)
    git("clone", "-q", "--bare", str(work), str(root / (name + ".git")))
    git("remote", "add", "origin", str(root / (name + ".git")), cwd=work)
    return "file://%s/%s.git" % (root, name)


def advance(root, name):
    work = root / ("work-" + name)
    changes = work / "CHANGES"
    changes.write_text((changes.read_text() if changes.exists() else "") + "one more\n")
    git("add", "-A", cwd=work)
    git("commit", "-qm", "more", cwd=work)
    git("push", "-q", "origin", "main", cwd=work)


class AnsibleModuleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = pathlib.Path(tempfile.mkdtemp(prefix="tst_ansible-"))
        cls.up = cls.tmp / "up"
        cls.up.mkdir()
        cls.urls = {
            "alpha": make_upstream(cls.up, "alpha"),
            "beta": make_upstream(cls.up, "beta"),
            # A pack with an action, so that "installed" is seen too.
            "tools": make_upstream(cls.up, "tools", (
                'schema_version: "1"\nname: tools\ntype: declarative\nactions:\n'
                '  - mkdir:\n      path: "$HOME/made-by-tools"\n')),
        }
        cls.home = cls.tmp / "home"
        cls.home.mkdir()
        cls.env = dict(os.environ)
        cls.env.update({
            "HOME": str(cls.home),
            "PATH": "%s:%s" % (os.path.dirname(GREX), os.environ.get("PATH", "/usr/bin:/bin")),
            "ANSIBLE_LIBRARY": str(SOURCE / "contrib/ansible/library"),
            "ANSIBLE_LOCAL_TEMP": str(cls.tmp / "ansible-local"),
            "ANSIBLE_REMOTE_TEMP": str(cls.tmp / "ansible-remote"),
            "ANSIBLE_NOCOLOR": "1",
            "ANSIBLE_RETRY_FILES_ENABLED": "0",
            "ANSIBLE_PYTHON_INTERPRETER": "/usr/bin/python3",
            "ANSIBLE_CONFIG": str(cls.tmp / "none.cfg"),
            "GIT_CONFIG_NOSYSTEM": "1",
        })
        (cls.home / ".gitconfig").write_text("[user]\n\tname = t\n\temail = t@grex.invalid\n")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def playbook(self, playbook, inventory, extra=None, check=False, expect_rc=(0,)):
        """Runs ansible-playbook; returns {host: its registered result}. ansible-core has no
        JSON output of its own, so the playbook's last play writes each host's result to
        results/<host>.json."""
        results = self.tmp / "results"
        shutil.rmtree(results, ignore_errors=True)
        results.mkdir()
        command = ["ansible-playbook", "-i", str(inventory), str(playbook)]
        extra = dict(extra or {}, results_dir=str(results))
        extra_file = self.tmp / "extra.json"
        extra_file.write_text(json.dumps(extra))
        command += ["-e", "@%s" % extra_file]
        if check:
            command.append("--check")
        run = subprocess.run(command, env=self.env, capture_output=True, text=True,
                             cwd=str(self.tmp))
        self.assertIn(run.returncode, expect_rc, run.stdout[-4000:] + run.stderr[-4000:])
        return {f.stem: json.loads(f.read_text()) for f in results.glob("*.json")}

    DUMP = ("    - ansible.builtin.copy:\n"
            "        content: '{{ workspace | to_json }}'\n"
            "        dest: '{{ results_dir }}/{{ inventory_hostname }}.json'\n"
            "      check_mode: false\n")

    def one_host(self, args, check=False, expect_rc=(0,)):
        """The module once on localhost (connection local) with these arguments."""
        playbook = self.tmp / "one.yml"
        playbook.write_text(
            "- hosts: localhost\n  gather_facts: false\n  tasks:\n"
            "    - grex_workspace: '{{ module_args }}'\n"
            "      register: workspace\n      ignore_errors: true\n" + self.DUMP +
            "    - ansible.builtin.fail:\n        msg: the module failed\n"
            "      when: workspace.failed\n")
        inventory = self.tmp / "local.ini"
        inventory.write_text("localhost ansible_connection=local\n")
        return self.playbook(playbook, inventory, {"module_args": args}, check,
                             expect_rc)["localhost"]

    def ids(self, workspace):
        listed = subprocess.run([GREX, "ls", "--json"], cwd=workspace, env=self.env,
                                capture_output=True, text=True, check=True)
        return sorted(p["id"] for p in json.loads(listed.stdout))

    def test_0_documentation_parses(self):
        """ansible-doc reads the module's DOCUMENTATION, EXAMPLES and RETURN."""
        shown = subprocess.run(["ansible-doc", "--json", "-M",
                                str(SOURCE / "contrib/ansible/library"), "grex_workspace"],
                               env=self.env, capture_output=True, text=True)
        self.assertEqual(shown.returncode, 0, shown.stderr)
        doc = json.loads(shown.stdout)["grex_workspace"]
        self.assertEqual(sorted(doc["doc"]["options"]),
                         ["exclusive", "grex", "packs", "parallel", "path", "safe_to_leave",
                          "sync"])
        self.assertIn("changed_packs", doc["return"])
        self.assertIn("only_here", doc["return"])
        self.assertIn("grex_workspace:", doc["examples"])

    def test_1_worked_example_on_three_hosts(self):
        """The user guide's playbook brings three hosts' workspaces to the same packs."""
        example = self.tmp / "fleet-and-results.yml"
        example.write_text("- import_playbook: %s\n- hosts: workspaces\n  gather_facts: false\n"
                           "  tasks:\n%s" % (SOURCE / "contrib/ansible/examples/fleet.yml",
                                              self.DUMP))
        inventory = self.tmp / "fleet.ini"
        hosts = ["laptop", "ci-runner", "build-server"]
        inventory.write_text("[workspaces]\n" + "".join(
            "%s ansible_connection=local grex_workspace_path=%s\n" % (h, self.tmp / ("ws-" + h))
            for h in hosts))
        packs = [self.urls["alpha"], {"url": self.urls["tools"], "tags": ["cli"]}]
        first = self.playbook(example, inventory, {"team_packs": packs})
        for host in hosts:
            self.assertTrue(first[host]["changed"], host)
            self.assertEqual(sorted(first[host]["added"]), ["alpha", "tools"])
            self.assertEqual(self.ids(self.tmp / ("ws-" + host)), ["alpha", "tools"])
            # grex add clones a pack with tags at once, so sync only installs it.
            self.assertEqual((first[host]["outcomes"]["cloned"],
                              first[host]["outcomes"]["installed"]), (1, 1), first[host])
        again = self.playbook(example, inventory, {"team_packs": packs})
        for host in hosts:
            self.assertFalse(again[host]["changed"], again[host])

    def test_2_changed_only_when_a_pack_moves(self):
        ws = self.tmp / "ws-one"
        shutil.rmtree(self.home / "made-by-tools", ignore_errors=True)  # test_1 made it too
        args = {"path": str(ws), "packs": [self.urls["alpha"], self.urls["tools"]]}
        first = self.one_host(args)
        self.assertTrue(first["changed"])
        self.assertEqual(sorted(first["added"]), ["alpha", "tools"])
        self.assertTrue((self.home / "made-by-tools").is_dir(), "tools' mkdir action ran")
        kinds = {p["id"]: p["outcome"] for p in first["changed_packs"]}
        self.assertEqual(kinds, {"alpha": "cloned", "tools": "cloned"})

        self.assertFalse(self.one_host(args)["changed"], "nothing new: not changed")

        advance(self.up, "alpha")
        moved = self.one_host(args)
        self.assertTrue(moved["changed"])
        self.assertEqual([(p["id"], p["outcome"]) for p in moved["changed_packs"]],
                         [("alpha", "updated")])
        self.assertNotEqual(moved["changed_packs"][0]["sha_before"],
                            moved["changed_packs"][0]["sha_after"])

        # Check mode: adding beta is a change, and nothing is registered or cloned.
        planned = self.one_host(dict(args, packs=args["packs"] + [self.urls["beta"]]),
                                check=True)
        self.assertTrue(planned["changed"])
        self.assertEqual(planned["added"], ["beta"])
        self.assertEqual(self.ids(ws), ["alpha", "tools"])
        self.assertFalse((ws / "beta").exists())

        # Local work is left alone and reported, not failed.
        (ws / "alpha" / "README.md").write_text("edited here\n")
        advance(self.up, "alpha")
        kept = self.one_host(args)
        self.assertEqual([p["id"] for p in kept["needs_you"]], ["alpha"], kept)
        self.assertTrue(any("alpha" in w for w in kept.get("warnings", [])), kept)
        git("checkout", "--", "README.md", cwd=ws / "alpha")

        # exclusive removes what the list no longer names.
        trimmed = self.one_host(dict(args, packs=[self.urls["alpha"]], exclusive=True))
        self.assertTrue(trimmed["changed"])
        self.assertEqual(trimmed["removed"], ["tools"])
        self.assertEqual(self.ids(ws), ["alpha"])
        self.assertFalse((ws / "tools").exists())

    def test_3_failures_name_the_pack_and_its_kind(self):
        ws = self.tmp / "ws-fail"
        missing = "file://%s/nowhere.git" % self.up
        failed = self.one_host({"path": str(ws), "packs": [self.urls["beta"], missing]},
                               expect_rc=(2,))
        self.assertTrue(failed.get("failed"), failed)
        self.assertEqual([(p["id"], p["kind"]) for p in failed["failed_packs"]],
                         [("nowhere", "pack_op")], failed)
        self.assertIn("nowhere: pack_op", failed["msg"])
        self.assertEqual(failed["outcomes"]["failed"], 1)

        clash = self.one_host({"path": str(ws), "packs": [{"url": self.urls["alpha"],
                                                           "path": "beta"}]}, expect_rc=(2,))
        self.assertIn("registered with another URL", clash["msg"])

        bad = self.one_host({"path": str(ws), "packs": [{"path": "x"}]}, expect_rc=(2,))
        self.assertIn("packs[0] must be a URL", bad["msg"])

        # One entry grex cannot import: the task fails naming it, and says what it did add.
        partly = self.one_host({"path": str(self.tmp / "ws-partly"), "packs": [
            self.urls["alpha"], {"url": self.urls["beta"], "path": "../beta"}]},
            expect_rc=(2,))
        self.assertIn("../beta", partly["msg"])
        self.assertEqual(partly["added"], ["alpha"], partly)
        self.assertTrue(partly["changed"])

        # A token in a URL stays out of the task's messages.
        secret = "https://user:s3cret-token@example.invalid/alpha.git"
        clash = self.one_host({"path": str(ws), "packs": [
            {"url": secret, "path": "beta"}]}, expect_rc=(2,))
        self.assertNotIn("s3cret-token", json.dumps(clash))


    def test_4_ci_examples_run_as_written(self):
        """The grex commands of contrib/ci's jobs, run in a workspace of one pack: a sync that
        writes its JSON document, then status --fail-on-drift, which passes clean and exits 7
        once a pack drifted."""
        import yaml
        ws = self.tmp / "ws-ci"
        self.one_host({"path": str(ws), "packs": [self.urls["beta"]], "sync": False})
        jobs = yaml.safe_load((SOURCE / "contrib/ci/github-actions.yml").read_text())["jobs"]
        github = [line for step in jobs["sync"]["steps"]
                  for line in str(step.get("run", "")).splitlines() if line.startswith("grex ")]
        gitlab = yaml.safe_load((SOURCE / "contrib/ci/gitlab-ci.yml").read_text())
        gitlab = [line for line in gitlab["grex-sync"]["script"] if line.startswith("grex ")]
        self.assertEqual(github, ["grex sync --json > sync.json", "grex status --fail-on-drift"])
        self.assertEqual(gitlab, github)
        for line in github:
            subprocess.run(line, shell=True, cwd=ws, env=self.env, check=True)
        synced = json.loads((ws / "sync.json").read_text())
        self.assertEqual(synced["outcomes"]["cloned"], 1)
        (ws / "beta" / "README.md").write_text("drifted\n")
        drift = subprocess.run(github[-1], shell=True, cwd=ws, env=self.env,
                               capture_output=True, text=True)
        self.assertEqual(drift.returncode, 7, drift.stdout + drift.stderr)

    def test_5_safe_to_leave(self):
        """only_here lists the work that exists only on this host, check mode included;
        safe_to_leave fails the task on it, naming each pack, task and branch."""
        ws = self.tmp / "ws-leave"
        args = {"path": str(ws), "packs": [self.urls["alpha"], self.urls["beta"]]}
        clean = self.one_host(dict(args, safe_to_leave=True))
        self.assertFalse(clean.get("failed"), clean)
        self.assertEqual(sorted(clean["added"]), ["alpha", "beta"])
        self.assertEqual(clean["only_here"], [])

        # A commit on a side branch that no remote has (alpha stays on main), a stash in beta,
        # and a file not committed in a task's worktree of beta.
        git("checkout", "-qb", "side", cwd=ws / "alpha")
        (ws / "alpha" / "SIDE").write_text("only here\n")
        git("add", "SIDE", cwd=ws / "alpha")
        git("commit", "-qm", "side work", cwd=ws / "alpha")
        git("checkout", "-q", "-", cwd=ws / "alpha")
        (ws / "beta" / "README.md").write_text("stashed here\n")
        git("stash", "-q", cwd=ws / "beta")
        subprocess.run([GREX, "task", "start", "fix", "beta", "--json"], cwd=ws, env=self.env,
                       capture_output=True, text=True, check=True)
        (ws / ".grex-tasks" / "fix" / "beta" / "NEW").write_text("not committed\n")
        expected = [("alpha", None, 1, ["side"], 0, None), ("beta", None, 0, [], 1, None),
                    ("beta", "fix", 0, None, None, 1)]

        def summary(result):
            return [(e["id"], e["task"], e["unpushed_commits"], e.get("branches"),
                     e.get("stashes"), e.get("uncommitted_files")) for e in result["only_here"]]

        reported = self.one_host(args)
        self.assertFalse(reported.get("failed"), reported)
        self.assertEqual(summary(reported), expected, reported)
        self.assertEqual(summary(self.one_host(args, check=True)), expected)

        for check in (False, True):
            refused = self.one_host(dict(args, safe_to_leave=True), check=check, expect_rc=(2,))
            self.assertTrue(refused.get("failed"), refused)
            self.assertEqual(summary(refused), expected, refused)
            self.assertIn("alpha: 1 unpushed commit(s) on side", refused["msg"])
            self.assertIn("beta: 1 stash(es)", refused["msg"])
            self.assertIn("task fix, pack beta: 1 file(s) not committed", refused["msg"])

        # exclusive's grex rm makes the same check: the side branch's commit keeps alpha.
        kept = self.one_host(dict(args, packs=[self.urls["beta"]], exclusive=True),
                             expect_rc=(2,))
        self.assertEqual(kept.get("reason"), "local_changes", kept)
        self.assertIn("pack 'alpha'", kept["msg"])
        self.assertEqual(self.ids(ws), ["alpha", "beta"])
        self.assertTrue((ws / "alpha" / ".git").exists())


if __name__ == "__main__":
    GREX = os.path.abspath(sys.argv[1])
    SOURCE = pathlib.Path(sys.argv[2]).resolve()
    unittest.main(argv=[sys.argv[0], "-v"])
