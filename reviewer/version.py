"""The tool's name and version, in one place: the package, the CLI's --version, the reports and the
build (pyproject.toml reads the version from here)."""

TOOL_NAME = "hw-fact-reviewer"
__version__ = "0.1.0"
