"""Consolidate: fold kept candidates into the entries, merging instead of duplicating, and
rewriting an entry to its new state (with a dated history line) when a newer statement
replaces an older one."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.addresses import (
    given_new_address,
    host_moved,
    host_retired,
    moved_address_entry,
    moved_off_already,
)
from autodream.engine.bans import alternatives_ended, bans_ended
from autodream.engine.colleagues import (
    ask_lifted,
    no_longer_needed,
    stand_in_from,
    stand_in_said_again,
    stand_ins_ended,
)
from autodream.engine.dates import (
    absolutize,
    date_mentions,
    date_shift,
    last_mention,
    latest_date,
    plan_cancelled,
    says_past,
    shift_rounded,
    weekday_beside,
)
from autodream.engine.entries import (
    HISTORY_LINE,
    Entry,
    change_line,
    description_for,
    hook_for,
    is_generated_why,
    kind_and_day_hook,
    says_only_name,
    title_for,
    update_line,
)
from autodream.engine.folding import capped, folded
from autodream.engine.guidance import (
    _OLD_PROHIBITION_HOW,
    _alone,
    _and,
    _default_how,
    _default_why,
    _prohibition_how,
    _same_tool_as,
    _switch_how,
    _tool_of,
    guidance_for,
    guidance_kept_for,
    plan_how,
)
from autodream.engine.history import (
    changed_between,
    day_changed_between,
    declare,
    declare_file,
    lead_replaced,
    named_off_old_name,
    retitle_for,
)
from autodream.engine.matching import (
    DECIDED,
    NOT_AFTER_ALL,
    best_match,
    best_result_entry,
    decision_taken_back,
    entry_still_current,
    one_put_right,
    restated_as_other_type,
    rule_entry,
    rule_excepted,
    rule_widened,
    taken_back,
    taken_back_by_word,
    turned_back_in,
)
from autodream.engine.merging import merge_near_duplicates
from autodream.engine.model import Action, Candidate, Cluster, Decision, EngineOptions, Source
from autodream.engine.paraphrase import (
    ban_on_other_days,
    owns_another_thing,
    owns_more_than_one,
    said_in_other_words,
)
from autodream.engine.places import kind_of
from autodream.engine.plan_entries import (
    PLAN_CHANGED,
    deed_of,
    done_on_planned_day,
    plan_changed,
    plan_moved_on_since,
    plan_moved_there,
    plan_named_on,
    plan_of,
    plan_on_day,
    plan_rescheduled,
    plan_shifted,
    plan_still_on,
    plan_told_done,
    same_plan,
    still_planned_day,
    tell_past_plans,
    weekday_plan_moved,
    weekdays_read_from_plans,
)
from autodream.engine.plans import (
    _BY_ANOTHER_EVENT,
    _DONE_WORDS,
    _TOLD_PAST,
    LIST_MARK,
    _at_the_event,
    _changed_when,
    _done_on,
    _due_by,
    _plan_history,
    _plans_before,
    _put_off,
    _same_event,
    _slug_has,
    _slug_switched,
    _slugs_whole,
    _when_done,
    another_day_of,
    counted_names,
    day_put_against,
    day_put_right,
    deadline_met,
    mentions_thing,
    moved_to_day,
    only_where,
    plans_told_done,
    put_later_to_earlier,
    version_plan,
)
from autodream.engine.ports import (
    NAMES_OF_KIND,
    PORT_PLAIN,
    held_on_port,
    kind_on_port,
    port_holder,
    ports_given,
    said_to_be,
    ties_port_or_kind,
)
from autodream.engine.recurring_days import (
    day_entry,
    day_said,
    ends_another_day,
    ends_other_days,
    ends_the_day_of,
    ends_then_says,
    gives_a_day_ended,
)
from autodream.engine.replacement import (
    _ADDRESS_SCHEME,
    _ALSO,
    _DATE_SPAN,
    _INSTEAD_AT_END,
    _ISO_DAY,
    _MEANT_WHAT,
    _NOW_CHANGED,
    _SLUG,
    _TURNING,
    UNDER_WAY,
    _changed_value,
    _event_words,
    _forbids_another,
    _left_since,
    _meant_from,
    _one_name,
    _switch_told,
    _tells_a_change,
    _value_change,
    _value_put_right,
    _word_replaced,
    _words,
    choice_difference,
    coverage,
    different_subjects,
    replaces,
    said_of_other_things,
    same_values,
    value_at,
    value_told_changed,
)
from autodream.engine.restating import (
    _choice_turned,
    _says_again,
    _turns_choice_round,
    choice_turned_round,
    is_rule,
    opposite_said,
    restates_rule,
    said_once_more,
    turns_rule_round,
    users_preference,
    without_said_before,
)
from autodream.engine.rewrites import (
    _TELLS_STATE,
    _as_written,
    _choice_put,
    _chosen_over,
    _claimed_as_it,
    _claims_more,
    _contrasted,
    _name_in_place,
    _names,
    _of_old_place,
    _old_place_clauses,
    _over_left,
    _put_in_place,
    _put_setting,
    _put_value,
    _renamed_title,
    _says_of,
    _set_against,
    _stated_in,
    _swapped,
    _switch_title,
    _tells_of,
    _to_new_address,
    _tool_claimed,
    _without_contrast,
    _without_old_place,
    _without_old_tool_clauses,
    moved_thing,
)
from autodream.engine.sentence_kinds import (
    _RULE_KINDS,
    BACK_FROM_AWAY,
    TOLD_DONE,
    key_clause,
    team_decision,
    without_correction_word,
)
from autodream.engine.setting_changes import (
    is_about,
    same_value,
    setting_change,
    turn_to_come_over,
    turn_told,
    turned_back_over,
)
from autodream.engine.switch_targets import (
    back_in_its_place,
    branch_renamed,
    given_for_change,
    kept_beside,
    moved_from,
    moved_off,
    named_as,
    place_replaced,
    qualified_name,
    rule_over,
    setting_target,
    switch_target,
    told_past_of,
    tool_replaced,
    upgraded_from,
    user_moved,
)
from autodream.engine.text import (
    ADDRESS_AT,
    CALENDAR_WORDS,
    MOVED_TO_ADDRESS,
    NEW_PORT,
    PORT_MOVED,
    PORT_MOVED_BARE,
    STATE_WORDS,
    TELLS_SWITCH,
    address_told_for_now,
    bare_put_right,
    file_slug,
    free_file_name,
    has_word,
    port_put_right,
    said_as_name,
    sentence_case,
    shorten,
    similarity,
    slug,
    tokens,
    unique,
)
from autodream.engine.tool_kinds import (
    choice_said_of_more,
    ended_then_used,
    it_is_not,
    kept_using,
    same_tool,
    tools_in,
    use_instead,
    use_tool,
)
from autodream.engine.versions import (
    left_behind,
    split_version,
    tool_pattern,
    with_version,
    with_versions_said,
    without_version_contrast,
)

if TYPE_CHECKING:
    from autodream.engine.rare import Revision, SettingChange

# what a claimed version is no tool's name but a value's ("is 5433")
_VALUE_OF = ("is ", "are ", "was ", "were ")


# "we use pnpm, not npm": what is used now, set against another, not a move told as news
_USED_NOT = rx.compile(r"\b(?:use|uses|using|on)\s+[\w.+#/-]+,?\s+not\s+", re.I)


# "The gpu-debug partition was renamed to debug-a100", "we renamed gpu-debug to debug-a100":
# the old name and the new. Only a name as such (with a hyphen, a digit, a dot or an
# underscore): "The default branch was renamed to trunk" does not say from what
# (atomic: only the longest name can be followed by a blank or a backtick, the greedy first
# try; the shorter ones each read the rest of the word again, 'a.' x 10,000 and '!' by the square)
_NAME = r"`?(?P<{}>(?>[A-Za-z][\w.]*[-_.\d][\w.-]*\w))`?"
_RENAMED = rx.compile(
    rf"(?<![\w.-]){_NAME.format('old')}\s+(?:[a-z]+\s+)?(?:was|has\s+been|got|is)\s+"
    rf"renamed\s+(?:to|as)\s+{_NAME.format('new')}", re.I)


_DUE = rx.compile(r"\b(?:deadline|due)\b", re.I)
_ONLY_DUE_WAS = rx.compile(
    r"(?:the\s+)?(?:deadline|due\s+date)\s+was\s+(?:on\s+)?DAY(?:,?\s+as\s+(?:I|we)\s+said)?"
    r"\s*[.!]?", re.I)


def _put_right(at: re.Pattern[str], now: str, text: str) -> str:
    """``text`` with what ``at`` finds put to ``now``, and a weekday beside it made now's."""
    return weekday_beside(at.sub(now, text), now) if at.search(text) else text


def _due_day_told_past(lead: str, cand: Candidate) -> bool:
    """"The deadline was Friday", said on a Thursday (dated to the Friday gone, "The deadline
    was on 2026-07-03") of "The deadline for the grant report is on 2026-07-10": memory's
    deadline falls a week after, not yet past, on the weekday said; told in the past tense as
    reported ("the deadline was Friday, as I said"), it is that same day, no new one."""
    if _DUE.search(cand.text) is None or not _DUE.search(lead) or not says_past(cand.text) or (
            says_past(lead)):
        return False
    # only the bare restatement: "The deadline was Friday, but now it is Monday" tells a move
    mentions = date_mentions(cand.text)
    if len(mentions) != 1 or not _ONLY_DUE_WAS.fullmatch(cand.text.replace(mentions[0], "DAY")):
        return False
    said, planned = latest_date(cand.text), latest_date(lead)
    return said is not None and planned is not None and (
        (planned - said).days == 7 and said < cand.source.day <= planned)


def _ports_of_two_things(lead: str, said: str) -> bool:
    """``lead`` and ``said`` each give where a thing listens, and name two things: each has a
    word the other lacks ("admin dashboard", "metrics dashboard"; "the API" is "the API
    server")."""
    was, told = held_on_port(lead), held_on_port(said)
    if was is None or told is None:
        return False
    one, other = tokens(was[0]) - PORT_PLAIN, tokens(told[0]) - PORT_PLAIN
    return bool(one) and bool(other) and not (one <= other or other <= one)


# where one sentence of a person's Why ends and the next begins
_WHY_SENTENCE_BREAK = rx.compile(r"(?<=[.!?\u2026])\s+")


def _reason_given_in(reason: str, why: str) -> bool:
    """``reason`` is ``why`` whole or one whole sentence of it, case and final stop aside:
    "QA needs more time." in "Marketing wants it. QA needs more time.", but not in "...
    before the conference and QA needs more time." (a reason there would be lost with it)."""
    def plain(text: str) -> str:
        return " ".join(text.split()).rstrip(" .!?\u2026").casefold()
    said = plain(reason)
    return bool(said) and (said == plain(why) or any(
        plain(part) == said for part in _WHY_SENTENCE_BREAK.split(why.strip())))


def _reasons_kept(entry: Entry, reason: str, when: str) -> str:
    """``entry``'s Why once ``reason`` is given for a change to it ``when`` ("on 2026-07-02"):
    the reason alone over the engine's own Why; after a person's ("Marketing wants it before
    the conference."), both, the new one told with its day (a person's words stay), unless
    that Why gives it already."""
    kept = entry.why.strip()
    if not kept or entry.generated_why or is_generated_why(kept):
        return reason
    if _reason_given_in(reason, kept):
        return kept
    # (a Why written without its stop, "marketing wants it before the conference", would run
    # into the change: "... conference Changed on 2026-07-02")
    stop = "" if kept.endswith((".", "!", "?", "\u2026")) else "."
    return f"{kept}{stop} Changed {when}: {reason}"


