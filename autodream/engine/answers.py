"""The person's answers to the agent's questions (Claude Code's AskUserQuestion dialog).

An answer is what the person picked among the options the agent offered, or typed instead; the
question is the agent's words, read only to tell what the answer is about. A choice of how the
project is built (its approach, stack, layout, storage, API) is a decision that lasts; any
other answer settles the work at hand ("What should the loop iterate on?", "Commit now?") and
is not kept. An answer is never read as a statement of its own: "Remember to ..." typed into
the dialog answers the agent, it asks memory for nothing.
"""

from __future__ import annotations

import re

from autodream import rx

# What a lasting choice of how the project is built names, in the question or its header
_BUILT = (
    "api", "apis", "approach", "architecture", "auth", "authentication", "authorization",
    "backend", "build tool", "bundler", "cache", "caching", "codebase", "convention",
    "conventions", "contract", "data model", "database", "databases", "dependencies",
    "dependency", "deployment", "design", "directory", "directories", "endpoint", "endpoints",
    "folder", "folders", "format", "framework", "frameworks", "frontend", "hosting",
    "infrastructure", "language", "layout", "libraries", "library", "migration", "monorepo",
    "naming", "orm", "package manager", "pattern", "persistence", "protocol", "queue",
    "repository", "runtime", "schema", "stack", "state management", "storage", "strategy",
    "structure", "style", "toolchain",
)
_BUILT_WORD = rx.compile(
    r"\b(?:" + "|".join(re.escape(word).replace(r"\ ", r"\s+")
                        for word in sorted(_BUILT, key=lambda w: (-len(w), w))) + r")\b",
    re.IGNORECASE)
# A question about the work at hand, whatever it names ("Should I proceed with the migration?",
# "Which endpoint should I fix first?", "Do you want me to commit the schema change?", "Which
# approach should I take for this bug?", "How should I handle the failing API tests?")
_AT_HAND = rx.compile(
    r"\b(?:proceed|go\s+ahead|continue|next|first|right\s+now|retry|try\s+again|ready|"
    r"did\s+you\s+mean|want\s+me\s+to|shall\s+i|bugs?|crash(?:es)?|failing|flaky|broken|"
    r"this\s+(?:function|method|class|file|test|pr|commit|branch|change|"
    r"issue|ticket|task|step|case|one)|"
    r"(?:should|can|may)\s+(?:i|we)\s+(?:now\s+|also\s+|still\s+)?(?:commit|push|merge|run|"
    r"start|stop|restart|fix|delete|remove|open|create|go|try|look|check|test|deploy|release)"
    r")\b(?![.-]\w)",  # (not "Next.js", "first-class")
    re.IGNORECASE)
# An answer that says nothing without its question ("Yes", "Either is fine")
_BARE = rx.compile(
    r"(?:yes|no|ok(?:ay)?|sure|skip|none|cancel|either|neither|both|whatever|not\s+sure|"
    r"you\s+decide|your\s+call|later|either\s+is\s+fine|up\s+to\s+you)[.!]?",
    re.IGNORECASE)


def decision_asked(question: str, answer: str) -> str | None:
    """None when ``answer`` (as the reader gives it: "Header: Label — what it means") to
    ``question`` is a decision that lasts; else why it is not kept."""
    choice = answer.split(": ", 1)[-1].split(" — ", 1)[0].strip()
    if _BARE.fullmatch(choice) or _BARE.fullmatch(answer.strip()):
        return "an answer that says nothing without the agent's question"
    if _AT_HAND.search(question):
        return "an answer to the agent's question about the work at hand"
    if not _BUILT_WORD.search(question):
        return "an answer to the agent's question that chooses nothing of how the project is built"
    return None


def decision_statement(answer: str) -> str:
    """The answer as memory states it: the choice, then what the option said it means, each a
    sentence ("Migration: Replace in-place. Delete frontend/ ..."), so the choice names the
    entry; several options picked stay as the reader gave them."""
    choice, dash, meaning = answer.partition(" — ")
    meaning = meaning.strip()
    if not dash or not meaning or " — " in meaning or choice.rstrip().endswith((".", "!", "?")):
        return answer if answer.endswith((".", "!", "?")) else answer + "."
    meaning = meaning[:1].upper() + meaning[1:]
    return f"{choice.rstrip()}. {meaning}" + ("" if meaning.endswith((".", "!", "?")) else ".")
