"""The GitHub Action (action.yml, `review action`) on a real git repository: a base commit and a pull request's
head with an added article, a modified one (an old error on an untouched line, a new one on a changed line), a
renamed one, a deleted one, and a change to the repository's facts that would make a wrong claim pass. The
review step runs as the composite action runs it: its inputs as environment variables, with GitHub's event
payload, step summary and output files; its `run` script in bash once (the first test), its command in this
process (conftest.cli) in the others."""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import cli
from test_ci_formats import sarif_errors

ROOT = Path(__file__).parent.parent
SOURCE = '[{title: "Acme X1 datasheet (test fixture)", url: "https://acme.example/x1", date: 2026-01-10}]'
FACTS = """entities:
  - {id: acme-x1, name: Acme X1, kind: chip, aliases: [X1]}
facts:
  - {entity: acme-x1, attribute: memory_capacity, value: %s, unit: GB, checked: 2026-01-10, sources: %s}
"""
TIERS = "primary:\n  - {host: acme.example, publisher: Acme (the vendor's own datasheets)}\n"


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture()
def pr(tmp_path):
    repo = tmp_path / "blog"
    (repo / "posts").mkdir(parents=True)
    (repo / "our-facts").mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.email", "t@example.com")
    git(repo, "config", "user.name", "Test")
    (repo / "our-facts" / "acme.yaml").write_text(FACTS % (64, SOURCE))
    (repo / "our-facts" / "source-tiers.yaml").write_text(TIERS)  # the publication's own sources are primary
    (repo / "posts" / "old.md").write_text("Trainium3 has 96 GB of HBM3e.\n\nTrainium3 uses NeuronLink-v4.\n")
    (repo / "posts" / "renamed.md").write_text("Trainium2 has 96 GB.\n\nTrainium3 has 96 GB too.\n")
    (repo / "posts" / "deleted.md").write_text("Trainium3 has 96 GB.\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    base = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-qb", "pr")
    (repo / "posts" / "old.md").write_text("Trainium3 has 96 GB of HBM3e.\n\nTrainium3 uses NeuronLink-v3.\n")
    (repo / "posts" / "new article, 100%.md").write_text("The Acme X1 has 48 GB of memory.\n\nTrainium3 has 144 GB.\n")
    git(repo, "mv", "posts/renamed.md", "posts/moved.md")
    git(repo, "rm", "-q", "posts/deleted.md")
    (repo / "our-facts" / "acme.yaml").write_text(FACTS % (48, SOURCE))  # would make the new claim pass
    (repo / "notes.txt").write_text("Trainium3 has 96 GB.\n")  # not Markdown: not reviewed
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "pr")
    head = git(repo, "rev-parse", "HEAD")
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"base": {"sha": base}, "head": {"sha": head}}}))
    env = {**os.environ, "GITHUB_EVENT_PATH": str(event), "GITHUB_WORKSPACE": str(repo),
           "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"), "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
           "RUNNER_TEMP": str(tmp_path), "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return repo, env, tmp_path


def run_review_step(env, inputs, cwd, monkeypatch=None):
    """The composite action's review step: its env block with ${{ inputs.* }} filled in, its script in bash; or,
    given `monkeypatch`, its command (`review action`) in this process with that environment (conftest.cli)."""
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    defaults = {k: v.get("default", "") for k, v in action["inputs"].items()}
    values = {**defaults, **inputs}
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "review")
    step_env = {k: re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: str(values[m[1]]), v)
                for k, v in step["env"].items()}
    if monkeypatch is None:
        assert shutil.which("bash")
        return subprocess.run(["bash", "-e", "-c", step["run"]], env={**env, **step_env}, cwd=cwd,
                              capture_output=True, text=True, timeout=300)
    command = shlex.split(step["run"])
    assert command[0] == "review", step["run"]  # one command, nothing else in the script
    for name in os.environ.keys() - env.keys():
        monkeypatch.delenv(name)
    for name, value in {**env, **step_env}.items():
        monkeypatch.setenv(name, value)
    return cli(*command[1:], cwd=cwd)


