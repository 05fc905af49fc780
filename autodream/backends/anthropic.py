"""Claude as the dream subagent, through the ``anthropic`` SDK, against any compatible endpoint.

One ``next()`` is one ``messages.create`` call with the whole conversation so far. The SDK's tool
runner is not used because it executes tools itself; here ``agent.drive`` executes every call
through the sandboxed ``ToolBox`` and checks the turn, token and cost budgets between turns.
The SDK does the retries (429, 529, 5xx, timeouts, with backoff and ``retry-after``) and the
timeouts; what still fails becomes a one-line ``DreamFailed``.

Cheap by construction: the system prompt and the tools form a stable prefix marked for prompt
caching, the newest user turn carries a moving cache breakpoint so each request re-reads the
conversation from the cache, and the first message carries the harness's digest so the model
need not page through raw transcripts.
"""

from __future__ import annotations

import json
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import anthropic

from autodream import prompting, rx
from autodream.agent import BackendReply, DreamBrief, ToolCall, ToolResult, ToolSpec, Usage
from autodream.backends.urls import shown_url, without_url_secrets
from autodream.errors import BackendUnavailable, BudgetExceeded, DreamFailed, printable

if TYPE_CHECKING:
    from anthropic.types import (
        Message,
        MessageCountTokensToolParam,
        MessageParam,
        TextBlockParam,
        ToolParam,
    )

    from autodream.settings import Settings

DEFAULT_MODEL = "claude-haiku-4-5"
# A dream runs in the background: waiting out a minute of overload beats failing it.
DEFAULT_MAX_RETRIES = 6
DEFAULT_TIMEOUT_S = 120.0
# A topic file rewrite is a few thousand tokens; more than this in one reply is a runaway.
MAX_TOKENS_PER_REQUEST = 8_192
MIN_TOKENS_PER_REQUEST = 1_024
EPHEMERAL: dict[str, str] = {"type": "ephemeral"}

NOT_RUN_CUT_OFF = (
    "not run: your reply hit the max_tokens limit before this call was complete. "
    "Send it again, smaller (split a large write into a write and edits)."
)
NOT_RUN_SKIPPED = "not run: the harness stopped executing this turn's calls before this one."


@dataclass(frozen=True)
class Price:
    """USD per million tokens. Cache writes (5-minute) cost 1.25x input, cache reads 0.1x."""

    input: float
    output: float

    def cost(self, usage: Usage) -> float:
        return (
            usage.input_tokens * self.input
            + usage.cache_creation_input_tokens * self.input * 1.25
            + usage.cache_read_input_tokens * self.input * 0.10
            + usage.output_tokens * self.output
        ) / 1_000_000


# List prices of the models a dream is likely to use. Unknown models cost $0 with a note, and the
# token budgets still bound them.
PRICES: dict[str, Price] = {
    "claude-haiku-4-5": Price(1.00, 5.00),
    "claude-3-5-haiku": Price(0.80, 4.00),
    "claude-3-haiku": Price(0.25, 1.25),
    "claude-sonnet-4-6": Price(3.00, 15.00),
    "claude-sonnet-4-5": Price(3.00, 15.00),
    "claude-sonnet-4-0": Price(3.00, 15.00),
    "claude-sonnet-4": Price(3.00, 15.00),
    "claude-3-7-sonnet": Price(3.00, 15.00),
    "claude-opus-4-6": Price(5.00, 25.00),
    "claude-opus-4-5": Price(5.00, 25.00),
    "claude-opus-4-1": Price(15.00, 75.00),
    "claude-opus-4-0": Price(15.00, 75.00),
    "claude-opus-4": Price(15.00, 75.00),
}
_DATE_OR_ALIAS_SUFFIX = rx.compile(r"(?:-\d{8}|-latest)$")


def price_for(model: str) -> Price | None:
    """The list price of ``model``; a dated snapshot (``-20251001``) or ``-latest`` counts."""
    return PRICES.get(_DATE_OR_ALIAS_SUFFIX.sub("", model.strip().lower()))


def tool_param(spec: ToolSpec) -> dict[str, Any]:
    return {"name": spec.name, "description": spec.description, "input_schema": spec.input_schema}


