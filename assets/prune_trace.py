"""Trace a Python alpha-beta in the lines `prune check` reads.

Put this file beside your engine, decorate the search function, and call the helpers where
your search narrows its window, cuts off or stores a table entry:

    from prune_trace import traced, window, cutoff, store

    @traced(node="state", depth="depth", alpha="alpha", beta="beta")
    def alphabeta(state, depth, alpha, beta):
        ...
        window(state, alpha, beta)        # after raising alpha or lowering beta
        cutoff(state, alpha, beta, move)  # where the loop stops early
        return value, move                # or just value

Every call prints an `enter` line from its arguments and a `return` line from its result (a
value, or a pair of value and move). `node` (and `depth`, `alpha`, `beta`) name a parameter of
the decorated function, or are functions whose parameters are named like the decorated
function's and are given those arguments: `node=lambda state: state.name`. Infinite bounds
(`math.inf`, `float("inf")`, or any integer a million or more from zero) are written "inf"
and "-inf". Lines go to standard output, or to the file the environment variable PRUNE_TRACE
names.

Then: `python3 engine.py > mine.jsonl && prune check mine.jsonl --against LESSON`.
"""

import functools
import inspect
import json
import math
import os
import sys

_stream = None


def _out():
    global _stream
    if _stream is None:
        path = os.environ.get("PRUNE_TRACE")
        _stream = open(path, "w", encoding="utf-8") if path else sys.stdout
    return _stream


def _bound(v):
    """A bound or value as the schema writes it."""
    if v is None:
        return None
    if isinstance(v, float):
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v.is_integer():
            return int(v)
        return v  # prune check refuses a fraction with its line number
    if abs(v) >= 1_000_000:
        return "inf" if v > 0 else "-inf"
    return v


def _name(node):
    """A node as the schema names it: a number stays a number, anything else its text."""
    return node if isinstance(node, int) and not isinstance(node, bool) else str(node)


def emit(event, node, **fields):
    """One line of the schema; fields given as None are left out (and not compared)."""
    line = {"event": event, "node": _name(node)}
    for key, value in fields.items():
        if value is None:
            continue
        line[key] = _bound(value) if key in ("alpha", "beta", "value") else value
    _out().write(json.dumps(line) + "\n")


def window(node, alpha, beta):
    """The window of `node` after a child's value narrowed it."""
    emit("window", node, alpha=alpha, beta=beta)


def cutoff(node, alpha=None, beta=None, move=None):
    """The search of `node` stops: the window has closed after `move`."""
    emit("cutoff", node, alpha=alpha, beta=beta, move=move)


def store(node, depth, value, flag, move=None):
    """A table entry written for `node`: flag is "EXACT", "LOWER" or "UPPER"."""
    emit("store", node, depth=depth, value=value, flag=flag, move=move)


def probe(node, depth, hit, value=None, flag=None):
    """A table lookup for `node`: whether an entry was found, and which."""
    emit("probe", node, depth=depth, hit=hit, value=value, flag=flag)


def _reader(spec, signature):
    """A function of the bound arguments reading one field: a parameter's name, a function
    of parameters named like the search's, or None for a field not printed."""
    if spec is None:
        return lambda args: None
    if callable(spec):
        wanted = list(inspect.signature(spec).parameters)
        unknown = [p for p in wanted if p not in signature.parameters]
        if unknown:
            raise TypeError(f"prune_trace: the search has no parameter {unknown[0]!r}")
        return lambda args: spec(*(args[p] for p in wanted))
    if spec not in signature.parameters:
        raise TypeError(f"prune_trace: the search has no parameter {spec!r}")
    return lambda args: args[spec]


def traced(node, depth=None, alpha=None, beta=None):
    """Decorate a search function: an `enter` line at every call, a `return` line after."""

    def decorate(search):
        signature = inspect.signature(search)
        read_node = _reader(node, signature)
        read_depth = _reader(depth, signature)
        read_alpha = _reader(alpha, signature)
        read_beta = _reader(beta, signature)

        @functools.wraps(search)
        def call(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            given = bound.arguments
            name = read_node(given)
            emit(
                "enter",
                name,
                depth=read_depth(given),
                alpha=read_alpha(given),
                beta=read_beta(given),
            )
            result = search(*args, **kwargs)
            value, move = result if isinstance(result, tuple) else (result, None)
            emit("return", name, value=value, move=move)
            return result

        return call

    return decorate
