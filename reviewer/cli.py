"""The `review` command. No logic here: parse arguments, call the library, emit, set the exit code.

    review ARTICLE…            review articles (the default command)
    review facts check|list|show
    review eval [DIR]
    review batch PATH…
    review baseline create PATH…

Exit codes: 0 no contradicted or outdated finding (at or above --fail-on); 1 there is one;
2 usage, input or configuration error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .commands.common import iso_date
from .errors import ReviewError
from .lang import LANGUAGES
from .version import TOOL_NAME, __version__

FORMATS = ("markdown", "json", "concise", "github", "rdjson", "sarif")
STREAM_CHARS = 250_000  # JSON for articles longer than this in all is streamed (emitters.json.stream)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="review", description="Fact-check Markdown articles about AI accelerators against a curated fact base.",
        epilog="other commands: " + "; ".join(f"review {k}: {v[1]}" for k, v in SUBCOMMANDS.items())
               + " (see review COMMAND --help)")
    p.add_argument("paths", nargs="+", metavar="ARTICLE",
                   help="Markdown or text file(s) to review; '-' reads one from standard input")
    p.add_argument("--format", "-f", choices=FORMATS, default=None,
                   help="output format (default: the review log, rendered for the terminal on a terminal, else "
                        "markdown): markdown, the review log; json; for CI, concise (path:line:col: "
                        "CODE [severity] message), github (workflow commands: annotations), rdjson (reviewdog), "
                        "sarif (SARIF 2.1.0)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the terminal's review log: auto (default: on a terminal, unless NO_COLOR is set), "
                        "always (also into a pipe: the terminal's rendering), never")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="on a terminal, also list the verified facts, the unverifiable and set-aside claims and the "
                        "sources (default: their counts)")
    p.add_argument("--select", action="append", default=[], metavar="CODES",
                   help="only these checks (comma-separated codes or prefixes: HW101,HW106 or HW1; repeatable)")
    p.add_argument("--ignore", action="append", default=[], metavar="CODES",
                   help="not these checks (codes or prefixes, as --select)")
    p.add_argument("--lang", choices=LANGUAGES, help="article language (default: front matter, else detected)")
    p.add_argument("--as-of", type=iso_date, metavar="DATE",
                   help="date to check time-dependent facts at when the article has none (default: today)")
    p.add_argument("--fail-on", choices=("error", "warning", "none"), default=None,
                   help="lowest severity of a contradicted/outdated finding that makes the exit code 1 "
                        "(default: the config's, else warning, i.e. any)")
    p.add_argument("--facts", action="append", type=Path, default=[], metavar="DIR",
                   help="extra fact directory on top of the bundled fact base (repeatable)")
    p.add_argument("--spacy-model", metavar="NAME", help="an installed spaCy pipeline to use instead of a blank one")
    p.add_argument("--output", "-o", type=Path, metavar="FILE", help="write the output to FILE (atomically)")
    p.add_argument("--fix", action="store_true",
                   help="replace each contradicted value that has one clear replacement by it, in the file "
                        "(atomically; the rest is reported as usual)")
    p.add_argument("--diff", action="store_true",
                   help="print what --fix would change as a unified diff, change nothing (exit 1 when there is a fix)")
    p.add_argument("--append-log", action="store_true",
                   help="append the review log to the article (replacing one appended before); never reviewed itself")
    p.add_argument("--baseline", type=Path, metavar="FILE",
                   help="report only findings not recorded in FILE (made by 'review baseline create')")
    p.add_argument("--stdin-filename", metavar="NAME",
                   help="the name to report for the article read from standard input ('review -')")
    p.add_argument("--version", action="version", version=f"{TOOL_NAME} {__version__}")
    return p


# name -> (module under reviewer.commands, help). A file literally named like a subcommand is
# reviewed with `review ./facts`.
SUBCOMMANDS = {
    "facts": ("facts", "validate, list and look up the fact base"),
    "eval": ("evaluate", "measure accuracy against gold-annotated articles"),
    "batch": ("batch", "review every Markdown file under directories, with reports/ and a cache"),
    "config": ("config", "print the effective configuration and where each value came from"),
    "baseline": ("baseline", "record today's findings so that --baseline reports only new ones"),
    "action": ("action", "review the Markdown a pull request changes, as the GitHub Action does"),
}


def _subcommand(name: str):
    import importlib

    module = importlib.import_module(f".commands.{SUBCOMMANDS[name][0]}", __package__)
    p = argparse.ArgumentParser(prog=f"review {name}", description=SUBCOMMANDS[name][1])
    module.add_arguments(p)
    return p, module.run


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in SUBCOMMANDS:
        parser, run = _subcommand(argv[0])
        args = parser.parse_args(argv[1:])
    else:
        args, run = _parser().parse_args(argv), _run
    try:
        return run(args)
    except ReviewError as exc:
        print(f"review: {exc.line()}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("review: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `review facts list | head`: the reader left; not an error of ours
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace) -> int:
    from contextlib import nullcontext

    from . import config
    from .api import Reviewer, ReviewStream, check_codes, configured, exit_code, exit_code_of_streams
    from .baseline import Baseline
    from .commands import edit
    from .commands.common import open_factbase
    from .emitters import ci as ci_out
    from .emitters import json as json_out
    from .emitters import markdown as md_out
    from .emitters import tty
    from .output import atomic_writer, write_atomic

    first = next((p for p in args.paths if p != "-"), args.stdin_filename or ".")
    cfg = config.load(Path(first))  # [tool.review] or .review.toml, nearest the first article
    for name in ("lang", "fail_on", "as_of", "select", "ignore"):
        cfg.override(name, getattr(args, name))
    c = cfg.config
    select, ignore = check_codes(c.select), check_codes(c.ignore)
    fail_on = c.fail_on or config.DEFAULT_FAIL_ON
    _check_usage(args)
    baseline = Baseline.load(args.baseline) if args.baseline else None
    inputs = edit.read_inputs(args.paths, args.stdin_filename)  # every input read before any work or output
    if not inputs.sources:
        return 2
    reviewer = Reviewer(open_factbase([*cfg.fact_dirs(), *args.facts]), spacy_model=args.spacy_model)
    editing = args.fix or args.diff or args.append_log
    if args.format == "json" and not editing and baseline is None \
            and sum(len(s.text) for s in inputs.sources) > STREAM_CHARS:
        # a long article: its findings go to the output run by run, never all in memory
        streams = [ReviewStream(reviewer, s, lang=c.lang, as_of=c.as_of, select=select, ignore=ignore,
                                severity=c.severity) for s in inputs.sources]
        with atomic_writer(args.output) if args.output else nullcontext(sys.stdout) as out:
            json_out.stream(out, streams)
        return max(exit_code_of_streams(streams, fail_on), 2 * bool(inputs.failed))

    def review(src):
        return configured(reviewer.review_source(src, lang=c.lang, as_of=c.as_of), select, ignore, c.severity)

    if editing:
        done = edit.edit(inputs, review, do_fix=args.fix, diff=args.diff, append_log=args.append_log,
                         render_log=md_out.render_one)
        if args.diff:
            sys.stdout.write(done.diff)
            return 2 if inputs.failed else int(bool(done.diff))
        if done.stdout_text is not None:  # `review - --fix`: the article goes back out, as editors' plugins expect
            sys.stdout.write(done.stdout_text)
            return max(exit_code(done.reports, fail_on), 2 * bool(inputs.failed))
        reports = done.reports
    else:
        reports = [review(s) for s in inputs.sources]
    if baseline is not None:
        reports = baseline.filter_all(reports)
    if args.format == "json":
        text = json_out.render(reports)
    elif args.format is None and args.output is None and tty.wants_terminal(args.color, sys.stdout):
        from .emitters import terminal as term_out  # (rich only when the log goes to a terminal)

        text = term_out.render(reports, color=tty.wants_color(args.color, sys.stdout), verbose=args.verbose,
                               width=tty.width_of(sys.stdout))
    elif args.format in (None, "markdown"):
        text = md_out.render(reports)
    else:
        text = ci_out.RENDERERS[args.format](reports)
    if args.output:
        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return max(exit_code(reports, fail_on), 2 * bool(inputs.failed))


def _check_usage(args: argparse.Namespace) -> None:
    from .errors import UsageError

    if args.paths.count("-") > 1:
        raise UsageError("standard input ('-') can be read once")
    if args.fix and args.diff:
        raise UsageError("--fix and --diff do not go together: --diff shows what --fix would change")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