class AnthropicBackend:
    """A ``Backend`` (see ``agent.py``) that asks Claude for each turn's tool calls."""

    name = "anthropic"

    def __init__(
        self,
        *,
        api_key: str,
        model: str = DEFAULT_MODEL,
        base_url: str | None = None,
        max_turns: int = 30,
        max_input_tokens: int = 400_000,
        max_output_tokens: int = 40_000,
        max_tokens_per_request: int = MAX_TOKENS_PER_REQUEST,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        preflight: bool = True,
        client: anthropic.Anthropic | None = None,
        base_url_setting: str | None = None,
    ) -> None:
        self.model: str | None = model
        self.base_url = base_url
        # where base_url was set ("base_url (option --base-url)", "ANTHROPIC_BASE_URL"): an
        # endpoint that cannot be reached is said with it, the thing to check
        self.base_url_setting = base_url_setting
        self.max_retries = max_retries
        # one-line remarks worth keeping in the run record (unknown price, no token counting)
        self.notes: list[str] = []
        # tokens of system prompt + tools + first message, from the pre-flight count
        self.prefix_tokens: int | None = None
        self._model = model
        self._max_turns = max_turns
        self._max_input_tokens = max_input_tokens
        self._max_output_tokens = max_output_tokens
        self._max_tokens_per_request = max_tokens_per_request
        self._preflight = preflight
        self._client = client or anthropic.Anthropic(
            api_key=api_key, base_url=base_url, max_retries=max_retries, timeout=timeout_s
        )
        self._price = price_for(model)
        if self._price is None:
            self.notes.append(
                f"no price known for model {model}: cost recorded as $0; token budgets still apply"
            )
        self._system: list[dict[str, Any]] = []
        self._tools: list[dict[str, Any]] = []
        self._messages: list[dict[str, Any]] = []
        self._awaiting: list[str] = []  # tool_use ids of the last reply, in order
        self._cut_off: set[str] = set()  # ids of calls in a reply cut off by max_tokens
        self._output_spent = 0

    @classmethod
    def from_settings(
        cls, settings: Settings, *, api_key: str, base_url: str | None = None, **options: Any
    ) -> AnthropicBackend:
        return cls(
            api_key=api_key,
            model=settings.model or DEFAULT_MODEL,
            base_url=base_url if base_url is not None else settings.base_url,
            max_turns=settings.max_turns,
            max_input_tokens=settings.max_input_tokens,
            max_output_tokens=settings.max_output_tokens,
            **{"max_retries": settings.api_max_retries,
               "timeout_s": settings.api_timeout_seconds, **options},
        )

    # ---- the Backend protocol -----------------------------------------------------------------

    def start(self, brief: DreamBrief, tools: list[ToolSpec]) -> None:
        prompt = prompting.render(brief, max_turns=self._max_turns)
        # One breakpoint on the system block caches tools + system (tools come first in the
        # prefix); the second, moving one is set on the newest user turn before each request.
        self._system = [{"type": "text", "text": prompt.system, "cache_control": EPHEMERAL}]
        self._tools = [tool_param(spec) for spec in tools]
        self._messages = [
            {"role": "user", "content": [{"type": "text", "text": prompt.first_message}]}
        ]
        self._awaiting = []
        self._cut_off = set()
        self._output_spent = 0
        if self._preflight:
            self._count_prefix()

    def next(self, results: list[ToolResult], note: str | None = None) -> BackendReply:
        if not self._messages:
            raise DreamFailed("the anthropic backend was asked for a turn before start()")
        if self._messages[-1]["role"] == "assistant":
            self._append_user(self._result_blocks(results, note))
        elif note:  # the model's last reply was empty and not recorded; add to the open turn
            self._append_user([{"type": "text", "text": note}])
        message = self._checked(self._create())
        usage = self._usage(message)
        self._output_spent += usage.output_tokens
        return self._reply(message, usage)

    # ---- conversation -------------------------------------------------------------------------

    def _result_blocks(self, results: list[ToolResult], note: str | None) -> list[dict[str, Any]]:
        """A tool_result for every tool_use of the last reply (the API requires all of them)."""
        by_id = {r.call_id: r for r in results}
        blocks: list[dict[str, Any]] = []
        for call_id in self._awaiting:
            result = by_id.get(call_id)
            if call_id in self._cut_off:
                content, is_error = NOT_RUN_CUT_OFF, True
            elif result is None:
                content, is_error = NOT_RUN_SKIPPED, True
            else:
                content, is_error = result.content or "(empty)", result.is_error
            block: dict[str, Any] = {
                "type": "tool_result",
                "tool_use_id": call_id,
                "content": content,
            }
            if is_error:
                block["is_error"] = True
            blocks.append(block)
        if note:
            blocks.append({"type": "text", "text": note})
        if not blocks:
            blocks.append({"type": "text", "text": "Continue."})
        return blocks

    def _append_user(self, blocks: list[dict[str, Any]]) -> None:
        last = self._messages[-1]
        if last["role"] == "user":
            last["content"].extend(blocks)
        else:
            self._messages.append({"role": "user", "content": blocks})

    def _mark_cache_breakpoint(self) -> None:
        """Only the newest user turn keeps a breakpoint: at most two are in use per request."""
        for message in self._messages:
            for block in message["content"]:
                block.pop("cache_control", None)
        self._messages[-1]["content"][-1]["cache_control"] = EPHEMERAL

    def _max_tokens(self) -> int:
        remaining = self._max_output_tokens - self._output_spent
        return max(MIN_TOKENS_PER_REQUEST, min(self._max_tokens_per_request, remaining))

    def _create(self) -> Message:
        self._mark_cache_breakpoint()
        try:
            return self._client.messages.create(
                model=self._model,
                max_tokens=self._max_tokens(),
                system=cast("list[TextBlockParam]", self._system),
                tools=cast("list[ToolParam]", self._tools),
                messages=cast("list[MessageParam]", self._messages),
            )
        except anthropic.APIError as exc:
            raise DreamFailed(self._describe(exc)) from exc

    def _count_prefix(self) -> None:
        """Count the first request's tokens before paying for it; refuse one that cannot fit."""
        try:
            # No retries: the count is an optimisation, not worth a backoff on a bad endpoint.
            counted = self._client.with_options(max_retries=0).messages.count_tokens(
                model=self._model,
                system=cast("list[TextBlockParam]", self._system),
                tools=cast("list[MessageCountTokensToolParam]", self._tools),
                messages=cast("list[MessageParam]", self._messages),
            )
        except anthropic.APIError as exc:
            if isinstance(exc, anthropic.APIConnectionError) and _unreachable(exc):
                # Refused, no such host, no route: retrying for ~20 s would only delay the
                # same answer (a typo in --base-url, an endpoint that is not running).
                raise BackendUnavailable(self._describe(exc, 0)) from exc
            if isinstance(exc, anthropic.AuthenticationError | anthropic.PermissionDeniedError):
                # the key the dream's every request carries: the first turn would be refused
                # alike, after paying for nothing but a wait
                raise DreamFailed(self._describe(exc, 0)) from exc
            # Many compatible endpoints have no count_tokens; the budgets still hold per turn.
            self.notes.append(
                f"token counting unavailable, pre-flight skipped: {self._describe(exc, 0)}"
            )
            return
        if not _is_int(getattr(counted, "input_tokens", None)):
            # a proxy's error page or another API: the first turn's answer will say which
            self.notes.append(
                without_url_secrets(
                    "token counting unavailable, pre-flight skipped: the answer was not a token "
                    f"count ({_shown(counted)})", self.base_url))
            return
        self.prefix_tokens = counted.input_tokens
        if counted.input_tokens > self._max_input_tokens:
            raise BudgetExceeded(
                f"input token budget exceeded before the first turn: the prompt alone is "
                f"{counted.input_tokens} tokens > {self._max_input_tokens}"
            )

    def _checked(self, message: object) -> Message:
        """``message`` if it is a Messages-API message; else the one-line failure saying so.

        The SDK hands back whatever a 200 carried (an HTML page from a proxy, another API's
        JSON) without validating it; reading it as a message would fail on a missing field."""
        usage = getattr(message, "usage", None)
        content = getattr(message, "content", None)
        if (isinstance(message, anthropic.types.Message) and isinstance(content, list)
                and _is_int(getattr(usage, "input_tokens", None))
                and _is_int(getattr(usage, "output_tokens", None))
                and all(_is_block(block) for block in content)):
            return message
        raise DreamFailed(without_url_secrets(
            f"{self._where()} answered with something that is not a "
            f"Messages-API response ({_shown(message)}): is the base URL right?", self.base_url))

    def _reply(self, message: Message, usage: Usage) -> BackendReply:
        if message.stop_reason == "refusal":
            raise DreamFailed("the model refused to continue the dream (stop_reason=refusal)")
        if message.stop_reason == "model_context_window_exceeded":
            raise DreamFailed("the dream outgrew the model's context window")
        content: list[dict[str, Any]] = []
        calls: list[ToolCall] = []
        texts: list[str] = []
        for block in message.content:
            if block.type == "text":
                if block.text:
                    content.append({"type": "text", "text": block.text})
                    texts.append(block.text)
            elif block.type == "tool_use":
                raw = cast(Any, block.input)
                content.append(
                    {
                        "type": "tool_use",
                        "id": block.id,
                        "name": block.name,
                        # the API only takes objects back; keep whatever else came, for the record
                        "input": raw if isinstance(raw, dict) else {"unparsed_input": raw},
                    }
                )
                calls.append(ToolCall(id=block.id, name=block.name, input=raw))
        self._awaiting = [call.id for call in calls]
        self._cut_off = set()
        if message.stop_reason == "max_tokens" and calls:
            # The last call's input may be incomplete: run none of them, say why next turn.
            self._cut_off = set(self._awaiting)
            calls = []
        if content:
            self._messages.append({"role": "assistant", "content": content})
        return BackendReply(tool_calls=calls, text="\n".join(texts), usage=usage)

    def _usage(self, message: Message) -> Usage:
        reported = message.usage
        usage = Usage(
            input_tokens=reported.input_tokens,
            output_tokens=reported.output_tokens,
            cache_creation_input_tokens=reported.cache_creation_input_tokens or 0,
            cache_read_input_tokens=reported.cache_read_input_tokens or 0,
            requests=1,
        )
        if self._price is not None:
            usage.cost_usd = self._price.cost(usage)
        return usage

    def _where(self) -> str:
        """The endpoint as a message names it: never with its password or query (urls.py)."""
        return shown_url(self.base_url) if self.base_url else "the Anthropic API"

    def _describe(self, exc: anthropic.APIError, retries: int | None = None) -> str:
        """One line a person can act on, with no secret of the base URL in it: the SDK's and
        the endpoint's own words may quote the request's URL."""
        return without_url_secrets(self._said(exc, retries), self.base_url)

    def _said(self, exc: anthropic.APIError, retries: int | None) -> str:
        where = self._where()
        retries = _retries_taken(exc, self.max_retries) if retries is None else retries
        retried = f" after {retries} {'retry' if retries == 1 else 'retries'}" if retries else ""
        if isinstance(exc, anthropic.APITimeoutError):
            return f"{where} timed out{retried}"
        if isinstance(exc, anthropic.APIConnectionError):
            check = (f"; check {self.base_url_setting}"
                     if self.base_url and self.base_url_setting else "")
            return (f"cannot reach {where}{retried}: {_first_line(str(exc.__cause__ or exc))}"
                    f"{check}")
        if isinstance(exc, anthropic.APIStatusError):
            kind, text = _error_body(exc.body)
            label = f"{exc.status_code} {kind}".strip()
            if isinstance(exc, anthropic.AuthenticationError | anthropic.PermissionDeniedError):
                return f"{where} rejected the API key ({label}): {text}"
            if exc.status_code in (408, 409, 429) or exc.status_code >= 500:
                # not retried: the endpoint said not to (x-should-retry: false)
                failing = f"still failing{retried}" if retries else "failed (not retried)"
                return f"{where} {failing} ({label}): {text}"
            return f"{where} refused the request ({label}): {text}"
        return f"{where} error: {_first_line(str(exc))}"