class Consolidator:
    """Holds the entries of one dream and applies clusters to them in time order."""

    def __init__(self, entries: list[Entry], options: EngineOptions,
                 gone: frozenset[str] = frozenset()) -> None:
        self.entries = entries
        self.options = options
        # names (lower-cased) of files an earlier dream left that are gone since: the person
        # deleted them, and a new entry under one would read as that deletion undone
        self.gone = gone
        self.decisions: list[Decision] = []
        # per entry, the switches this dream made to it: (new, was), so the why and how of an
        # entry with two tools upgraded speak of both
        self._switched: dict[int, list[tuple[str, str]]] = {}
        # per entry as the dream found it: the sources it had taken in, and its newest day
        self._found: dict[int, tuple[frozenset[Source], date]] = {
            id(e): (frozenset(e.sources()), day) for e in entries
            if e.original is not None and (day := e.reference_day()) is not None}
        # per entry made in this dream: where in ``decisions`` the one telling what it says now
        # (created, or superseded since) is, its reason as first given, and the days it was said
        # again since
        self._told_now: dict[int, tuple[int, str, list[str]]] = {}
        # per candidate, why it is not another memory's change, told in the "created" of the
        # memory it becomes (a decision of its own was one more "kept", naming that other file)
        self._own_why: dict[int, str] = {}

    # -- entry bookkeeping ---------------------------------------------------------------
    def live(self) -> list[Entry]:
        """Entries the engine may read and edit (not deleted, not sealed)."""
        return [e for e in self.entries if not e.deleted and not e.sealed]

    def _new_file(self, kind: str, name: str, said: str = "") -> str:
        return free_file_name(f"{kind}_{file_slug(name, said) if said else slug(name)}",
                              {e.file.lower() for e in self.entries} | self.gone)

    def _capped(self, statements: list[str], file: str) -> list[str]:
        return capped(statements, file, self.entries, self.options, self.decisions)

    def tidy_restatements(self) -> None:
        """A file an earlier dream wrote with one line saying again what another says (written
        so before ``folded``) keeps the fuller line alone."""
        for entry in self.live():
            if entry.original is None or not entry.sources() or len(entry.statements) < 2:
                continue
            kept = folded(entry.statements, entry.file, self.entries, self.decisions)
            if kept != entry.statements:
                entry.statements = kept
                entry.changed = True

    # -- merging existing near-duplicates ------------------------------------------------
    def merge_duplicates(self) -> None:
        merge_near_duplicates(self.live(), self.entries, self.options, self.decisions)

    # -- applying candidates -------------------------------------------------------------
    def apply(self, cluster: Cluster) -> None:
        cand = cluster.latest
        if not cand.of_plan and any(c.of_plan for c in cluster.members):
            # a thing told done in words of no plan, said before what it was said alike to, is
            # news of no plan here ("We shipped v2 in Q1", then "We will ship v2 on ...")
            cluster = Cluster([c for c in cluster.members if not c.of_plan], cluster.score)
        if not cand.why:
            # "Don't reformat files you didn't change, it makes reviews painful", then "again:
            # don't reformat ...": the reason said once holds for the statement said again
            said = [c for c in cluster.members if c.why]
            if said:
                cand = replace(cand, why=max(said, key=lambda c: (c.timestamp, c.order)).why)
        cand = done_on_planned_day(self.live(), cand)
        if (ahead := still_planned_day(self.live(), cand)) is not cand:
            # ("Yes, the deadline was Friday.", said on the Thursday before it: the plan's
            # Friday, not last week's, which replaced the plan)
            self.decisions.append(Decision(
                "dated", shorten(ahead.text, 120),
                f"the weekday after 'was' is the planned day still ahead "
                f"({latest_date(ahead.text)}), not the one a week before",
                session_id=cand.source.session_id))
            cand = ahead
        if any(c.weekday_to is not None for c in cluster.members):
            cluster, cand = self._weekdays_from_plans(cluster, cand)
        stale = self._overtaken(cand)
        if stale is not None:
            entry, day = stale
            self.decisions.append(Decision(
                "dropped", shorten(cand.text, 120),
                f"said on {cand.source.day} and already in memory ({entry.file}), which has "
                f"newer news from {day}; read again (its transcript was rewritten or read "
                "from the start)",
                file=entry.file, session_id=cand.source.session_id))
            return
        if (reached := version_plan(cand, self.live())) is not None and self._came_to_pass(
                reached[0], cand, cluster, done=reached[1]):
            # "Prod is on 1.30 as of this morning": the upgrade planned to 1.30 was done
            return
        if cand.kind in ("fact", "resource") and (
                done := TOLD_DONE.search(cand.text)) is not None and (
                closed := plans_told_done(cand, done["what"], self.live())):
            self._all_done(closed, cand, cluster)
            return
        if (met := deadline_met(cand, self.live())) is not None and self._came_to_pass(
                met[0], cand, cluster, done=met[1]):
            # "We submitted the workshop paper today" met "The workshop deadline is now on ..."
            return
        if cand.kind == "switch" and cand.old and cand.old.lower() in CALENDAR_WORDS and (
                on_day := weekday_plan_moved(self.live(), cand)) is not None:
            # "The release moved from Friday to Monday" beside "The release is on 2026-07-24":
            # that plan is on the Monday after (it was a second memory, 'Switched from Friday
            # to Monday', the Friday plan still current)
            self._reschedule(*on_day[:3], on_day[3], cluster)
            return
        if cand.kind not in ("switch", "plan") and (
                again := said_in_other_words(self.live(), cand)) is not None:
            # "Indent with tabs please, never spaces" of "The user prefers tabs over spaces",
            # "Billing is owned by Priya" of "Priya owns the billing service": the same choice
            # or owner said in other words, too unlike in wording for best_match; kept apart
            # they were two memories of one, or a false update
            self._restated(again, cand, cluster)
            return
        if cand.kind != "switch" and (kept := kept_using(cand.text)) is not None and (rule_over(
                self.live(), back := replace(cand, kind="switch", new=kept, back=True)) or any(
                _moved_away_from(e, kept) for e in self.live())):
            # "Actually, keep using npm." over "Use pnpm, not npm", or over "We use pnpm"
            # switched from npm: the way back to npm, as "Let's go back to npm" is (it was a
            # second entry, "Keep using npm", beside the one saying not to suggest npm)
            cand = back
        # (a switch whose entry ``switch_target`` finds is made on it; ``_day_moved`` looks for
        # a day's entry only where it finds none, and the target is found once for both)
        target = switch_target(self.live(), cand) if cand.kind == "switch" else None
        if target is None and (ended := self._ended_for(cand)) is not None:
            # "Don't use pnpm anymore, use npm" over "Use pnpm, not npm" is the switch "Use
            # npm, not pnpm" is, found by the tools it names: matched by its words, the way
            # back ("Stop using npm, use pnpm" over "Don't use pnpm anymore, use npm") was
            # too unlike the entry and became a second one, the two contradicting each other
            target, cand = ended
        if target is None and self._day_moved(cand, cluster):
            return
        if cand.kind == "switch":
            if target is None and cand.old is None and not cand.back:
                found = (moved_from(self.live(), cand) or upgraded_from(self.live(), cand)
                         or moved_off(self.live(), cand) or tool_replaced(self.live(), cand)
                         or branch_renamed(self.live(), cand) or user_moved(self.live(), cand))
                if found is not None:
                    target, old = found
                    cand = replace(cand, old=old)
            elif target is None and cand.old is None and cand.back:
                # ("We're back on pnpm" beside the one entry naming a package manager: as
                # "We moved to pnpm" would be)
                found = back_in_its_place(self.live(), cand) or rule_over(
                    self.live(), cand) or tool_replaced(self.live(), cand)
                if found is not None:
                    target, old = found
                    cand = replace(cand, old=old)
            if target is None and cand.back:
                # "We switched to pnpm, then reverted to npm" beside "We use npm": the entry is
                # current again, or still, and says so already
                target = entry_still_current(self.live(), cand)
                if target is not None:
                    self._confirm(target, cand, cluster)
                    return
            if target is None and not cand.back and cand.old and _USED_NOT.search(cand.text):
                # "That's not quite right, we use pnpm, not npm" beside "Always pnpm, with the
                # filter flag": what is used, said again, and no entry says npm is
                target = entry_still_current(self.live(), cand)
                if target is not None:
                    self._confirm(target, cand, cluster)
                    return
            if target is not None and _left_since(target, cand):
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"tells the move to {cand.new} as a past event behind what follows, and "
                    f"{target.file} says {cand.new} was left after it; not a move back",
                    file=target.file, session_id=cand.source.session_id))
                return
            if target is not None:
                self._switch(target, cand, cluster)
                self._lift_bans(cand, target)
                return
            if it_is_not(cand.text) is not None:
                # "It's yarn, not npm" with no memory saying npm is used: what "it" is was said
                # in the conversation, not in the words a memory would keep
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"says only what 'it' is, and no memory says {cand.old} is used for it to "
                    "replace", session_id=cand.source.session_id))
                return
            if cand.old is None and (use_instead(cand.text) or use_tool(cand.text)) and not (
                    kept_beside(self.live(), cand)):
                # "Use yarn instead" with no memory naming another tool of its kind: instead of
                # what was said in the conversation, not in the words a memory would keep
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"says only to use {cand.new} instead, and no memory names another tool "
                    "of its kind for it to replace", session_id=cand.source.session_id))
                return
            if {cand.new.lower() if cand.new else "", (cand.old or "").lower()} <= STATE_WORDS:
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"a change of state ({cand.old} to {cand.new}), not a choice; no memory says "
                    f"it was {cand.old}", session_id=cand.source.session_id))
                return
        elif cand.of_plan:
            self._plan_done(cand, cluster)
            return
        else:
            change = setting_change(cand.text) if cand.kind in _TELLS_STATE else None
            corrects = cand.kind == "correction"
            set_in = setting_target(self.live(), cand, change) if change is not None else None
            if change is not None and set_in is not None:
                entry, was = set_in
                if was is None:
                    self._confirm(entry, cand, cluster)  # it gives the new value already
                elif change.back and setting_change(entry.lead) is not None:
                    self._set_back(entry, change, was, cand, cluster)
                else:
                    self._set_value(entry, change, was, cand, cluster)
                return
            renamed = _RENAMED.search(cand.text) if cand.kind in _TELLS_STATE and (
                "renamed" in cand.text) else None
            named = named_as(self.live(), renamed["old"], renamed["new"], cand.source.day) if (
                renamed) else []
            if renamed is not None and named:
                self._rename_in(named, renamed["old"], renamed["new"], cand, cluster)
                return
            shift = date_shift(cand.text) if cand.kind == "plan" else None
            if shift is not None:
                # "The launch got pushed back two weeks": the one plan of the launch with a day
                # moves by that much; of none, it tells nothing to remember
                shifted = plan_shifted(self.live(), tokens(shift[0]), shift[1])
                if shifted is None:
                    self.decisions.append(Decision(
                        "dropped", shorten(cand.text, 120),
                        f"moves the day of '{shift[0]}' by {abs(shift[1])} days, and no single "
                        "remembered plan of it has a day to move",
                        session_id=cand.source.session_id))
                    return
                entry, was, now = shifted
                # (told with the day it moved to, for the plan's guidance)
                told = replace(cand, text=f"{cand.text.rstrip('.!')} (to {now}).", key="")
                self._reschedule(entry, was, now, told, cluster)
                if (amount := shift_rounded(cand.text)) is not None:
                    # "pushed back a week and a half": the day itself was not said, and the
                    # history says so beside the one read (the plan left on its old day would
                    # be told gone the day after it, while it is still ahead)
                    entry.history[-1] = (f"{entry.history[-1].rstrip('.')} ({amount} said, "
                                         f"read as {abs(shift[1])} days; the day itself was not "
                                         "said).")
                return
            off = plan_cancelled(cand.text) if cand.kind == "plan" else None
            if off is not None:
                # "The release is cancelled": the one plan of the release is off; of none, or
                # of more than one, it tells nothing to remember
                thing, counted = tokens(off), counted_names(cand.text)
                planned = plan_of(self.live(), thing, counted)
                if planned is None:
                    self.decisions.append(Decision(
                        "dropped", shorten(cand.text, 120),
                        f"calls off '{off}', and no single remembered plan of it is upcoming",
                        session_id=cand.source.session_id))
                else:
                    self._cancel(*planned, thing, counted, cand, cluster)
                return
            excepted = rule_excepted(self.live(), cand)
            if excepted is not None:
                self._except(*excepted, cand, cluster)
                return
            widened = rule_widened(self.live(), cand) if cand.kind in _RULE_KINDS and (
                "not just" in cand.text or "not only" in cand.text) else None
            if widened is not None:
                self._widen(widened, cand, cluster)
                return
            date_moved = moved_to_day(cand.text)
            moved = plan_rescheduled(self.live(), cand, *date_moved) if (
                date_moved is not None) else None
            if moved is not None and put_later_to_earlier(cand.text, moved[1], moved[2]):
                # "The workshop deadline got extended, it's on 2026-10-29 now" of a plan on
                # 2026-11-02: no extension makes a day earlier; the plan stays as it was
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"doubtful: puts '{shorten(moved[0].lead, 80)}' later, yet to {moved[2]}, "
                    f"before its {moved[1]}; the plan is left as it was",
                    file=moved[0].file, session_id=cand.source.session_id))
                return
            if moved is not None:
                self._reschedule(*moved, cand, cluster)
                return
            kept_on = plan_still_on(self.live(), cand) if (
                date_moved is None and cand.kind == "plan" and "still" in cand.text) else None
            if kept_on is not None:
                # "pg16 migration still on for sat the 21st" of the migration planned for the
                # 21st: the plan as it was, said again, not a second plan beside it
                self._confirm(kept_on, cand, cluster)
                return
            instead = plan_changed(self.live(), cand) if (
                date_moved is None and cand.kind == "plan" and PLAN_CHANGED.search(cand.text)
            ) else None
            if instead is not None:
                # "Change of plan on the Bramble invoice, ..., so I need to invoice them by
                # 2026-11-27 instead": the one plan of the invoice moves, its day is history
                self._reschedule(*instead, cand, cluster)
                return
            against = day_put_against(cand.text) if (
                date_moved is None and cand.kind == "plan") else None
            planned_on = plan_on_day(self.live(), cand, against[0]) if against is not None else None
            if against is not None and planned_on is not None:
                # "Invoices v2 goes out on 2026-11-13 now, not 2026-11-02": the plan of
                # 2026-11-02 moved, whatever words it was said in
                self._reschedule(planned_on, *against, cand, cluster)
                return
            day_right = day_put_right(cand.text) if (
                against is None and date_moved is None and cand.kind == "plan") else None
            named_on = plan_named_on(self.live(), day_right.what, day_right.was) if (
                day_right is not None) else None
            if day_right is not None and named_on is not None:
                # "The 2.1 release is actually on 2026-07-24, not on 2026-07-20" of "The 2.1
                # release is on 2026-07-20": the plan moved, as "... moved to 2026-07-24" moves
                # it, not a second plan of the release beside it (a reason given is its Why)
                self._reschedule(named_on, day_right.was, day_right.now, cand, cluster)
                return
            put_already = plan_named_on(self.live(), day_right.what, day_right.now) if (
                day_right is not None) else None
            if day_right is not None and put_already is not None and changed_between(
                    put_already, day_right.was, day_right.now):
                # the day put right said again ("... actually on 2026-07-24, not on 2026-07-20"
                # the day after the plan was moved from 2026-07-20 to 2026-07-24): what memory
                # holds (a plan never on the old day is read as before), but for a reason
                # given now that its Why does not give, which goes in as at the move
                if not cand.why or _reason_given_in(cand.why, put_already.why):
                    self._confirm(put_already, cand, cluster)
                    return
                said_on = cand.source.day.isoformat()
                # the reason is the move's: told with the day the history gives the move, not
                # the day it was said again (nothing changed then)
                move_day = day_changed_between(put_already, day_right.was, day_right.now)
                put_already.why, put_already.generated_why = _reasons_kept(
                    put_already, cand.why, f"on {move_day or said_on}"), False
                self._superseded(
                    put_already, cand, cluster, f"the day put right said again on {said_on}, "
                    f"with a reason: the plan stays on {day_right.now}", action="updated")
                return
            moved_on = plan_moved_on_since(
                self.live(), day_right.what, day_right.was, day_right.now) if (
                day_right is not None and named_on is None and put_already is None
                and not cand.put_right) else None
            if day_right is not None and moved_on is not None:
                # "... actually on 2026-07-24, not 2026-07-20" of a plan moved from 2026-07-20 to
                # 2026-07-24 and on to 2026-07-27 since: old news (it made a second plan of
                # the release beside the one on 2026-07-27); the plan stays, the record says why
                # (and keeps a reason given, which is that earlier move's); not when the person
                # owns up to a mistake or says "Correction:" (``Candidate.put_right``): then the
                # plan moves back, as main moved it
                reason = f" (the reason given: '{shorten(cand.why, 80)}')" if cand.why else ""
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"old news: '{shorten(moved_on.lead, 80)}' was moved from {day_right.was} to "
                    f"{day_right.now} before, and has moved since; the plan stays as it is"
                    f"{reason}", file=moved_on.file, session_id=cand.source.session_id))
                return
            there = plan_moved_there(self.live(), *date_moved) if date_moved is not None else None
            if there is not None:
                # "The review moved to after the launch on 2026-07-22" beside "The design
                # review is after the launch on 2026-07-22": the move is remembered
                self._confirm(there, cand, cluster)
                return
            upgraded = upgraded_from(self.live(), replace(cand, new=cand.maybe_new)) if (
                cand.maybe_new) else None
            if upgraded is not None:
                # "we're on node 20 now" beside "We use Node 18 for the API"
                target, old = upgraded
                new = cand.maybe_new or ""
                if new.startswith(_VALUE_OF) and old.lower().startswith(_VALUE_OF):
                    # "The port is 5433, not 5432": no tool's version but a value, which the
                    # history tells alone ("from 5432 to 5433", not "from is 5432")
                    new, old = new.split(" ", 1)[1], old.split(" ", 1)[1]
                self._switch(target, replace(cand, kind="switch", new=new, old=old), cluster)
                return
            # "Our design docs are in Confluence now" is read as where to look, and is as much
            # a move away from the place an entry names; "Use pnpm" (with its reason: "it's
            # faster than npm") beside "Use npm for installs" is the newer choice of a tool of
            # that kind, not a rule beside it
            if cand.kind in _TELLS_STATE or cand.kind == "resource":
                claimed = _tool_claimed(cand.text)
            else:
                claimed = use_tool(cand.text) if cand.kind == "preference" else None
            if cand.kind == "resource" and claimed and kind_of(claimed) is None:
                claimed = None
            replaced = (tool_replaced(self.live(), replace(cand, new=claimed))
                        or place_replaced(self.live(), claimed, cand.text)) if claimed else None
            if replaced is not None and not _claims_more(cand.text, claimed or "",
                                                         replaced[0].text):
                # "We're on MySQL now" beside "We use Postgres 14": a tool of the same kind in
                # its place, as a switch to it would have put it
                target, old = replaced
                self._switch(target, replace(cand, kind="switch", new=claimed, old=old), cluster)
                return
            taken = (taken_back(self.live(), cand) or taken_back_by_word(self.live(), cand)) if (
                cand.revises) else None
            if taken is not None:
                # "I changed my mind: I prefer detailed explanations" beside "Keep explanations
                # short": one preference replaces the other, or memory contradicts itself
                self._revise(*taken, cand, cluster)
                return
            # "The runbook moved to confluence.acme.io/oncall" shares too few words with "The
            # on-call runbook is in Notion at notion.so/...", the entry it makes stale
            again = stand_in_said_again(cand, self.live()) if " ask " in cand.text else None
            if again is not None:
                self._stand_in_again(again, cand, cluster)
                return
            same = same_plan(self.live(), cand) if cand.kind == "plan" else None
            if same is not None:
                # "Beta release is on 2026-08-01" beside "The beta ships on 2026-08-01": the
                # one event on its one day, said in other words (read as about other things)
                self._restated(same, cand, cluster)
                return
            turned = rule_entry(self.live(), cand, _turns_choice_round)
            if turned is not None:
                # "Use spaces instead" beside "Use tabs rather than spaces": read as said again
                # (it names nothing the rule does not), memory would contradict itself
                self._turn_round(turned, cand, cluster)
                return
            bettered = best_result_entry(self.live(), cand) if cand.kind == "fact" else None
            if bettered is not None:
                # "Best val loss is 0.352" over "Best val loss is 0.398 now with the cosine
                # schedule": the newer best is the result to beat, whatever else each says
                self._new_best(bettered, cand, cluster)
                return
            # ("staging.example.com is retired, use stg.example.com now" is read as a fact)
            readdressed = (host_retired(self.live(), cand) if cand.kind in (
                "resource", "fact") else None) or (given_new_address(self.live(), cand) if (
                    cand.kind == "resource") else None)
            if readdressed is not None:
                self._readdress_in_place(*readdressed, cand, cluster)
                return
            moved_before = moved_off_already(self.live(), cand) if cand.kind in (
                "resource", "fact") else None
            if moved_before is not None:
                self._confirm(moved_before, cand, cluster)
                return
            if cand.kind == "fact" and (of_kind := kind_on_port(cand.text)) is not None and (
                    self._port_of_kind(*of_kind, cand, cluster)):
                return
            told_port = NEW_PORT.match(cand.text) if cand.kind == "fact" and (
                " port " in cand.text) else None
            # ("The port is 5433, not 5432", "Actually the postgres port is 5433 now")
            told_port = told_port or (port_put_right(
                cand.text, corrected=cand.kind == "correction") if cand.kind in (
                "fact", "correction") and ("port " in cand.text.lower() or (
                    " on " in cand.text or " to " in cand.text)) else None)
            if told_port is not None and self._new_port(told_port, cand, cluster):
                return
            holder = port_holder(self.live(), cand.text, cand.type) if cand.kind == "fact" else None
            if holder is not None:
                # "The admin dashboard is exposed on port 9100" of "The admin dashboard runs on
                # port 9000": the port changed, told in other words (read as other things, both
                # were kept as current)
                self._port_held_anew(holder, cand, cluster)
                return
            put_right = bare_put_right(cand.text) if cand.kind == "correction" else None
            if put_right is not None:
                self._value_corrected(*put_right, cand, cluster)
                return
            lifted = ask_lifted(cand, self.live()) if cand.kind == "fact" else None
            if lifted is not None:
                # "Migration PRs no longer need Marta specifically, ..." of "Marta asked that
                # every PR touching db/migrations gets her review": her ask is over; kept
                # beside it, memory would still hold the review she no longer needs
                self._lift_ask(lifted, cand, cluster)
                return
            # ("We no longer deploy on Tuesdays" ends "We deploy on Tuesdays.", however alike in
            # wording "We no longer deploy on Fridays" is; only where it would be matched alone:
            # a file written by hand, with a person's Why, was rewritten with no history and
            # that Why left as the reason for not deploying)
            day_ended = gives_a_day_ended(self.live(), cand.text)
            target = (moved_address_entry(self.live(), cand) or turned_back_in(self.live(), cand)
                      or decision_taken_back(self.live(), cand) or (
                          day_ended if day_ended is not None and best_match(
                              [day_ended], cand, self.options.match_similarity) is day_ended
                          else None) or best_match(
                          self.live(), cand, self.options.match_similarity))
            if target is not None and (_ports_of_two_things(target.lead, cand.text)
                                       or owns_another_thing(
                                           target.lead, cand.text,
                                           (cand.kind == "correction" or cand.put_right)
                                           and not owns_more_than_one(
                                               [e.lead for e in self.live()], cand.text))
                                       or ban_on_other_days(target.lead, cand.text)
                                       or ends_another_day(target.lead, cand.text)
                                       or ends_other_days(target.lead, cand.text)
                                       or ends_then_says(target.lead, cand.text)):
                # "The metrics dashboard is exposed on port 9100" is not "The admin dashboard
                # runs on port 9000" however alike: it was put in its place as the newer wording
                # ... nor is "Priya owns payments" "Priya owns billing": she owns both
                # ... nor, put right, one of two she owns (which one is not said): kept beside
                # ... nor "Never push to main on Fridays" "Never force-push to main"
                # ... nor "We no longer deploy on Fridays" "We deploy on Tuesdays": that still holds
                # ... nor "We no longer deploy on Tuesdays" "We no longer deploy on Fridays"
                # ... nor "We no longer deploy on Tuesdays; we deploy on Thursdays" any memory but
                # itself said before: no day entry was found for it to switch (``_day_moved``
                # switches one where it finds it, and this is not reached)
                target = None
            # said plainly ("I prefer detailed explanations"), a newer preference at the other
            # end of the same choice ("Keep explanations short") replaces the older one too
            taken = taken_back(self.live(), cand) if target is None and cand.kind in (
                "preference", "correction") else None
            if taken is not None:
                self._revise(*taken, cand, cluster)
                return
            restated = rule_entry(self.live(), cand, restates_rule) if target is None else None
            other_type = restated_as_other_type(self.live(), cand) if (
                target is None and restated is None) else None
            if other_type is not None and other_type[1]:
                # "Acme want all copy in US English, so 'color', ..." of "Acme's copy is US
                # English": the one memory, said more fully
                self._said_more_fully(other_type[0], cand, cluster)
                return
            restated = restated or (other_type[0] if other_type is not None else None)
            if restated is not None:
                self._restated(restated, cand, cluster)
                return
            turned = rule_entry(self.live(), cand, turns_rule_round) if target is None else None
            if turned is not None:
                # "Never squash-merge" beside "Always squash-merge pull requests": kept apart,
                # memory would contradict itself
                self._turn_round(turned, cand, cluster)
                return
            # Alike in wording, but about something else: a memory of its own, not an update;
            # "we moved the release to ..." is not about "We moved to Postgres 16 on ...".
            # ... nor is "Bumped Puma from 5 to 16 threads" about "We run Puma with 2 workers"
            # ... read with the default branch said by one name: "The main branch is now trunk"
            # puts another value in "The default branch is main", not another branch
            # ... unless it gives the entry's one value anew in fewer of its words ("YAML should
            # use 2 spaces, not 4" of "Use 4 spaces for YAML indentation")
            # ... the setting an entry gives the other state turned back is compared by the
            # turn's own words ("auto-sync back on in Argo"), not when or who turned it
            turn = turn_told(cand.text) if target is not None and turned_back_over(
                target.lead, cand.text) else cand.text
            # ... and a value told changed is compared as what the thing is now: "The staging
            # URL changed to https://staging2..." is "... is now https://staging2...", one
            # value put in place of the other's, the rest (what has it) the same
            if target is not None and (not (
                    said_of_other_things(target.lead, turn, corrects)
                    and said_of_other_things(_one_name(target.lead), _one_name(turn),
                                             corrects)
                    # ("Always seed everything, the reviewers will ask ..." of "Always seed
                    # everything, and also set ...": the rules, reasons left out, are one)
                    and (cand.key == "" or said_of_other_things(
                        key_clause(target.lead), cand.key, corrects)))
                    or one_put_right(self.live(), target, cand, corrects)
                    or value_told_changed(target, cand.text) is not None) and (
                    date_moved is None or mentions_thing(date_moved[0], target.lead)) and (
                    change is None or is_about(change, target.lead)) and not (
                    # ("Next week we turn ArgoCD auto-sync back on ..." of "... is off during
                    # the freeze": a plan beside what holds until it is done)
                    turn_to_come_over(target.lead, cand.text)):
                self._update(target, cand, cluster)
                return
            if claimed and _claimed_as_it(cand.text, claimed):
                # "It's yarn these days" with no entry naming a package manager: what "it" is
                # was said in the conversation, not in the words a memory would keep
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    "says only what 'it' is now, and no memory names another tool of its kind "
                    "for it to replace", session_id=cand.source.session_id))
                return
        if cand.kind == "fact" and (passed := plan_told_done(self.live(), cand)) is not None and (
                self._came_to_pass(passed, cand, cluster)):
            # "Release 2.3 went out on 2026-10-23" beside "Release 2.3 goes out on 2026-10-23,
            # ...": alike but for the tense (so read as about other things), it is the plan's
            # outcome, not a second entry beside a plan told "check how it turned out"
            return
        before = len(self.entries)
        self._create(cand, cluster)
        if cand.kind == "switch" and len(self.entries) > before:
            self._lift_bans(cand, self.entries[-1])

    def _weekdays_from_plans(self, cluster: Cluster, cand: Candidate
                             ) -> tuple[Cluster, Candidate]:
        """The cluster, and ``cand`` of it, with each move to a bare weekday ("The demo moved
        to Thursday", said on a Friday) dated against the plan's day, not only the day it was
        said (``weekday_from_plan``); each one dated anew is a decision."""
        read = weekdays_read_from_plans(self.live(), cluster.members)
        by_turn = {(c.timestamp, c.order): c for c in read}
        for was in cluster.members:
            now = by_turn[(was.timestamp, was.order)]
            if now.text != was.text:
                self.decisions.append(Decision(
                    "dated", shorten(now.text, 120),
                    f"the weekday moved to is read from the plan's day ({latest_date(now.text)}),"
                    f" not from the day it was said ({latest_date(was.text)})",
                    session_id=was.source.session_id))
        now = by_turn.get((cand.timestamp, cand.order), cand)
        if now.text != cand.text:
            cand = replace(cand, text=now.text, key=now.key)
        return Cluster(read, cluster.score), cand

    def _overtaken(self, cand: Candidate) -> tuple[Entry, date] | None:
        """The entry that already took ``cand`` in and has changed since, with the day of that
        change: a transcript rewritten (compacted, edited) is read again from its start, and
        its old news ("switching to ruff format") must not undo what came after ("back to
        black")."""
        said = cand.source
        for entry in self.live():
            taken, newer = self._found.get(id(entry), (frozenset(), said.day))
            if said not in taken or newer <= said.day:
                continue
            named = [n for n in (cand.new, cand.old) if n]
            if (named and any(has_word(entry.text, n) for n in named)) or similarity(
                    cand.text, entry.lead) >= self.options.match_similarity:
                return entry, newer
        return None

    def _lift_bans(self, cand: Candidate, by: Entry) -> None:
        """For a move back to wandb ("we go back to wandb, but only for the sweeps"), the
        older rule against wandb alone ("Stop logging to wandb") has ended: kept beside the
        move, it told the agent never to use what the person went back to. ``by`` holds the
        move now; a rule naming more than the tool ("Don't move the main runs back to
        wandb") is kept."""
        new = cand.new or ""
        if not cand.back or not new:
            return
        ended = [rule for rule in bans_ended(cand, new, by, self.live())
                 # (said after the move back: the newer word holds)
                 if (said := rule.reference_day()) is None or said <= cand.source.day]
        # the rule given with a ban of what to use instead ("Use mlflow for experiment
        # tracking instead") ends with it: kept, it told the agent to use what was left
        instead = alternatives_ended(cand, new, ended, by, self.live())
        for rule in [*ended, *instead]:
            rule.deleted, rule.deleted_by = True, "contradicted"
            declare(by, "supersedes", rule)
            by.history.append(update_line(cand.source.day.isoformat(), rule.lead))
            by.changed = True
            self.decisions.append(Decision(
                "pruned", rule.file,
                (f"a rule against {new}" if rule in ended else
                 "a rule to use another tool in place of " + new)
                + f", which the user went back to on {cand.source.day.isoformat()} "
                f"({by.file})", file=rule.file, session_id=cand.source.session_id,
                title=rule.name))

    def _readdress_in_place(self, entry: Entry, old: str, new: str, cand: Candidate,
                            cluster: Cluster) -> None:
        """``entry`` with the retired address ``old`` put to ``new`` where it stands: what else
        the line says (another service's address) still holds."""
        previous = entry.lead
        day = cand.source.day.isoformat()
        entry.statements = [s.replace(old, new) for s in entry.statements] or [cand.text]
        entry.history.append(update_line(day, previous))
        if old in entry.description:
            entry.description = entry.description.replace(old, new)
        renamed = self._named_for_host(entry, previous)
        self._superseded(entry, cand, cluster,
                         f"the address {old} moved to {new} on {day}; the rest of the entry "
                         f"stays" + (f"; file renamed from {renamed}" if renamed else ""))

    def _named_for_host(self, entry: Entry, previous: str) -> str:
        """``entry``, whose lead ``previous`` named a host its lead now names another in place
        of, titled, described and filed by the new host: the index told "The staging API URL
        is staging.example.com" of the URL moved to stg.example.com, from
        reference_staging-api-url-staging-example-com.md. The file's old name, or ""."""
        moved = host_moved(previous, entry.lead)
        if moved is None:
            return ""
        was, now = moved
        at = re.compile(rf"(?<![\w.-]){re.escape(was)}(?![\w-]|\.\w)", re.I)
        named = entry.name
        entry.name = at.sub(now, entry.name)
        entry.description = at.sub(now, entry.description)
        if entry.hook:
            entry.hook = at.sub(now, entry.hook)
        if entry.original is not None:
            return self._rename_for(entry, named, was, now)
        if _slug_has(entry.file.removesuffix(".md"), slug(was)):
            self._filed_by_name(entry, entry.lead)
        return ""

    def _value_corrected(self, was: str, now: str, cand: Candidate, cluster: Cluster) -> None:
        """"Wait its 5433 not 5432": the one live entry giving 5432 has 5433 in its place; with
        none or more than one, which was meant is not said, and the words alone ("It's 5433 not
        5432") would be a memory of nothing (dropped)."""
        at = value_at(was)
        found = [e for e in self.live() if any(at.search(s) for s in e.statements)]
        if len(found) != 1:
            self.decisions.append(Decision(
                "dropped", shorten(cand.text, 120),
                f"puts {now} in place of {was}, and {'no' if not found else 'more than one'} "
                f"memory gives {was}", session_id=cand.source.session_id))
            return
        (entry,) = found
        day = cand.source.day.isoformat()
        self._why_changed(entry, day)
        # (a plan's day put right: "Friday 2026-07-16" would tell a day that is not)
        if entry.name == title_for(entry.lead):
            entry.name = title_for(_put_right(at, now, entry.lead)) or entry.name
        entry.statements = [_put_right(at, now, s) for s in entry.statements]
        entry.description = _put_right(at, now, entry.description)
        entry.history.append(change_line(was, now, f"on {day}"))
        self._superseded(entry, cand, cluster, f"put right on {day}: {now}, not {was}")

    def _kept_as_history(self, entry: Entry, cand: Candidate, day: str,
                         earlier: list[str]) -> bool:
        """``cand`` says the ``earlier`` statements of ``entry`` no longer hold ("We now deploy
        to Cloud Run", "We no longer deploy on Tuesdays"): each becomes a history line ("Updated
        on DAY; previously: ..."), ``cand`` leads in their place, and a description drawn from
        one of them is drawn anew. True when the lead was among them (its Why and How were
        for it: the caller says what becomes of them)."""
        lead_ended = entry.lead in earlier
        entry.history.extend(update_line(day, s) for s in earlier)
        entry.statements = [cand.text] + [s for s in entry.statements if s not in earlier]
        entry.statements = self._capped(entry.statements, entry.file)
        if entry.original is None or any(
                entry.description == description_for(s) for s in earlier):
            entry.description = description_for(entry.lead)
        return lead_ended

    @staticmethod
    def _why_changed(entry: Entry, day: str) -> None:
        """``entry``'s value changes on ``day``: the engine's Why, and a description drawn from
        it, told the day it was first said ("stated by the user on 2026-07-06" over a port
        changed on 2026-07-08), as if nothing had happened since. A person's words stay."""
        if not is_generated_why(entry.why.strip()):
            return
        told = hook_for(entry)
        entry.why, entry.generated_why = f"Changed on {day}.", True
        if entry.description == told:
            entry.description = hook_for(entry) or entry.description

    @classmethod
    def _retitled_on(cls, entry: Entry, day: str) -> None:
        """``entry`` titled anew on ``day`` with its new lead whole ("We no longer deploy on
        Tuesdays"): its index line and description tell the day beside the title, and one the
        engine's Why took from the old lead ("Stated by the user on 2026-07-01") would tell the
        day the old lead was said as the day of the new one. A Why that names ``day`` stays."""
        if day not in entry.why:
            cls._why_changed(entry, day)

    def _port_of_kind(self, kind: str, port: str, cand: Candidate, cluster: Cluster) -> bool:
        """"The cache runs on port 6380" beside the one entry giving a port of a cache
        ("Redis runs on port 6379"): that entry's port changed, where memory says that thing
        is the cache ("We use Redis as the cache"); else two memories, and the run record says
        why (which cache runs on 6380 is not told)."""
        names = NAMES_OF_KIND[kind]
        holders = [(e, said[0], next(w for w in re.findall(r"[\w-]+", e.lead)
                                     if tokens(w) & names)) for e in self.live()
                   if has_word(e.lead, "port") and names & tokens(e.lead)
                   and len(said := ports_given(e.lead)) == 1 and said[0] != port]
        if len(holders) != 1:
            return False
        entry, old, name = holders[0]
        if any(said_to_be(kind, name, s) for e in self.live() for s in e.statements):
            moved = PORT_MOVED.match(cand.text)
            return moved is not None and self._new_port(moved, cand, cluster)
        self._own_why[id(cand)] = (
            f"a memory of its own: {entry.file} gives {name} port {old}, but no memory says "
            f"{name} is the {kind}, so whether the {kind} on {port} is {name} is not told")
        return False

    def _port_held_anew(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` gives the thing ``entry``'s lead gives a port another port ("The admin
        dashboard is exposed on port 9100." of "... runs on port 9000."): its words lead, the
        old port goes to the history, and a title or description giving it follows."""
        was, told = held_on_port(entry.lead), held_on_port(cand.text)
        assert was is not None and told is not None  # (port_holder found them both)
        old, new = was[1], told[1]
        at = re.compile(rf"(?<![\w.:/-]){old}(?![\w:/-]|\.\d)")
        day = cand.source.day.isoformat()
        previous = entry.lead
        self._why_changed(entry, day)
        entry.statements = [cand.text] + [s for s in entry.statements[1:]
                                          if not (has_word(s, "port") and at.search(s))]
        entry.name = title_for(cand.text) if entry.name == title_for(previous) else at.sub(
            new, entry.name)
        entry.description = description_for(cand.text) if (
            entry.description == description_for(previous)) else at.sub(new, entry.description)
        if entry.hook:
            entry.hook = at.sub(new, entry.hook)
        entry.history.append(f"Changed from {old} to {new} on {day}; previously: {previous}")
        self._superseded(entry, cand, cluster,
                         f"the port {old} changed to {new} on {day}, told in other words")

    def _new_port(self, told: re.Match[str], cand: Candidate, cluster: Cluster) -> bool:
        """"The new port is 8080": the one live entry giving a port of that thing another
        number has it put in place; with none about a port the sentence says nothing to keep
        (dropped); with more than one, which moved is not said (False: kept as said)."""
        new, thing = told["port"], tokens(told["thing"])
        # the port it replaces, when said ("..., not 5432"): the surest tie of all
        replaced = told.groupdict().get("old")
        about_ports = [e for e in self.live() if has_word(e.lead, "port")]
        # (the thing said by its kind is the entry's: "the db port" of Postgres; with the old
        # port said, words of no thing of their own do not set it apart: "the dev db port is
        # 5433 now, not 5432" of "We use Postgres 16 on port 5432")
        named = thing - PORT_PLAIN if replaced is not None else thing
        found = [(e, said[0]) for e in about_ports
                 if all(w in (about := tokens(e.lead))
                        or NAMES_OF_KIND.get(w, frozenset()) & about for w in named)
                 and len(said := ports_given(e.lead)) == 1
                 and replaced in (None, said[0])]
        if not thing and found and replaced is None:
            # bare, the port is the entry's only where the rest of the message ties it there
            # ("We moved the dev DB off 5432."); "I moved the dev server off 3000." tells of
            # another thing's port, which memory does not hold
            ties = [(e, old, ties_port_or_kind(cand.said_with, e.lead, old))
                    for e, old in found]
            tied = [(e, old) for e, old, tie in ties if tie]
            # "Correction on the port: 5434." when memory gives one port and no more: the
            # port put right is that one (with two, or another thing named, which is not said)
            put_right = (cand.kind == "correction" or cand.put_right) and (
                len(about_ports) == len(found) == 1 and ties[0][2] is None)
            if len(found) == 1 and not tied and not put_right and not (
                    found[0][1] == new and ties[0][2] is None):
                entry, old = found[0]
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"says only that a port is now {new}, and nothing in its message ties it "
                    f"to the port {old} of {entry.file} (another thing's port, maybe); that "
                    f"entry is left as it was", session_id=cand.source.session_id))
                return True
            if len(found) > 1 and all(tie is False for _, _, tie in ties):
                # ("I moved the dev server off 3000." beside Postgres's and Grafana's ports:
                # kept as said, "The new port is 8080" is a memory of no thing's port)
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"says only that a port is now {new}, and its message tells of another "
                    f"thing moved than those whose port memory gives; they are left as they "
                    f"were", session_id=cand.source.session_id))
                return True
            found = tied or found
            if len(found) > 1 and (cand.kind == "correction" or cand.put_right):
                # ("Correction: the port is 5434." beside Postgres's and Redis's ports: which
                # one it puts right is not said; kept, 'The port is now 5434.' was a memory of
                # no thing's port)
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"puts a port right as {new} without saying whose, and memory gives "
                    f"{len(found)} ports; they are left as they were",
                    session_id=cand.source.session_id))
                return True
        if len(found) == 1 and found[0][1] == new:
            self._confirm(found[0][0], cand, cluster)  # (the port it has already)
            return True
        if len(found) == 1:
            entry, old = found[0]
            at = re.compile(rf"(?<![\w.:/-]){old}(?![\w:/-]|\.\d)")
            day = cand.source.day.isoformat()
            self._why_changed(entry, day)
            entry.statements = [at.sub(new, s) if has_word(s, "port") else s
                                for s in entry.statements]
            entry.description = at.sub(new, entry.description)
            # (a title drawn from the lead gives the old port too: the index line would tell
            # it as the current one, as a version's title follows the upgrade)
            entry.name = at.sub(new, entry.name)
            if entry.hook:
                entry.hook = at.sub(new, entry.hook)
            entry.history.append(change_line(old, new, f"on {day}"))
            self._superseded(entry, cand, cluster,
                             f"the port {old} changed to {new} on {day}; the rest of the entry "
                             f"stays")
            return True
        if not found and told.re is PORT_MOVED_BARE:
            # ("switched postgres to 5433" with no port of it in memory: the number is not
            # told to be a port, a year or a version maybe)
            self.decisions.append(Decision(
                "dropped", shorten(cand.text, 120),
                f"says {told['thing']} moved to {new}, a port only where memory gives "
                f"{told['thing']} one, and none does", session_id=cand.source.session_id))
            return True
        if not about_ports and told.re is NEW_PORT:
            self.decisions.append(Decision(
                "dropped", shorten(cand.text, 120),
                "says only what the port is now, and no memory gives a port for it to replace",
                session_id=cand.source.session_id))
            return True
        return False

    def _lift_ask(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``entry``, the ask ``cand`` lifts, says what holds now; the ask is its history."""
        if any(_says_again(cand.text, s) for s in entry.statements):
            self._restated(entry, cand, cluster)
            return
        day = cand.source.day.isoformat()
        who = no_longer_needed(cand.text)
        # (a line of its own about something else stays: a person's note beside the ask)
        previous = lead_replaced(entry, cand, cluster, self._capped([cand.text, *(
            s for s in entry.statements[1:] if who is None or not has_word(s, who))],
            entry.file))
        self._took_in(entry, cand, cluster, "superseded",
                      f"the ask '{shorten(previous, 80)}' is lifted on {day}; kept as history")

    def _new_best(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        if any(_says_again(cand.text, s) and same_values(cand.text, s)
               for s in entry.statements):
            self._restated(entry, cand, cluster)
            return
        day = cand.source.day.isoformat()
        previous = lead_replaced(entry, cand, cluster, self._capped(
            [cand.text, *entry.statements[1:]], entry.file))
        self._took_in(entry, cand, cluster, "superseded",
                      f"a newer best result replaces '{shorten(previous, 80)}' on {day}")

    def _revise(self, entry: Entry, taken: list[tuple[int, Revision]], cand: Candidate,
                cluster: Cluster) -> None:
        """The statements taken back give way to ``cand``: the first to the new statement (the
        old one with its choice put in place when the new names no subject: "Use tabs" over
        "Use spaces for indentation"), the rest go; each is a dated history line."""
        day = cand.source.day.isoformat()
        at, first = taken[0]
        said = {i: LIST_MARK.sub("", entry.statements[i]) for i, _ in taken}
        bullet = LIST_MARK.match(entry.statements[at])
        lead = _choice_put(said[at], first) if first.subjectless else cand.text
        for i, rev in taken:
            entry.history.append(
                change_line(rev.was, rev.now, f"on {day}")
                if rev.subjectless else update_line(day, said[i]))
        entry.statements = self._capped(
            [(bullet[0] if bullet else "") + lead if i == at else s
             for i, s in enumerate(entry.statements) if i == at or i not in said], entry.file)
        named = entry.name
        stale = first.taken_back
        if stale.search(entry.name):
            entry.name = _choice_put(entry.name, first) if first.subjectless else (
                title_for(lead) or entry.name)
        if entry.original is None or stale.search(entry.description) or any(
                entry.description == description_for(s) for s in said.values()):
            entry.description = (_choice_put(entry.description, first) if first.subjectless
                                 else description_for(lead))
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        elif entry.type in ("feedback", "project"):
            entry.why = (f"The user changed their mind on {day} (see the history above)."
                         if cand.revises else
                         f"The user's preference changed on {day} (see the history above).")
            entry.generated_why = True
        if entry.type in ("feedback", "project"):
            # the old guidance was written for the preference given up ("Answer in two or
            # three sentences"): kept, it would still say the old one
            entry.how, entry.generated_how = _default_how(cand), True
        renamed = self._rename_for(entry, named, first.was, first.now)
        self._superseded(entry, cand, cluster,
                         ("the user changed their mind" if cand.revises else
                          "a newer preference") + f" on {day}: "
                         f"'{shorten(said[at], 80)}' replaced by what they prefer now; the "
                         "earlier statement kept as history"
                         + (f"; file renamed from {renamed}" if renamed else ""))

    def _turn_round(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """The statements of ``entry`` that ``cand`` turns round give way to it, each a dated
        history line; the rest stay. A statement may be turned round by one clause of ``cand``
        ("Push to main." by "Never push to main; push to develop.")."""
        day = cand.source.day.isoformat()
        traded = next(((s, pair) for s in entry.statements
                       if (pair := _choice_turned(s, cand.text)) is not None), None)
        turned = [traded[0]] if traded is not None else [
            s for s in entry.statements
            if turns_rule_round(s, cand.text) or turns_rule_round(cand.text, s)]
        entry.history.extend(update_line(day, s) for s in turned)
        lead = cand.text
        if traded is not None:
            # the rule with its two things traded ("Use spaces rather than tabs"): "Use spaces
            # instead" alone would not say instead of what
            (one, other) = traded[1]
            lead = _swapped(traded[0], one, other)
            if has_word(entry.name, one) and has_word(entry.name, other):
                entry.name = _swapped(entry.name, one, other)
        entry.statements = self._capped(
            [lead] + [s for s in entry.statements if s not in turned], entry.file)
        if entry.original is None:
            self._named_for_now(entry, turned, lead)
        elif not entry.hand_title and entry.name in {title_for(s) for s in turned}:
            # a file kept from before keeps its file name, but a title the engine made of the
            # rule turned round ("Always squash-merge pull requests" over "Don't squash-merge
            # pull requests anymore") would tell the old rule as the one that holds (one the
            # person wrote in MEMORY.md is what the index shows: that title stays)
            retitle_for(entry, lead)
        if entry.original is None or any(entry.description == description_for(s)
                                         for s in turned):
            entry.description = description_for(entry.lead)
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        guidance_for(entry, cand, cluster)
        self._superseded(entry, cand, cluster,
                         f"the rule turned round on {day}: '{shorten(turned[0], 80)}' no "
                         "longer holds")

    def _named_for_now(self, entry: Entry, turned: list[str], lead: str) -> None:
        """``entry``, made in this dream, named and filed for the rule that holds now: "Use
        spaces instead" was filed as feedback_dont-use-spaces.md, the rule it turned round. A
        file kept from before keeps its name."""
        if entry.name in {title_for(s) for s in turned}:
            entry.name = title_for(lead) or entry.name
        self._filed_by_name(entry, lead)

    def _named_off_old_address(self, entry: Entry, previous: str, cand: Candidate) -> None:
        """``entry``, made in this dream under the address ``cand`` says it moved from, named
        and filed anew: neither may keep the old address or its host ("Runbooks live at
        wiki.acme.io", reference_runbooks-live-wiki-acme-io.md for "https://wiki.acme.io/...").
        A file kept from before keeps its file name; its title, drawn from the old statement,
        follows the new one (the index told "The staging API is at staging.example.com" of the
        API moved to stg.example.com)."""
        if MOVED_TO_ADDRESS.search(cand.text) and any(
                _ADDRESS_SCHEME.sub("", a[0]).split("/")[0].rstrip(".,;:!?").lower()
                in entry.name.lower() for a in ADDRESS_AT.finditer(previous)) and (
                entry.original is None or entry.name == title_for(previous)):
            # (a key cut at the colon of "https://" would name it for "https")
            said = cand.text if "://" in cand.text else cand.match_text
            entry.name = title_for(said) or entry.name
            if entry.original is None:
                self._filed_by_name(entry, said)

    def _filed_by_name(self, entry: Entry, lead: str) -> None:
        """``entry`` filed under its name; what was decided of it names the new file."""
        taken = {e.file.lower() for e in self.entries if e is not entry} | self.gone
        file = free_file_name(f"{entry.type}_{file_slug(entry.name, lead)}", taken)
        if file == entry.file:
            return
        before, entry.file = entry.file, file
        # what was decided of it before names the file written
        self.decisions[:] = [replace(d, file=file) if d.file == before else d
                             for d in self.decisions]

    def _set_value(
        self, entry: Entry, change: SettingChange, was: str, cand: Candidate, cluster: Cluster
    ) -> None:
        """The entry's value of a setting put from ``was`` to the change's new one, in its own
        words ("We run Sidekiq 7 with 25 concurrency"); the old value is history."""
        old = next(v.written for v in _stated_in(change, entry.lead) if v.value == was)
        lead, now = _put_setting(entry.lead, change, was)
        done = _when_done(cand)  # "we bumped retries to 5 last month": in June 2026
        entry.history.append(change_line(old, now, done))
        entry.name = _put_setting(entry.name, change, was)[0]
        entry.description = _put_setting(entry.description, change, was)[0]
        if entry.hook:
            entry.hook = _put_setting(entry.hook, change, was)[0]
        entry.statements = [lead] + [s for s in entry.statements[1:] if not any(
            v.value == was for v in _stated_in(change, s))]
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        self._superseded(entry, cand, cluster, f"{change.what} changed from {old} to {now} "
                         f"{done}; entry rewritten to the new value")

    def _set_back(
        self, entry: Entry, change: SettingChange, was: str, cand: Candidate, cluster: Cluster
    ) -> None:
        """For "the quota is back to 8 A100s" over "Group quota cut to 4 A100s until ...": the
        change the entry told has ended. Put in its own words ("cut to 8 A100s until ...") it
        would tell a cut that never was: the return replaces it, the cut kept as history, in the
        entry that gave the value returned to when there is one ("Our group quota is 8 A100s").
        The rules given for the change ("Don't request 8 GPUs", since the cut) end with it."""
        old = next(v.written for v in _stated_in(change, entry.lead) if v.value == was)
        done, day = _when_done(cand), cand.source.day.isoformat()
        # (the unit said with the number: "8 A100s", "the quota", not "8", "quota A100s")
        said = re.search(rf"(?<![\w.]){re.escape(change.now)}\s+([A-Za-z][\w-]*)", cand.text)
        unit = said[1] if said and has_word(change.what, said[1]) else ""
        thing = change.what.replace(unit, "").strip() if unit else change.what
        was_said, now_said = f"{old} {unit}".strip(), f"{change.now} {unit}".strip()
        held = [e for e in self.live() if e is not entry and (values := [
            v.value for v in _stated_in(change, e.lead)]) and all(
                same_value(v, change.now_value) for v in values)]
        if len(held) == 1 and not any(entry.heading):
            # the value returned to is what that entry said all along: the change is its history
            # (not so a file a person topped with a heading, "# GPU quota (kepler)": merged away,
            # its heading and description would be lost; it is rewritten under its heading)
            kept = held[0]
            kept.history.extend(h for h in entry.history if h not in kept.history)
            # (in the words a later dream reads back as history: ``UPDATE_LINE``)
            kept.history.append(update_line(day, entry.lead))
            kept.statements = self._capped([*kept.statements, *(
                s for s in entry.statements[1:] if not _stated_in(change, s))], kept.file)
            kept.add_sources(entry.sources(), self.options.max_sources)
            entry.deleted, entry.deleted_by, entry.merged_into = True, "merged", kept
            declare(kept, "merged_from", entry)
            self._superseded(kept, cand, cluster, f"the {thing} is back to {now_said} {done}; "
                             f"'{shorten(entry.lead, 80)}' ended and is kept as history",
                             "confirmed")
        else:
            kept = entry
            previous = lead_replaced(entry, cand, cluster, [cand.text, *(
                s for s in entry.statements[1:] if not _stated_in(change, s))])
            self._superseded(entry, cand, cluster, f"the {thing} is back to {now_said} {done}; "
                             f"'{shorten(previous, 80)}' ended and is kept as history")
        for rule in given_for_change(self.live(), change, old):
            rule.deleted, rule.deleted_by = True, "contradicted"
            declare(kept, "supersedes", rule)
            self.decisions.append(Decision(
                "pruned", rule.file,
                f"a rule given while the {thing} was {was_said}; it is back to {now_said} "
                f"{done} ({kept.file})", file=rule.file, session_id=cand.source.session_id,
                title=rule.name))

    def _rename_in(self, entries: list[Entry], old: str, new: str, cand: Candidate,
                   cluster: Cluster) -> None:
        """For "The gpu-debug partition was renamed to debug-a100": each entry naming gpu-debug
        ("The partitions on kepler: gpu-a100 for real runs, gpu-debug for quick tests") now
        names debug-a100, the old wording kept as history; beside them, a memory of the rename
        alone told the new name while the entry went on naming the old one as current."""
        done, day = _when_done(cand), cand.source.day.isoformat()
        for entry in entries:
            previous = entry.lead
            entry.history.append(update_line(day, previous))
            entry.statements = [_put_value(entry, old, new), *(
                s if told_past_of(s, old, cand.source.day) else
                re.sub(rf"(?<![\w.-]){re.escape(old)}(?![\w-])", new, s)
                for s in entry.statements[1:])]
            self._superseded(entry, cand, cluster,
                             f"{old} was renamed to {new} {done}; the entry names {new} now")

    def _superseded(self, entry: Entry, cand: Candidate, cluster: Cluster, reason: str,
                    action: Action = "superseded") -> None:
        """``entry`` now says what ``cluster`` told: its sources and score, and the decision."""
        self._took_in(entry, cand, cluster, action, reason, said=entry.lead)
        self._told(entry)

    def _took_in(self, entry: Entry, cand: Candidate, cluster: Cluster, action: Action,
                 reason: str, said: str | None = None) -> None:
        """``entry`` changed for what ``cluster`` told: its sources and score go in, and the
        decision says why, quoting ``said`` (else the candidate's words)."""
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
        entry.score = max(entry.score, cluster.score)
        entry.changed = True
        self.decisions.append(Decision(
            action, shorten(cand.text if said is None else said, 120), reason,
            file=entry.file, session_id=cand.source.session_id))

    def _cancel(self, entry: Entry, statement: str, thing: frozenset[str],
                counted: dict[str, str], cand: Candidate, cluster: Cluster) -> None:
        """The plan ``statement`` of ``entry`` (of ``thing``, named as ``counted``) called off:
        the person's words take its place, the plan is history, and, where it led the entry, its
        guidance, written for a day still ahead, goes. Another line giving that thing a day is
        history with it ("The release moved to ..."); what else the entry says stays: a fact of
        it ("The release manager is Alice."), an event of its own ("The release party is on
        ...", as in a file of its own) and another plan ("The second release is on ...", a file
        two plans were once merged into), each a line of its own."""
        day = cand.source.day.isoformat()
        # the plan called off first, then the other days it was given (a file of no statements
        # is its description, the plan called off)
        plain = {said: LIST_MARK.sub("", said).strip() for said in [statement, *entry.statements]}
        gone = [statement, *(said for said in entry.statements if said != statement
                             and another_day_of(thing, counted, plain[said]))]
        kept = [said for said in entry.statements if said not in gone]
        was = plain[statement]
        gone_said = [plain[said] for said in gone]
        for said in gone_said:
            entry.history.append(update_line(day, said))
        # (what tells a plan called off: its day, or its words as a title or description)
        gone_days = [d for said in gone_said for d in date_mentions(said)]
        told = {title_for(said) for said in gone_said} | {
            description_for(said) for said in gone_said}

        def tells_gone(field: str) -> bool:
            return field in told or any(has_word(field, d) for d in gone_days)

        # the entry is the plan called off where its lead is, or where its title or description
        # tell it ("The release is on 2026-08-04" over a newer line, "The release freeze starts
        # on ...", merged in): left, they would tell the release as on in MEMORY.md
        led = not entry.statements or entry.statements[0] in gone or tells_gone(
            entry.name) or tells_gone(entry.description)
        if not led:
            # (another plan leads the entry: its title, description and guidance stay its own)
            entry.statements = [*kept, cand.text]
            if entry.generated_how and tells_gone(entry.how):
                # ("Plan work around 2026-08-04" is for the day called off)
                entry.how = _default_how(replace(cand, kind="fact"))
            self._superseded(entry, cand, cluster,
                             f"called off on {day}; the plan '{shorten(was, 80)}' kept as "
                             f"history, '{shorten(plain[kept[0]], 80)}' kept")
            return
        entry.statements = [cand.text, *kept]
        entry.description = description_for(cand.text)
        if entry.hook:  # (its index line tells the plan as upcoming)
            entry.hook = entry.description
        if tells_gone(entry.name):
            entry.name = title_for(cand.text) or entry.name
        # ("Plan work around 2026-07-24" is for a day nothing is planned on now)
        told_off = Cluster([replace(c, kind="fact") for c in cluster.members], cluster.score)
        entry.why, entry.generated_why = cand.why or _default_why(told_off), not cand.why
        entry.how, entry.generated_how = _default_how(told_off.latest), True
        self._superseded(entry, cand, cluster,
                         f"called off on {day}; the plan '{shorten(was, 80)}' kept as history")

    def _stand_in_again(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """The stand-in ``entry`` keeps, told anew for another span: the new telling leads, the
        one before is history (one memory of whom to ask, not two)."""
        day = cand.source.day.isoformat()
        was = LIST_MARK.sub("", entry.lead).strip()
        if (told := stand_in_from(was, cand.text, cand.source.day)) != cand.text:
            # (the day it starts on kept: "Until 2026-07-20, ..." lost that Ana goes on the 13th)
            cand = replace(cand, text=told, key="")
        entry.history.append(update_line(day, was))
        entry.statements = [cand.text]
        entry.description = description_for(cand.text)
        if entry.hook:
            entry.hook = entry.description
        entry.name = title_for(cand.text) or entry.name
        guidance_for(entry, cand, cluster)
        self._superseded(entry, cand, cluster,
                         f"the same stand-in told anew on {day}; '{shorten(was, 80)}' kept as "
                         "history")

    def _reschedule(
        self, entry: Entry, was: str, now: str, cand: Candidate, cluster: Cluster
    ) -> None:
        """The entry's date put from ``was`` to ``now``: in its own words where both are written
        alike (a day for a day, a month for a month) and the entry does not tell the plan as
        past; else the new statement leads, with new guidance. The earlier date is history."""
        day = cand.source.day.isoformat()
        by_event = _BY_ANOTHER_EVENT.match(now) is not None
        alike = (_ISO_DAY.fullmatch(was) is None) == (_ISO_DAY.fullmatch(now) is None) and not (
            was.lower().startswith("week") or now.lower().startswith("week")) and not by_event
        # "between 2026-08-01 and 2026-08-05" moved to one day: putting the day in place of
        # the first would make "between 2026-08-15 and 2026-08-05"; the new statement leads
        ranged = any(was in m[0] for m in _DATE_SPAN.finditer(entry.lead))
        entry.history.append(
            update_line(day, LIST_MARK.sub('', entry.lead).strip()) if ranged
            else change_line(was, now, f"on {day}"))
        # "The design review is on 2026-07-14", moved to after the launch on 2026-07-22: "The
        # design review is after the launch on 2026-07-22"
        on_was = re.search(rf"\b(?:on|in)\s+{re.escape(was)}(?![\w-]|\.\d)", entry.lead) if (
            by_event) else None
        if alike and not ranged and not _TOLD_PAST.search(entry.lead):
            # ("plan stated on 2026-07-06" on the index line of a plan moved since: as if it
            # had not moved)
            self._why_changed(entry, day)
            lead = _put_value(entry, was, now)
            if entry.generated_how:  # "2026-07-09 has passed; ..." is for the old date
                # (a plan's for the day it is on now: "is on 2026-07-18, not 2026-07-20" names
                # the old day as the latest)
                entry.how = plan_how(now) if cand.kind == "plan" else _default_how(cand)
            if cand.why:
                # "... moved to 2026-07-24 because QA needs another week": the reason given for
                # the move is the Why (beside a person's own, ``_reasons_kept``), not lost
                entry.why, entry.generated_why = _reasons_kept(entry, cand.why, f"on {day}"), False
        else:
            lead = cand.text if on_was is None or ranged or _TOLD_PAST.search(entry.lead) else (
                entry.lead[: on_was.start()] + now + entry.lead[on_was.end():])
            guidance_for(entry, cand, cluster)
            entry.description = description_for(lead)
            # (the engine's own now: saying only the new title again, it is made anew)
            entry.generated_hook = entry.generated_hook or says_only_name(
                entry.description, title_for(lead) or entry.name)
            if entry.hook:  # (its index line, of the old date, would be told as past)
                entry.hook = entry.description
        if _TOLD_PAST.search(entry.name) or has_word(entry.name, was):
            # "Was planned: The code freeze starts on 2026-07-09" no longer is
            entry.name = title_for(lead) or entry.name
        entry.statements = [lead] + [s for s in entry.statements[1:] if not has_word(s, was)]
        self._superseded(entry, cand, cluster,
                         f"moved from {was} to {now} on {day}; entry rewritten to the new date")

    def _rename_for(self, entry: Entry, named: str, old: str, new: str) -> str:
        """A file named for what was replaced ("project_ci-runs-jenkins.md" once CI runs on
        GitHub Actions) is named for what replaced it: for the entry's new name when the file
        was named for its old one, else with the one name put in place of the other. Only the
        engine's own names (``<type>_<slug>.md`` at the top) are changed; the new file declares
        that it supersedes the old one, so the loss check and a reader can follow it. The
        file's old name, or ""."""
        stem = entry.file.removesuffix(".md")
        kind, sep, rest = stem.partition("_")
        was, now = slug(old), slug(new)
        if (entry.sealed or not sep or kind != entry.type or "/" in stem
                or not _SLUG.fullmatch(rest) or not (_slugs_whole(old) and _slugs_whole(new))
                or was == now or not _slug_has(rest, was) or self._linked_to(entry)):
            return ""
        rest = slug(entry.name) if rest == slug(named) else _slug_switched(rest, was, now)
        if not _slug_has(rest, now):
            return ""  # the new name would not say the new choice ("Just" is a stopword)
        if f"{kind}_{rest}.md" == entry.file:
            return ""
        if entry.renamed_from.lower() == f"{kind}_{rest}.md".lower():
            # switched and back in one dream ("Don't use pnpm anymore, use npm", then "Stop
            # using npm, use pnpm"): the file keeps the name it has on disk, not "-2.md" beside
            # it, and supersedes no file
            entry.file, entry.renamed_from = entry.renamed_from, ""
            _drop_declared(entry, "supersedes", entry.file)
            return ""
        before = entry.file
        taken = {e.file.lower() for e in self.entries} | {
            e.renamed_from.lower() for e in self.entries if e.renamed_from} | self.gone
        entry.file = free_file_name(f"{kind}_{rest}", taken)
        # named back to a name it had before ("Use pnpm, not npm", then npm, then pnpm again):
        # the file it superseded then is itself, and a file never supersedes itself
        _drop_declared(entry, "supersedes", entry.file)
        if entry.original is not None:
            entry.renamed_from = entry.renamed_from or before
            declare_file(entry, "supersedes", entry.renamed_from)
        return before

    def _linked_to(self, entry: Entry) -> bool:
        """Another memory links to ``entry``'s file ("see [staging API](reference_staging-
        api-url-staging-example-com.md)"): renamed, that link would lead nowhere, so the file
        keeps its name."""
        link = re.compile(rf"\]\((?:\./)?{re.escape(entry.file)}(?:#[^)]*)?\)")
        return any(link.search("\n".join([*e.statements, *e.history, e.why, e.how]))
                   for e in self.entries if e is not entry and not e.deleted)

    def _current_of(self, entry: Entry) -> str | None:
        for line in reversed(entry.history):
            m = HISTORY_LINE.match(line)
            if m:
                return m["new"]
        # a hand-written "We switched from Poetry to uv." tells what is current in its lead
        told = _switch_told(entry.lead)
        return told["new"] if told is not None else None

    def _switch(self, entry: Entry, cand: Candidate, cluster: Cluster, *,
                as_written: bool = False) -> None:
        """``as_written``: the candidate's old and new are already the entry's own words (a
        turned choice, read from its lead), not to be spelled as its other lines write them
        (a reason "Tabs are accessible." gave "Switched from Tabs to spaces")."""
        if cand.new is not None and not as_written:
            cand = replace(cand, new=_as_written(entry, cand.new),
                           old=cand.old and _as_written(entry, cand.old))
        new = cand.new or ""
        thing = moved_thing(cand.text)
        current = self._current_of(entry)
        meant = current is None and cand.back and cand.old is None and not entry.history and (
            _meant_from(entry.lead, new) is not None)
        if meant:
            # "We're going back to Celery" over "The user wants to switch ... from Celery to
            # Dramatiq": Dramatiq was tried, and is what is left
            current = _meant_from(entry.lead, new)
        # "moved back to Notion" over "Design docs live in Confluence, not Notion"
        old = cand.old or current or _chosen_over(entry.lead, new)
        day = cand.source.day.isoformat()
        done = _when_done(cand)
        # ... the same switch told again; not another tool going the same way ("We replaced
        # flake8 and black with ruff": black still named once flake8 is ruff)
        last = HISTORY_LINE.match(entry.history[-1]) if entry.history else None
        still_named = (cand.old is not None and last is not None
                       and last["old"].lower() != cand.old.lower()
                       and any(_names(st, cand.old) for st in entry.statements))
        if (old is not None and old.lower() == new.lower()) or (
            current is not None and current.lower() == new.lower() and not still_named
        ) or (old is None and _says_of(entry.lead, thing, new)
              and not _set_against(entry.lead, new)):
            self._confirm(entry, cand, cluster)
            return
        if old is not None and cand.old is not None and _set_against(entry.lead, old) and (
                _says_of(entry.lead, thing, new) and not _set_against(entry.lead, new)
                and last_mention(entry.lead) is None):
            # "We moved CI from Jenkins to GitHub Actions last month" beside "We use GitHub
            # Actions for CI, not Jenkins": the entry says so already (a dated one, "From
            # 2026-07-06 we'll use ...", is a plan the switch tells of as done)
            self._switch_told(entry, cand, cluster, old)
            return
        # The statement that says what was: the lead, or the one line of a hand-written list
        # that names it ("- CI runs on GitHub Actions." under "- We lint with flake8 ..."); the
        # other lines are the person's and stay.
        at = 0
        if old is not None and entry.statements and not _names(entry.lead, old):
            at = next((i for i, st in enumerate(entry.statements) if i and _names(st, old)
                       and not has_word(st, new)), 0)
        lead = entry.statements[at] if at else entry.lead
        bullet = LIST_MARK.match(lead)
        if bullet is not None:
            lead = lead[bullet.end():]
        if old is not None and split_version(old) is None and (
                tool_pattern(_tool_of(new)) != tool_pattern(old)):
            # "We run Postgres 15 for analytics, not 14" put to MySQL would set it against a
            # bare "14": what set one version against another goes with the tool
            lead = without_version_contrast(lead, old)
        # ("CommuGraph has a Python FastAPI backend" is not made true of Next.js by the name
        # alone: the switch leads, the statement goes into the history)
        qualified = old is not None and qualified_name(lead, old)
        fits = (old is not None and not meant and not qualified and _names(lead, old)
                and not _ISO_DAY.search(lead)
                and not TELLS_SWITCH.search(lead) and not UNDER_WAY.search(lead)
                and last_mention(lead) is None
                # (nor one word put in place inside the person's "Don't use pnpm anymore,
                # use npm": switched back it read "Don't use pnpm anymore, use pnpm")
                and ended_then_used(lead) is None)
        # "CI runs on GitHub Actions, not Jenkins" after "we moved CI from Jenkins to Buildkite":
        # the choice the entry names goes, and what it was set against with it ("CI runs on
        # Buildkite."); swapping the old name alone would say "..., not Buildkite"
        over = _over_left(lead, entry, cand, old, thing) if fits and old is not None else None
        put: str | None = None
        if over is not None and old is not None:
            put = _name_in_place(_without_contrast(lead, old), over, new, cand.text)
        elif fits and old is not None:
            put = _put_in_place(lead, old, new, cand.text, thing)
        if put is None and old is not None and not meant and not qualified and (
                not TELLS_SWITCH.search(lead) and not UNDER_WAY.search(lead)):
            put = with_version(lead, old, new)  # "Postgres version is 14" -> "... is 16"
        if put is not None and left_behind(cand.text):
            put = None  # "..., but the lambdas are still on 3.11": the person's words say it
        if put is not None and choice_said_of_more(cand.text):
            # "Use npm, not pnpm, for the legacy app" over "Use pnpm, not npm": put in place it
            # read "Use npm, not pnpm." (or "..., in the web app" of "in the mobile app"), the
            # choice made for all, what it was said of lost; the person's sentence leads
            put = None
        kept_beside: str | None = None
        if put is not None and (scope := only_where(cand.text)) and not mentions_thing(
                tokens(scope), lead):
            # "we go back to wandb, but only for the hyperparameter sweeps" over "We track
            # experiments in mlflow": put in place, the scope would be lost; the switch says it,
            # and the statement, still true of everything else, stays beside it
            put, kept_beside = None, entry.statements[at] if entry.statements else entry.lead
        # "Always use pnpm for installs, never npm or yarn" set both aside, and "We switched
        # from npm to yarn" ends it (swapped, it would read "never yarn or yarn"): the switch
        # says what holds now, and the statement, with what it chose, goes into the history
        rule_ended = old is not None and _set_against(lead, old) and _set_against(lead, new)
        ended = [t for t in tools_in(lead) if not _set_against(lead, t)] or [
            c for c in [_chosen_over(lead, old or "")] if c] if rule_ended else []
        if rule_ended:
            put = None
        elif put is not None and old is not None and _set_against(lead, new) and (
                len(said_as_name(put, re.escape(new))) > 1):
            # "We use pnpm, not npm or yarn", switched from pnpm to yarn: the two trade places
            # ("We use yarn, not npm or pnpm"), where the swap alone would set yarn against
            # itself
            put = _swapped(lead, old, new)
        if put is not None and re.search(
                rf"(?<![\w-]){re.escape(new)}(?:,\s+|\s+(?:or|and|nor)\s+){re.escape(new)}"
                rf"(?![\w-])", put, re.I):
            put, rule_ended = None, True  # "never yarn or yarn": nothing the person said
        if put is not None and _set_against_itself(lead, put, new):
            # "We run Postgres 15, not Postgres 14" set two versions against each other: put
            # to MySQL it would read "We run MySQL, not MySQL"; "Use sqlite, not postgres" put
            # to postgresql, "Use postgresql, not postgres" (one database set against another
            # name of itself, tool_kinds.same_tool)
            put = None
        # "Ruff format keeps reflowing our tables, so we're going back to black" tells of the
        # new choice itself: with the names put in place it would give its reason against
        # ruff format as one against black. The switch leads; the statement goes, its reason
        # with it, into the history (as it does when it is not rewritten for another reason)
        told_new = meant or (old is not None and not rule_ended and _tells_of(
            lead, new, old, thing if put is not None else frozenset()))
        if told_new:
            put = None
        was = old or "the previous choice"
        said = was
        gone: list[str] = []
        if put is not None and old is not None:
            kept = _without_old_place(put, old, new)
            if kept is None:
                put = None
            else:
                put, said, gone = kept
                if over is not None:
                    said = f"{over}, not {said}"
                moved = _to_new_address(put, cand.text, new)
                if moved is not None:
                    put, address = moved
                    gone.append(address)
        if put is not None and old is not None and _tool_of(new) != _tool_of(old):
            # "We use Sentry for error tracking; the project is acme-web": the project is
            # Sentry's, and beside Datadog it would read as Datadog's
            put, of_old = _without_old_tool_clauses(lead, put, old)
            gone += of_old
        if rule_ended and old is not None:
            said, gone = _and(ended) if ended else old, [lead.rstrip(".!?")]
        elif told_new or qualified:
            gone = [lead.rstrip(".!?")]
        elif put is None and old is not None and kept_beside is None:
            # the statement goes: what it said of the old place alone stays in the history
            gone = _old_place_clauses(lead, old, new)
        new_lead = cand.text if put is None else put
        what = _MEANT_WHAT.search(lead) if meant else None
        if what is not None:
            # what the intention named moves back, not the words of the request ("..., please
            # revert the settlement-import port")
            new_lead = f"{sentence_case(what['what'])} is {new}."
        if bullet is not None:
            new_lead = bullet[0] + new_lead
        stale = [s for i, s in enumerate(entry.statements) if i and i != at and old
                 and (_names(s, old) or _of_old_place(s, old, new)) and not has_word(s, new)]
        # a line pruned below for naming the old place keeps its address in the history
        gone += [LIST_MARK.sub("", s).strip().rstrip(".!?") for s in stale
                 if old and _of_old_place(s, old, new)]
        # (a value put right, "from 5432 to 5433", changed: no tool was switched)
        verb = "Switched back" if cand.back else "Changed" if new[:1].isdigit() and (
            was[:1].isdigit()) else "Switched"
        # "in Notion (https://...)" takes what else went inside its own brackets
        prior = (said if not gone else f"{said[:-1]}; {'; '.join(gone)})" if said.endswith(")")
                 else f"{said} ({'; '.join(gone)})")
        # "We switched from Postgres to MySQL" over "We use Postgres 14": the history keeps the
        # version the entry gave, which the new statement no longer says (of a lead that tells
        # of a switch, "from Postgres 14 to Postgres 15", the one it ended on)
        versioned = (_and([v for v in with_versions_said(lead, old) if not _set_against(
            lead, v)][-1 if TELLS_SWITCH.search(lead) else 0:]) if prior == old
            and split_version(old) is None and not _same_tool_as(new, old) else "")
        entry.history.append(change_line(was, new, done, verb=verb, previously=versioned or prior))
        statements = list(entry.statements) or [new_lead]
        statements[at] = new_lead
        if kept_beside is not None:
            statements.insert(at + 1, kept_beside)
        entry.statements = [s for s in statements if s not in stale]
        named = entry.name
        if over is not None and old is not None and put is not None and _contrasted(
                entry.name, over, old):
            # "Use GitHub Actions for CI, not Jenkins" goes as its lead went ("Use Buildkite
            # for CI"); a title that was that choice alone ("GitHub Actions instead of
            # Jenkins") says the switch made
            chosen = _without_contrast(entry.name, old)
            entry.name = (_name_in_place(chosen, over, new, cand.text)
                          if _words(chosen).keys() - _words(over).keys()
                          else _switch_title(cand))
        elif ended and any(has_word(entry.name, t) for t in ended):
            entry.name = _switch_title(cand)  # "Use pnpm for installs" is what ended
        elif old is not None and (has_word(entry.name, old) or (
                old.lower() in CALENDAR_WORDS and has_word(entry.name, f"{old}s"))):
            # ("We do the release on Thursdays" moved to Fridays kept its title, its body
            # saying Fridays)
            # a title telling of the earlier switch would tell of one that never happened
            # (and one made for one thing alone says which: "Hyperparameter sweeps: wandb
            # instead of mlflow", not "wandb instead of mlflow" of every run)
            # (nor is one name swapped inside a title that is the person's sentence, "Don't
            # use pnpm anymore, use npm", which read "Don't use pnpm anymore, use pnpm")
            renamed_title = _renamed_title(entry.name, old, new, cand.text, thing)
            # ("Sqlite instead of postgres" put to postgresql would read "postgresql instead
            # of postgres": one database set against another name of itself)
            entry.name = (_switch_title(cand) if (put is None and (
                TELLS_SWITCH.search(entry.name) or _ISO_DAY.search(entry.name)
                or only_where(cand.text) or ended_then_used(entry.name) is not None))
                or _set_against_itself(entry.name, renamed_title, new)
                else renamed_title)
            if _set_against(named, new) and len(said_as_name(entry.name, re.escape(new))) > 1:
                # "I prefer Vim keybindings over Emacs keybindings" turned round: the two trade
                # places, as in the lead (the swap alone read "Emacs keybindings over Emacs
                # keybindings")
                entry.name = _swapped(named, old, new)
        # only an entry rewritten to name the new choice is renamed for it (named another way
        # too: "Don't use mysql anymore, use postgres" is the switch to the entry's postgresql)
        renamed = (self._rename_for(entry, named, ended[0] if len(ended) == 1 else old, new)
                   if old is not None and (has_word(new_lead, new) or any(
                       _one_tool(t, new) for t in tools_in(new_lead))) else "")
        # (a user entry's own description, "freelance front-end developer, three clients in one
        # monorepo", stays when it does not name what was left: the person wrote it; so does
        # that of a file they wrote under a heading, "Which package manager the repo uses" over
        # '# Tooling', whose rule is its lead only since the heading is read apart)
        kept_hook = (entry.type == "user" or bool(entry.heading)) and bool(
            entry.description) and not entry.generated_hook
        if (at == 0 and not kept_hook) or (old is not None and has_word(entry.description, old)):
            entry.description = description_for(new_lead)
        switched = self._switched.setdefault(id(entry), [])
        # a later switch of the same tool, or on from what the last one chose, replaces it
        switched[:] = [(n, w) for n, w in switched if n.lower() != was.lower()
                       and _tool_of(n) != _tool_of(new)] + [(new, was)]
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        elif (not entry.why or entry.generated_why) and entry.type in ("feedback", "project"):
            chosen = _and(n for n, _ in switched)
            entry.why = f"Switched to {chosen} {done} (see the history above)."
            entry.generated_why = True
        if entry.type in ("feedback", "project") and (not entry.how or entry.generated_how):
            ended_too = over if over is not None else _and(ended) if ended else None
            entry.how = (_switch_how(new, was if ended_too is None else f"{ended_too} and {was}",
                                     cand.text) if len(switched) == 1 else
                         f"Use {_and(n for n, _ in switched)}; {_and(w for _, w in switched)} "
                         "are no longer current, so do not suggest them.")
            entry.generated_how = True
        self._superseded(entry, cand, cluster,
                         f"{verb.lower()} from {was} to {new} {done}; entry rewritten to the new "
                         "state" + (f"; file renamed from {renamed}" if renamed else "")
                         + ("; what it said before is kept in the history"
                            if rule_ended or told_new or qualified
                            else "; what it said of the old place alone is kept in the history"
                            if prior != said or (over is None and prior != was) else "")
                         + (f"; it named {over} as chosen over {was}, now {new} for both"
                            if over is not None else ""))
        for s in stale:
            self.decisions.append(Decision(
                "pruned", shorten(s, 120), f"stated {was} as current; superseded on {day}",
                file=entry.file))

    def _switch_turned(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """The switch of a preference turned round: the person's reason for the old choice
        ("because tabs are accessible") is no reason for the new one, so it goes into the
        history line with what it was given for, and the Why says the switch (review rev201)."""
        reason = entry.why.strip() if entry.why and not entry.generated_why else ""
        if reason:
            entry.why, entry.generated_why = "", True
        self._switch(entry, cand, cluster, as_written=True)
        if reason and entry.history and entry.history[-1].endswith("."):
            said = reason.rstrip(".!")
            if said[1:2].islower():
                said = said[:1].lower() + said[1:]
            entry.history[-1] = f"{entry.history[-1][:-1]} (because {said})."

    def _ended_for(self, cand: Candidate) -> tuple[Entry, Candidate] | None:
        """The entry ``cand`` ends the choice of, and ``cand`` as the switch it tells, when it
        says one tool is ended for another ("Don't use pnpm anymore, use npm") and the entry
        chose the ended one: a tool the entry writes as another name of it ("Postgres" for
        "postgresql") is named as the entry writes it, so the switch back to Postgres is no
        switch to a third tool."""
        ended = ended_then_used(cand.text) if cand.kind != "switch" else None
        if ended is None:
            return None
        switch = replace(cand, kind="switch", new=ended[0], old=ended[1])
        # (first an entry that is the person's own "Stop using pnpm, use npm": the way back, a
        # team's "We no longer use npm; use pnpm", would leave it beside as a rule given for
        # npm's sake)
        target = next((e for e in self.live() if e.type in ("feedback", "project")
                       and (said := ended_then_used(e.lead)) is not None
                       and _one_tool(said[0], ended[1])),
                      None) or switch_target(self.live(), switch)
        if target is None:
            return None
        # (as its lead writes them, else as the rest of it does: "NPM" is "npm" there, and
        # "postgresql" the entry's "Postgres")
        named = tools_in(target.lead) + tools_in(target.text)
        new, old = (next((t for t in named if _one_tool(t, name)), name) for name in ended)
        if not _chose_the_ended(target, new, old):
            return None
        return target, replace(switch, new=new, old=old)

    def _day_moved(self, cand: Candidate, cluster: Cluster) -> bool:
        """"We deploy on Thursdays now" beside deploy.md's "We deploy every Tuesday.": both
        stood (or a project entry was replaced whole, 'Updated on ...; previously: ...'), two
        deploy days for the agent to choose from. Only where both are one plain sentence of the
        same who and what (``recurring_days``) is the entry switched to the new day, as a tool
        switch is: its history and the run record tell the day left and when; one giving the
        day told already is confirmed. True then; anything else is read as before."""
        if cand.kind not in ("fact", "preference", "switch") or cand.back or cand.of_plan or (
                cand.revises or cand.weekday_to is not None or cand.moved_from is not None):
            return False
        told = day_said(cand.text)
        if told is None:
            return False
        found = day_entry(self.live(), told)
        if found is None:
            return False
        entry, day = found
        if day == told.day:
            if cand.why or (told.left is not None and not _switched_from(entry, told.left, day)):
                # (it says more than the day: a reason, the Why main keeps, or a day it is not
                # on, "..., not Fridays", a memory of its own on main; confirmed, both were lost;
                # unless the entry was switched from that day to this one: the switch said again)
                return False
            # ("we deploy on Thursdays now", "We deploy on Thursdays." again, after the switch:
            # the entry was replaced by a Thursday-to-Thursday 'Updated' line, or took the
            # statement as a second line, or a second memory told the same day)
            self._confirm(entry, cand, cluster)
            return True
        # (a preference's text is what followed "From now on", which said it holds from now on)
        if not (told.now or cand.kind == "preference"):
            return False
        self._switch(entry, replace(cand, kind="switch", new=told.day, old=day), cluster)
        return True

    def _switch_told(self, entry: Entry, cand: Candidate, cluster: Cluster, old: str) -> None:
        """``entry`` says ``cand``'s switch was made already (the new choice as used, ``old``
        set against it): confirmed, with the switch as a dated history line unless it has one
        of it."""
        new = cand.new or ""
        if not TELLS_SWITCH.search(cand.text) or any(
                (m := HISTORY_LINE.match(h)) and m["old"].lower() == old.lower()
                and m["new"].lower() == new.lower() for h in entry.history):
            # said again ("We use pnpm, not npm"), or a switch it has the history of
            self._confirm(entry, cand, cluster)
            return
        done = _when_done(cand)
        verb = "Switched back" if cand.back else "Switched"
        entry.history.append(change_line(old, new, done, verb=verb))
        self._superseded(entry, cand, cluster, f"already says {new} over {old}; the switch, "
                         f"made {done}, kept as history", action="updated")

    def _widen(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``entry``'s narrower rule replaced by the wider one ``cand`` says, the old kept as
        history: two rules on one thing, one narrower, read as if both held apart."""
        day = cand.source.day.isoformat()
        previous = lead_replaced(entry, cand, cluster, [cand.text, *(
            s for s in entry.statements[1:] if coverage(s, cand.text) < 0.85)])
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        self._superseded(entry, cand, cluster,
                         f"a wider rule replaces '{shorten(previous, 80)}' on {day}")

    def _except(self, entry: Entry, said: str, cand: Candidate, cluster: Cluster) -> None:
        day = cand.source.day.isoformat()
        entry.statements = [*entry.statements, f"Except: {said} (said {day})."]
        self._superseded(entry, cand, cluster, f"an exception to the rule, said on {day}: "
                         f"{shorten(said, 80)}", action="updated")

    def _told(self, entry: Entry) -> None:
        """The decision just made tells what ``entry``, made in this dream, says now."""
        if entry.original is None:
            self._told_now[id(entry)] = (len(self.decisions) - 1, self.decisions[-1].reason, [])

    def _confirm(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        told = self._told_now.get(id(entry))
        if told is not None:
            # made in this dream, it was never "already remembered": the decision that made it
            # says it was said again
            at, reason, again = told
            again.append(cand.source.day.isoformat())
            days = unique(again)
            self.decisions[at] = replace(
                self.decisions[at], reason=f"{reason}; said {len(again) + 1} times in this "
                f"dream (again on {_and(days)})")
            entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
            entry.score = max(entry.score, cluster.score)
            return
        # A file with no date of its own (hand-written, or Claude Code's) is not rewritten for
        # a restatement: its source goes in with its next real change.
        newest = entry.reference_day()
        refresh = newest is not None and (
            cand.source.day - newest).days > self.options.restatement_refresh_days
        # Within the refresh window the sources still go in if the entry changes for another
        # reason in this dream; the run record keeps the restatement either way.
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources,
                          touch=refresh)
        entry.score = max(entry.score, cluster.score)
        self.decisions.append(Decision(
            "confirmed", shorten(entry.lead, 120),
            f"already remembered; restated on {cand.source.day.isoformat()}",
            file=entry.file, session_id=cand.source.session_id))

    def _restated(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` says what ``entry`` says: confirmed, with the reason given now if it had
        none."""
        if cand.why and not entry.why:
            entry.why = cand.why
            entry.changed = True
        self._confirm(entry, cand, cluster)

    def _came_to_pass(self, entry: Entry, cand: Candidate, cluster: Cluster,
                      done: date | None = None) -> bool:
        """``cand`` tells that the event ``entry`` plans happened ("V2 launched on 2026-07-15"
        beside "The v2 launch is on 2026-07-17"): it leads, and the plan, with each move of its
        date said in this dream since, is dated history. Kept beside it, the plan would read as
        a second launch, or one still to come."""
        lead = LIST_MARK.sub("", entry.lead)
        if done is None:  # (given: a version the plan upgrades to, told reached on that day)
            done = _done_on(cand)
            if done is None or not _due_by(lead, done) or not _same_event(
                    lead, deed_of(cand.text)):
                return False
        day = cand.source.day.isoformat()
        entry.history.extend(_plan_history(
            lead, _plans_before(cluster, cand, done, set(entry.sources())), cand))
        entry.statements = self._capped([cand.text] + [
            s for s in entry.statements[1:] if not (
                _due_by(s, done) and similarity(s, lead) >= self.options.match_similarity)],
            entry.file)
        if entry.original is None or entry.description == description_for(lead):
            entry.description = description_for(cand.text)
        # (a title of the plan's own words, "The EKS upgrade ... is planned", told it still ahead)
        if _TOLD_PAST.search(entry.name) or entry.name == title_for(lead) or any(
                has_word(entry.name, d) for d in date_mentions(lead)):
            entry.name = title_for(cand.text) or entry.name
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        elif entry.generated_why or not entry.why:
            entry.why, entry.generated_why = _default_why(cluster), True
        if entry.type in ("feedback", "project") and (entry.generated_how or not entry.how):
            # "Plan work around 2026-07-17" was for the plan
            entry.how, entry.generated_how = _default_how(cand), True
        self._superseded(entry, cand, cluster,
                         f"the plan came to pass: told as done on {day}; "
                         f"'{shorten(lead, 80)}' kept as history")
        return True

    def _all_done(self, plans: list[Entry], cand: Candidate, cluster: Cluster,
                  why: str = "") -> None:
        """``cand`` tells done what ``plans`` planned ("The ESO migration is DONE" of its start,
        its pause, its resumption and its deadline): the first naming it tells it done, with
        the others as its history, in the order said; kept apart, each read as work still
        ahead ("Plan work around ...")."""
        keep, day = plans[0], cand.source.day
        self._came_to_pass(keep, cand, cluster, done=day)
        if not any(keep.heading):
            # (it was named for its first plan; a file a person topped with a heading keeps the
            # name they gave it, as its heading and description: "Payroll cover" was renamed
            # "Ana is back early, billing questions go to her again", its index line with it)
            keep.name = title_for(cand.text) or keep.name
        for other in sorted(plans[1:], key=lambda e: (e.reference_day() or day, e.index_pos)):
            if any(other.heading):
                # a file a person topped with a heading ("# Billing while Ana is out") is told
                # done in itself: merged away, its heading and description would be lost
                self._came_to_pass(other, cand, cluster, done=day)
                continue
            # every statement it kept, and its own history ("resuming ..." said with "Deadline
            # for the ESO migration is still ...")
            for line in [*other.history, *(
                    update_line(day.isoformat(), LIST_MARK.sub('', said))
                    for said in other.statements)]:
                if line not in keep.history:
                    keep.history.append(line)
            keep.add_sources(other.sources(), self.options.max_sources)
            other.deleted, other.deleted_by, other.merged_into = True, "merged", keep
            declare(keep, "merged_from", other)
            self.decisions.append(Decision(
                "merged", f"{other.file} -> {keep.file}",
                why or f"a plan of what was told done on {day.isoformat()}; kept as history",
                file=keep.file, session_id=cand.source.session_id))

    def _plan_done(self, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` tells something done in words no plan is said in ("We shipped 1.4 today!",
        "SOC2 evidence got submitted this morning"): the one remembered plan of it due by then
        is told as done; said in this dream after its plan, the two are one memory. Of no plan,
        or of more than one, it tells nothing to remember ("I finished the refactor today")."""
        # "Ana is back early, ...": the stand-in kept while she is away ends, told as history; no
        # stand-in, nothing to remember; each stand-in she had ends ("ask Raj about billing"
        # and "ask Chloe about payroll")
        covers = stand_ins_ended(cand, self.live())
        if len(covers) > 1:
            # one memory of her back, each stand-in its history: as many, each read 'Ana is
            # back', they were one memory told twice
            back = BACK_FROM_AWAY.match(cand.text)
            self._all_done(covers, cand, cluster,
                           f"a stand-in ended, {back['who'] if back else 'the one away'} told "
                           f"back on {cand.source.day.isoformat()}; kept as history")
            return
        if covers and self._came_to_pass(covers[0], cand, cluster, done=cand.source.day):
            return
        done = _done_on(cand)
        # what was done must be named: "We shipped it today" is of whatever "it" was
        if done is not None and any(w not in _DONE_WORDS for w in _event_words(cand.text)):
            found = [e for e in self.live() if e.type == "project" and _due_by(
                lead := LIST_MARK.sub("", e.lead), done) and _same_event(
                    lead, deed_of(cand.text))]
            if len(found) == 1 and self._came_to_pass(found[0], cand, cluster):
                return
            if not found and _plans_before(cluster, cand, done, set()):
                self._create(cand, cluster)
                return
        self.decisions.append(Decision(
            "dropped", shorten(cand.text, 120),
            "tells something done, and no single remembered plan of it is due by then",
            session_id=cand.source.session_id))
        rest = [c for c in cluster.members if not c.of_plan]
        if rest:
            # what was said alike beside it is a memory as it would be alone
            self.apply(Cluster(rest, cluster.score))

    def _update(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        before = entry.lead
        if _due_day_told_past(entry.lead, cand):
            self._confirm(entry, cand, cluster)
            return
        if self._came_to_pass(entry, cand, cluster):
            return
        if cand.kind == "plan" and _at_the_event(cand.text) and not _at_the_event(
                entry.lead) and same_values(cand.text, entry.lead):
            self._beside_the_plan(entry, cand, cluster)
            return
        # (an entry titled as another's, "The style guide prefers tabs over spaces", may hold the
        # user's words since an update; switched, it was retitled "The style guide prefers
        # spaces over tabs", a choice nobody made)
        # (the entry's one statement, its lead: a line beside it is more than the choice)
        # ("I was wrong earlier: I prefer spaces over tabs.": the choice turned round, put
        # right; read with the words, it was no bare preference, and so the preference said
        # again, confirmed, the tabs one current)
        said_alone = None if cand.said_alone is None else without_correction_word(
            cand.said_alone)
        turned = choice_turned_round(entry.lead, said_alone) if (
            users_preference(entry.name) and len(entry.statements) <= 1) else None
        if turned is not None and any(other is not entry and has_word(other.text, turned[0])
                                      for other in self.live()):
            # (another entry names the old choice, "Indent with tabs in every file": switched,
            # the memory would say both)
            turned = None
        if turned is not None:
            # "I prefer spaces over tabs now." of "The user prefers tabs over spaces": the same
            # words, the choice turned round; a switch from the one to the other (read by its
            # words it was the preference said again, and the new one was lost)
            self._switch_turned(entry, replace(cand, kind="switch", old=turned[0],
                                               new=turned[1]), cluster)
            return
        # A restatement says nothing the entry does not: a new date or number ("the demo is on
        # 2026-07-31" against "... on 2026-07-24") is a change, however similar the words, and
        # so is one word put in place of another ("I prefer tabs" -> "I prefer spaces").
        rule = entry.type == "feedback" and is_rule(cand)
        if any((_says_again(cand.text, s) or (rule and restates_rule(s, cand.text)))
               and same_values(cand.text, s) and not _word_replaced(s, cand.text)
               and not opposite_said(s, cand.text)
               # "We are not doing Karpenter after all" takes the decision back
               and not (NOT_AFTER_ALL.search(cand.text) and DECIDED.search(s))
               # "We launched v2 on 2026-07-15" of "The v2 launch is on 2026-07-15": news that
               # the plan happened, not the plan said again
               and not (cand.kind == "fact" and says_past(cand.text) and not says_past(s))
               for s in entry.statements) or (rule and any(
                   said_once_more(s, cand.text) for s in entry.statements)):
            self._restated(entry, cand, cluster)
            return
        # "Prod is now prd-eu-2, we migrated ...": the value is compared in what holds now
        conflict = choice_difference(entry.lead, cand.text) or _value_change(
            entry.lead, cand.text) or _value_change(entry.lead, cand.match_text) or (
            _value_put_right(entry.lead, cand.text, cand.kind == "correction")) or (
            # "The staging URL changed to https://staging2..." read as "... is now ..."
            value_told_changed(entry, cand.text))
        if conflict is not None and (conflict[0].lower() in _TURNING or _forbids_another(
                entry.lead, cand.text, conflict[0])) and (
                replaces(entry.lead, cand.text) and not _ALSO.search(cand.text)):
            # the old rule is named whole below; a rule turned round too, which read "Changed
            # from Don to Always; previously Don"
            conflict = None
        day = cand.source.day.isoformat()
        action: Action
        if conflict is not None:
            was, now = conflict
            # A description the engine made of the old lead that names the new value
            # already, set against the old ("Marco owns the billing service now, not Priya."),
            # would with the one put for the other say it against itself ("Priya owns the
            # billing service now, not Priya."): it is made anew from the new lead
            redescribe = _new_set_against_old(entry.description, was, now) and (
                entry.description == description_for(before))
            entry.history.append(change_line(was, now, _changed_when(cand)))
            stale = [s for s in entry.statements[1:] if has_word(s, was)]
            entry.statements = [cand.text] + [s for s in entry.statements[1:] if s not in stale]
            _put_value(entry, was, now)
            if redescribe:
                entry.description = description_for(entry.lead)
            if entry.original is None or address_told_for_now(entry.description) is not None:
                # (a description that told the old address "for now" says what the new lead
                # says, not the new address "for now": "The staging URL changed to ...")
                entry.description = description_for(entry.lead)
            action = "superseded"
            reason = f"newer statement replaces '{was}' with '{now}' on {day}"
        elif replaces(entry.lead, _INSTEAD_AT_END.sub("", cand.text)) and not _ALSO.search(
                cand.text):
            # The newer statement says the same thing with a word changed ("We write tests for
            # all code" -> "We never write tests"), but no single "X to Y" lines up: name the
            # old statement instead of a wrong pair of words.
            previous = entry.lead
            entry.history.append(update_line(day, previous))
            entry.statements = [cand.text] + [s for s in entry.statements[1:]
                                              if coverage(s, cand.text) < 0.85]
            entry.statements = self._capped(entry.statements, entry.file)
            if entry.original is None or entry.description == description_for(previous):
                entry.description = description_for(entry.lead)
            guidance_for(entry, cand, cluster)
            self._named_off_old_address(entry, previous, cand)
            if named_off_old_name(entry, previous, cand.text):
                self._retitled_on(entry, day)
            action = "superseded"
            reason = f"newer statement replaces '{shorten(previous, 80)}' on {day}"
        elif (_NOW_CHANGED.search(cand.text) or MOVED_TO_ADDRESS.search(cand.text)
              or turned_back_over(entry.lead, cand.text) or (
                  NOT_AFTER_ALL.search(cand.text) and DECIDED.search(entry.lead))) and not (
                _ALSO.search(cand.text)) and not (
                # "Prod is now prd-eu-2, we migrated on ..." over "Prod is now prd-eu-2": it
                # says all the entry says, so nothing it said has ended
                coverage(entry.lead, cand.text) >= 0.85 and same_values(entry.lead, cand.text)):
            # "We now deploy the API to Cloud Run" against "... to AWS Lambda": the person says
            # the old state ended. Keeping both as current would contradict; history keeps it.
            replaced_lead = entry.lead
            if self._kept_as_history(entry, cand, day, [
                    s for s in entry.statements if not different_subjects(s, cand.text)
                    or turned_back_over(s, cand.text)]):
                guidance_for(entry, cand, cluster)
            self._named_off_old_address(entry, replaced_lead, cand)
            if named_off_old_name(entry, replaced_lead, cand.text):
                self._retitled_on(entry, day)
            action = "superseded"
            reason = (f"newer statement says what holds now ('{shorten(cand.text, 80)}'); "
                      f"the earlier one kept as history, {day}")
        elif ended_rules := [s for s in entry.statements if ends_the_day_of(s, cand.text)]:
            # "We no longer deploy on Tuesdays" of "We deploy on Tuesdays.": the rule ended, told
            # as history as any rule replaced is (read as its newer wording, it was put in its
            # place with no 'previously'); a Why and How the person wrote stay, as a day switch
            # keeps them
            replaced_lead = entry.lead
            if self._kept_as_history(entry, cand, day, ended_rules):
                guidance_kept_for(entry, cand, cluster)
                # (the engine's Why tells the day it ended, "Changed on ...", not "Stated by the
                # user on ...", as the day the ending was said read so)
                self._why_changed(entry, day)
            if named_off_old_name(entry, replaced_lead, cand.text):
                self._retitled_on(entry, day)
            action = "superseded"
            reason = (f"ends the day '{shorten(replaced_lead, 80)}' gave; the earlier rule kept "
                      f"as history, {day}")
        elif rule and any(turns_rule_round(cand.text, s) for s in entry.statements):
            # "Never push to main; push to develop" over "Push to main": the old rule is covered
            # by the new words, and was replaced with no history, as if said again
            self._turn_round(entry, cand, cluster)
            return
        else:
            replaced = [s for s in entry.statements if coverage(s, cand.text) >= 0.85]
            if entry.lead in replaced and named_off_old_name(entry, entry.lead, cand.text):
                self._retitled_on(entry, day)
            entry.statements = [cand.text] + [s for s in entry.statements if s not in replaced]
            entry.statements = self._capped(entry.statements, entry.file)
            action = "updated"
            reason = f"matches an existing entry; newest wording from {day} leads"
            if entry.original is None:
                entry.description = description_for(entry.lead)
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        if action == "superseded" and (renamed := self._named_for_host(entry, before)):
            reason += f"; file renamed from {renamed}"
        self._took_in(entry, cand, cluster, action, reason)

    def _said_more_fully(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` says what ``entry`` does and more ("Acme want all copy in US English, so
        'color', ..." of "Acme's copy is US English"): its words lead, what it covers goes."""
        day = cand.source.day.isoformat()
        covered = [s for s in entry.statements if coverage(s, cand.text) >= 0.85]
        entry.statements = self._capped(
            [cand.text] + [s for s in entry.statements if s not in covered], entry.file)
        if entry.original is None:
            entry.description = description_for(entry.lead)
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        self._took_in(entry, cand, cluster, "updated",
                      f"says again, more fully, what the entry says; newest wording from {day} "
                      "leads")

    def _beside_the_plan(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` tells who is at the event ``entry`` plans, or away from it ("I will attend
        the design review on 2026-07-24", "We can't make the design review ..."): the plan
        leads as it was (replaced, it read as the review's plan, or as if it were off), and
        the statement follows it."""
        if any(_says_again(cand.text, s) for s in entry.statements[1:]):
            self._confirm(entry, cand, cluster)
            return
        entry.statements = self._capped([*entry.statements, cand.text], entry.file)
        self._took_in(entry, cand, cluster, "updated",
                      "says who is at the event the entry plans, or away from it; the plan "
                      "leads as it was")

    def _create(self, cand: Candidate, cluster: Cluster) -> None:
        if cand.kind == "correction" and cand.type == "feedback" and team_decision(cand.text):
            # "Actually, we decided to use Postgres for the event store", kept on its own: told
            # as the assistant put right it was a feedback memory, but what the team decided
            # is the project's, as the same words said plainly are (one it puts right keeps
            # its type: which memory it puts right is found as before)
            cand = replace(cand, type="project")
            cluster = Cluster([replace(c, type="project") if c.kind == "correction" else c
                               for c in cluster.members], cluster.score)
        said_alone = _alone(cand.text) if is_rule(cand) else cand.text
        if is_rule(cand) and len(cluster.members) == 1:
            # ("Again, require not assert": said before where no memory kept it, the first
            # memory of it says the rule alone; with its first telling beside it, the two are
            # weighed as said, below)
            said_alone = without_said_before(said_alone)
        if said_alone != cand.text:
            # "Never push to the release branch either" adds to a rule kept elsewhere; the
            # memory of its own says the rule alone
            cluster = Cluster([replace(c, text=said_alone, key=_alone(c.key) if c.key else "")
                               if c is cand else c for c in cluster.members], cluster.score)
            cand = replace(cand, text=said_alone, key=_alone(cand.key) if cand.key else "")
        first = cluster.first
        # "The beta ships on 2026-08-01", then "The beta slipped to 2026-08-15": the plan, in
        # its own words, with the new date; a move said in the plan's words but the date ("The
        # release is on ...", "The release moved to ...") is a value changed, below
        changed = _changed_value(first.text, cand.text) if first.text != cand.text else None
        put_off = _put_off(first.text, cand.text) if (
            first.text != cand.text and cand.kind != "switch" and not changed) else None
        lead = put_off[0] if put_off is not None else cand.match_text
        # "Use single quotes rather than double quotes", then "Use double quotes instead": the
        # rule with its two things traded ("Use double quotes rather than single quotes")
        traded = _choice_turned(first.text, cand.text) if (
            first.text != cand.text and put_off is None and cand.kind != "switch") else None
        if traded is not None:
            lead = _swapped(first.text, *traded)
        # "Dont use semicolons i hate them", then "dont use semicolns": the rule as first said,
        # the later words adding nothing (they led, and the reason went into the history)
        again = traded is None and put_off is None and first.text != cand.text and (
            is_rule(cand) and said_once_more(first.text, cand.text))
        if again:
            lead = first.text
        # (an address ends the clause matched at its "https:"; the title gives its host)
        name = _switch_title(cand) if cand.kind == "switch" else title_for(
            cand.text if lead == cand.match_text and "://" in cand.text else lead)
        statements: list[str] = [lead] if traded is not None or again else []
        for member in sorted(cluster.members, key=lambda c: (c.timestamp, c.order), reverse=True):
            if traded is not None and member.text in (first.text, cand.text):
                continue
            if not any(_says_again(member.text, s) or (again and said_once_more(s, member.text))
                       for s in statements):
                statements.append(member.text)
        file = self._new_file(cand.type, name, lead)
        entry = Entry(
            file=file,
            name=name,
            description=description_for(
                lead if put_off is not None or traded is not None or again else cand.text),
            type=cand.type,
            statements=self._capped(statements, file),
            score=cluster.score,
            changed=True,
        )
        done = _done_on(cand)
        plans = _plans_before(cluster, cand, done, set()) if done is not None else []
        moved_on = ""
        if traded is not None:
            entry.history.append(
                update_line(cand.source.day.isoformat(), first.text))
        elif put_off is not None:
            put, was, now = put_off
            day = cand.source.day.isoformat()
            steps = _steps_of_change(cluster.members)
            if not steps or steps[0][0] != was or steps[-1][1] != now:
                steps = [(was, now, day)]
            gone = {w for w, _, _ in steps} - {now}
            entry.statements = [put] + [s for s in entry.statements if not any(
                has_word(s, w) for w in gone) and s != cand.text]
            entry.history.extend(change_line(w, n, f"on {d}")
                                 for w, n, d in steps)
            moved_on = day
        elif plans:
            # "The v2 launch is next Friday", "we pushed it to ...", "V2 launched today": the
            # launch leads, the plans it came from are its history
            said = {p for p, _ in plans}
            entry.statements = [s for s in entry.statements if s not in said] or [cand.text]
            entry.history.extend(_plan_history(plans[0][0], plans[1:], cand))
        elif cand.kind == "switch" and cand.new and cand.old and _tells_a_change(cand.text):
            entry.history.append(
                change_line(cand.old, cand.new, _when_done(cand), verb="Switched"))
        elif changed and not again and not _forbids_another(first.text, cand.text, changed[0]):
            was, now = changed
            entry.statements = [s for s in entry.statements
                                if not has_word(s, was) or has_word(s, now)] or [cand.text]
            day = cand.source.day.isoformat()
            if was.lower() in _TURNING:
                # "Always use spaces" after "Don't use spaces": the rule turned round is what
                # was. "Always use pnpm, never npm" says the "never" of "Never use pnpm" too,
                # and stayed in the body above the line naming it.
                entry.statements = [s for s in entry.statements if s != first.text and not (
                    turns_rule_round(s, cand.text))] or [cand.text]
                entry.history.append(update_line(day, first.text))
            else:
                # each move told in turn, with the day it was said ("The demo is on Friday",
                # "... moved to Monday", "... pushed to Wednesday": Friday to Wednesday alone
                # lost the Monday in between)
                steps = _steps_of_change(cluster.members) or [(was, now, day)]
                gone = {w for w, _, _ in steps} - {now}
                entry.statements = [s for s in entry.statements if not any(
                    has_word(s, w) for w in gone) or has_word(s, now)] or [cand.text]
                entry.history.extend(change_line(w, n, f"on {d}")
                                     for w, n, d in steps)
                moved_on = day
        elif first.text != cand.text and not again and replaces(
                first.text, _INSTEAD_AT_END.sub("", cand.text)) and not (
                is_rule(cand) and restates_rule(first.text, cand.text)) and not _says_again(
                    cand.text, first.text):
            entry.statements = [s for s in entry.statements if s != first.text] or [cand.text]
            entry.history.append(
                update_line(cand.source.day.isoformat(), first.text))
        if entry.type in ("feedback", "project"):
            entry.why = cand.why or _default_why(cluster)
            entry.generated_why = not cand.why
            entry.how = _default_how(first if again else cand)
            entry.generated_how = True
            if moved_on:
                # (a value changed within the one dream is told as changed that day, as a
                # later dream tells it, not as 'plan stated on' the day it moved)
                self._why_changed(entry, moved_on)
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
        self.entries.append(entry)
        n = len(cluster.sessions)
        own = f"; {why}" if (why := self._own_why.get(id(cand))) else ""
        self.decisions.append(Decision(
            "created", shorten(cand.text, 120),
            f"new {cand.type} memory ({cand.kind}; {n} session{'s' if n != 1 else ''}){own}",
            file=entry.file, session_id=cand.source.session_id))
        self._told(entry)

    # -- dates ---------------------------------------------------------------------------
    def date_existing(self, fallback: date | None) -> None:
        """Resolve relative dates left in existing entries, against the day they were written."""
        for entry in self.live():
            if entry.original is None:
                continue
            ref = entry.reference_day()
            how_known = "its newest source"
            if ref is None:
                if fallback is None:
                    continue
                ref, how_known = fallback, "assumed: the first session of this dream"
            parts = [entry.name, entry.description, *entry.statements, entry.why, entry.how,
                     entry.hook or ""]
            fixed = [absolutize(p, ref) for p in parts]
            rewrites = [rw for _, found in fixed for rw in found]
            if not rewrites:
                continue
            texts = [t for t, _ in fixed]
            entry.name, entry.description = texts[0], texts[1]
            entry.statements = texts[2 : 2 + len(entry.statements)]
            entry.why, entry.how = texts[-3], texts[-2]
            entry.hook = texts[-1] or entry.hook
            entry.changed = True
            # The same words in the body and in the index line are one decision, not two.
            for rw in {(rw.original, rw.replacement): rw for rw in rewrites}.values():
                self.decisions.append(Decision(
                    "dated", entry.file,
                    f"'{rw.original}' -> {rw.replacement} (reference {ref.isoformat()}, "
                    f"{how_known})", file=entry.file))

    def reword_old_how(self) -> None:
        """The How earlier versions wrote for every prohibition, "Do not do this unless ...",
        read under "Never force-push to main" as its double negative: said again as the rule's
        action ("Do not force-push to main unless ...")."""
        for entry in self.live():
            if entry.original is None or entry.how != _OLD_PROHIBITION_HOW:
                continue
            how = _prohibition_how(entry.lead)
            if how == entry.how:
                continue
            entry.how = how
            entry.changed = True
            self.decisions.append(Decision(
                "updated", shorten(entry.lead, 120),
                f"its How was the engine's old 'Do not do this ...'; now: {how}",
                file=entry.file))

    def tell_past_plans(self, today: date) -> None:
        """Plans whose dates have passed are told as past, not as upcoming."""
        self.decisions.extend(tell_past_plans(self.live(), today))

    def describe(self) -> None:
        """Each entry this dream made whose description would only say its title again
        ("Put type hints on everything" — "Put type hints on everything.") describes what the
        title does not say (``hook_for``); one a dream described so before is described anew
        when it changes. A description the person wrote stays; one an earlier version made of
        the memory's kind and day alone ("the user's stated preference (2026-06-29)") is made
        anew, the memory changed or not: it told nothing of what the memory says."""
        for entry in self.live():
            if entry.sealed:
                continue
            if not entry.changed:
                if entry.generated_hook and entry.description == kind_and_day_hook(entry) and (
                        told := hook_for(entry)) and told != entry.description:
                    was, entry.description, entry.changed = entry.description, told, True
                    entry.redescribed = True
                    self.decisions.append(Decision(
                        "updated", entry.file, f"described by what it says ({told!r}), not "
                        f"by its kind and day alone ({was!r})", file=entry.file))
                continue
            if entry.generated_hook:
                entry.description = description_for(entry.lead)
            elif entry.original is not None:
                continue
            if says_only_name(entry.description, entry.name):
                entry.description = hook_for(entry) or entry.description


def _steps_of_change(members: list[Candidate]) -> list[tuple[str, str, str]] | None:
    """(was, now, day said) of each change of one value the members tell in turn ("The demo is
    on 2026-07-10", "... now on 2026-07-13", "... now on 2026-07-15"); None when one of them
    tells more than a value changed."""
    said = sorted(members, key=lambda c: (c.timestamp, c.order))
    steps: list[tuple[str, str, str]] = []
    told = said[0].text
    for after in said[1:]:
        if after.text == told:
            continue
        # a value said anew in the same words ("The release is on ...") or a move of a plan's
        # day ("The demo moved to ..."), which puts the day in the plan's own words
        if (change := _changed_value(told, after.text)) is not None:
            told = after.text
        elif (put := _put_off(told, after.text)) is not None:
            told, change = put[0], put[1:]
        else:
            return None
        steps.append((change[0], change[1], after.source.day.isoformat()))
    return steps


def _chose_the_ended(entry: Entry, new: str, old: str) -> bool:
    """``entry`` is a rule or project fact whose lead chose ``old`` over ``new`` ("Use pnpm,
    not npm"; not "Use npm for scripts, pnpm for installs", where the two share the work, nor
    "Always run pnpm install with --frozen-lockfile", which names no choice and is read as
    before), or is itself a tool ended for ``old`` ("Don't use pnpm anymore, use npm", which
    "Don't use npm anymore, use pnpm" turned into "Use npm rather than npm", and "Stop using
    npm, use yarn" into "Use npm, not npm"): the one a sentence ending ``old`` for ``new``
    switches."""
    lead = entry.lead
    if entry.type not in ("feedback", "project"):
        return False
    said = ended_then_used(lead)
    if said is not None:
        return _one_tool(said[0], old)
    if not _names(lead, old) or _set_against(lead, old):
        return False
    if _names(lead, new) and _set_against(lead, new):
        return True
    # ... or is the choice a switch made ("Use npm, not pnpm", switched from pnpm to npm), which
    # a third tool ends in turn ("Stop using npm, use yarn")
    told = next((m for line in reversed(entry.history) if (m := HISTORY_LINE.match(line))), None)
    return told is not None and _one_tool(told["new"], old)


def _one_tool(name: str, other: str) -> bool:
    """``name`` and ``other`` are one tool, spelled alike or not ("Postgres", "postgresql")."""
    return name.lower() == other.lower() or same_tool(name, other)


def _set_against_itself(before: str, after: str, new: str) -> bool:
    """``after``, ``before`` with a switch's names put in place, sets ``new`` against itself
    where ``before`` did not: "We run Postgres 15, not Postgres 14" put to MySQL ("We run MySQL,
    not MySQL"), "Use sqlite, not postgres" put to postgresql ("Use postgresql, not postgres",
    one database set against another name of itself, tool_kinds.same_tool)."""
    return any(not _contrasted(before, new, same) and _contrasted(after, new, same)
               for same in [new] + [t for t in tools_in(after) if same_tool(t, new)])


def _moved_away_from(entry: Entry, name: str) -> bool:
    """``entry``'s last switch left ``name`` ("Switched from npm to pnpm on ...")."""
    told = next((m for line in reversed(entry.history) if (m := HISTORY_LINE.match(line))), None)
    return told is not None and _one_tool(told["old"], name) and not _one_tool(told["new"], name)


def _switched_from(entry: Entry, old: str, new: str) -> bool:
    """``entry``'s last switch was from the day ``old`` to ``new`` ("Switched from Tuesday to
    Thursday on ...")."""
    told = next((m for line in reversed(entry.history) if (m := HISTORY_LINE.match(line))), None)
    return told is not None and (told["old"].lower(), told["new"].lower()) == (
        old.lower(), new.lower())


def _new_set_against_old(text: str, was: str, now: str) -> bool:
    """``text`` names the old value set against the new one ("Marco owns the billing service
    now, not Priya." with Priya back): one put for the other would say it against itself. A
    description naming both otherwise ("Priya owns billing; ask Marco about refunds.") is not."""
    return has_word(text, was) and re.search(
        rf"\b(?:not|instead\s+of|rather\s+than)\s+{re.escape(now)}\b", text, re.I) is not None


def _drop_declared(entry: Entry, key: str, name: str) -> None:
    """``name`` taken from the files ``entry`` declares under ``key``; the key goes with its
    last name."""
    left = [n for n in entry.extra.get(key, []) or [] if n != name]
    if left:
        entry.extra[key] = left
    else:
        entry.extra.pop(key, None)
