"""Subcommands of `review`: each module has `add_arguments(parser)` and `run(args) -> int`."""