@pytest.mark.slow
def test_the_action_reviews_only_the_pull_request_s_lines_with_the_base_facts(pr):
    repo, env, tmp = pr
    p = run_review_step(env, {"facts": "our-facts", "sarif-file": str(tmp / "review.sarif")}, cwd=repo)
    assert p.returncode == 1, p.stderr  # errors on changed lines, fail-on error
    annotations = p.stdout.splitlines()
    files_lines = sorted(re.search(r"file=([^,]+),line=(\d+)", a).groups() for a in annotations)
    # old.md: only the changed line 3 (NeuronLink-v3 on Trainium3), not the old 96 GB on line 1; the new article:
    # the Acme X1's 48 GB, still wrong against the base branch's facts; moved.md: a rename, no line changed
    assert files_lines == [("posts/new article%2C 100%25.md", "1"), ("posts/old.md", "3")], annotations
    assert all(a.startswith("::error ") for a in annotations)
    assert not any("deleted.md" in a or "notes.txt" in a or "moved.md" in a for a in annotations)
    summary = (tmp / "summary.md").read_text()
    assert summary.startswith("## Fact review: 2 error(s), 0 warning(s) in 3 file(s)")
    assert "changes the fact base" in summary and "`our-facts/acme.yaml`" in summary
    assert "Technical Review Log" in summary and "posts/old.md" in summary
    outputs = dict(line.split("=", 1) for line in (tmp / "output.txt").read_text().splitlines())
    assert outputs["findings"] == "2" and outputs["errors"] == "2"
    assert Path(outputs["report"]).read_text() == summary
    sarif = json.loads((tmp / "review.sarif").read_text())
    uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"])
    assert uris == ["posts/new article, 100%.md", "posts/old.md"]
    assert sarif_errors(sarif) == []  # the OASIS schema


def test_filter_file_reports_the_whole_changed_files(pr, monkeypatch):
    repo, env, _tmp = pr
    p = run_review_step(env, {"facts": "our-facts", "filter": "file"}, cwd=repo, monkeypatch=monkeypatch)
    files_lines = sorted(re.search(r"file=([^,]+),line=(\d+)", a).groups() for a in p.stdout.splitlines())
    assert ("posts/old.md", "1") in files_lines  # the old error too
    assert ("posts/moved.md", "3") in files_lines  # a renamed file is reviewed
    assert not any(f == "posts/deleted.md" for f, _ in files_lines)


def test_fail_on_none_and_paths(pr, monkeypatch):
    repo, env, _tmp = pr
    p = run_review_step(env, {"facts": "our-facts", "fail-on": "none", "paths": "posts/old.md"}, cwd=repo,
                        monkeypatch=monkeypatch)
    assert p.returncode == 0
    assert [re.search(r"file=([^,]+)", a)[1] for a in p.stdout.splitlines()] == ["posts/old.md"]


def test_without_a_pull_request_event_it_is_one_error_line(pr, tmp_path, monkeypatch):
    repo, env, _tmp = pr
    env = {k: v for k, v in env.items() if k != "GITHUB_EVENT_PATH"}
    p = run_review_step(env, {}, cwd=repo, monkeypatch=monkeypatch)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "base commit" in p.stderr


def test_the_documented_workflow_is_safe():
    readme = (ROOT / "README.md").read_text()
    block = readme.split("```yaml\n# .github/workflows/fact-review.yml", 1)[1].split("```", 1)[0]
    workflow = yaml.safe_load(block)
    assert "pull_request" in workflow[True] and "pull_request_target" not in workflow[True]  # `on:` reads as True
    assert workflow["permissions"] == {"contents": "read"}
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    review = next(s for s in action["runs"]["steps"] if s.get("id") == "review")
    assert "${{" not in review["run"]  # inputs reach the script as environment variables only