def _retries_taken(exc: anthropic.APIError, default: int) -> int:
    """How many times the SDK retried before ``exc``: its last request says so (the SDK numbers
    each attempt in ``x-stainless-retry-count``); an endpoint may stop it early with
    ``x-should-retry: false``, so the setting is only the most it could have been."""
    try:
        return int(exc.request.headers.get("x-stainless-retry-count", default))
    except (AttributeError, RuntimeError, ValueError):  # no request kept with the error
        return default


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_block(block: object) -> bool:
    """A content block the conversation can carry back: text with its text, a tool call with
    its id and name, or another typed block (thinking, ...) that is left out."""
    kind = getattr(block, "type", None)
    if kind == "text":
        return isinstance(getattr(block, "text", None), str)
    if kind == "tool_use":
        return all(isinstance(getattr(block, k, None), str) for k in ("id", "name"))
    return isinstance(kind, str)


def _shown(answer: object) -> str:
    """The start of an answer that was not what was asked for, on one short line."""
    if isinstance(answer, str):
        what = "a text body"
        text = answer
    else:
        dump = getattr(answer, "model_dump", None)
        what = "JSON" if callable(dump) else f"a {type(answer).__name__}"
        # (the SDK left the fields unvalidated; pydantic would warn of each on stderr)
        text = json.dumps(dump(exclude_none=True, warnings=False), default=str) if callable(
            dump) else str(answer)
    return f"{what}: {printable(_first_line(text, 80)) or '(empty)'}"


def _unreachable(exc: BaseException) -> bool:
    """The connection was refused or the host has no such name: an answer, not a blip."""
    seen: BaseException | None = exc
    for _ in range(8):  # the SDK's error, its transport's, the socket's
        if seen is None:
            return False
        if isinstance(seen, ConnectionRefusedError) or (
                isinstance(seen, socket.gaierror) and seen.errno == socket.EAI_NONAME):
            return True  # not EAI_AGAIN, a lookup that may work in a moment
        seen = seen.__cause__ or seen.__context__
    return False


def _error_body(body: object) -> tuple[str, str]:
    """(error type, message) from the Anthropic error JSON ``{"type":"error","error":{...}}``."""
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict):
            return str(error.get("type", "")), _first_line(str(error.get("message", "")))
    return "", _first_line(str(body or ""))


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"