def _validate(doc, schema_name):
    import importlib.resources

    from jsonschema import validators

    schema = json.loads(importlib.resources.files("check_jsonschema.builtin_schemas.vendor")
                        .joinpath(schema_name).read_text(encoding="utf-8"))
    return [e.message for e in validators.validator_for(schema)(schema).iter_errors(doc)]


def test_action_yml_and_the_documented_workflow_validate_against_their_schemas():
    """SchemaStore's schemas for action metadata and workflow files, as check-jsonschema ships them."""
    assert _validate(yaml.safe_load((ROOT / "action.yml").read_text()), "github-actions.json") == []
    readme = (ROOT / "README.md").read_text()
    workflow = yaml.safe_load(readme.split("```yaml\n# .github/workflows/fact-review.yml", 1)[1].split("```", 1)[0])
    workflow["on"] = workflow.pop(True)  # YAML 1.1 reads the key `on` as true
    assert _validate(workflow, "github-workflows.json") == []



class _FakeGitHub:
    """GitHub's review-comment endpoints on a local HTTP server (the real API is not reachable here)."""

    def __init__(self):
        import http.server
        import threading

        self.comments: list[dict] = []
        self.calls: list[tuple[str, str]] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _reply(self, code, payload):
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _body(self):
                return json.loads(self.rfile.read(int(self.headers["Content-Length"])))

            def do_GET(self):
                outer.calls.append(("GET", self.path))
                assert self.headers["Authorization"] == "Bearer t0ken"
                self._reply(200, outer.comments if "page=1" in self.path else [])

            def do_POST(self):
                outer.calls.append(("POST", self.path))
                c = {**self._body(), "id": len(outer.comments) + 1}
                outer.comments.append(c)
                self._reply(201, c)

            def do_PATCH(self):
                outer.calls.append(("PATCH", self.path))
                cid = int(self.path.rsplit("/", 1)[1])
                c = next(c for c in outer.comments if c["id"] == cid)
                c.update(self._body())
                self._reply(200, c)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


def test_review_comments_carry_a_suggestion_and_are_updated_not_duplicated(pr, monkeypatch):
    repo, env, _tmp = pr
    gh = _FakeGitHub()
    try:
        event = json.loads(Path(env["GITHUB_EVENT_PATH"]).read_text())
        event["pull_request"]["number"] = 7
        Path(env["GITHUB_EVENT_PATH"]).write_text(json.dumps(event))
        env = {**env, "GITHUB_REPOSITORY": "blog/site", "GITHUB_API_URL": gh.url}
        inputs = {"facts": "our-facts", "comment": "true", "token": "t0ken"}
        p = run_review_step(env, inputs, cwd=repo, monkeypatch=monkeypatch)
        assert "2 review comment(s) posted, 0 updated" in p.stderr, p.stderr
        by_path = {c["path"]: c for c in gh.comments}
        new = by_path["posts/new article, 100%.md"]
        assert new["line"] == 1 and new["side"] == "RIGHT" and new["commit_id"] == event["pull_request"]["head"]["sha"]
        assert "```suggestion\nThe Acme X1 has 64 GB of memory.\n```" in new["body"]
        assert "NeuronLink-v4" in by_path["posts/old.md"]["body"]
        p = run_review_step(env, inputs, cwd=repo, monkeypatch=monkeypatch)  # the next push, nothing changed: nothing added
        assert "0 review comment(s) posted, 0 updated" in p.stderr
        assert len(gh.comments) == 2
        gh.comments[0]["body"] = "edited by hand <!-- hw-fact-review:" + gh.comments[0]["body"].split(
            "<!-- hw-fact-review:", 1)[1]
        p = run_review_step(env, inputs, cwd=repo, monkeypatch=monkeypatch)
        assert "0 review comment(s) posted, 1 updated" in p.stderr and len(gh.comments) == 2
        assert ("PATCH", "/repos/blog/site/pulls/comments/1") in gh.calls
    finally:
        gh.server.shutdown()
