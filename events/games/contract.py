"""The game contract: what every game package under ``events.games`` exposes.

A game is pure rules: no I/O, no clock, no randomness except the ``rng`` it is
handed. The rest of Stranded (the store, the projections, the service, the
workers) only ever talks to a game through one :class:`Ruleset` object.

Shapes used throughout (all plain JSON-able values, so they round-trip through
the event codec and the snapshot unchanged):

* **event** -- ``{"type": "CardDrawn", "data": {...}}``. ``type`` is past tense
  and permanent; ``data`` is a JSON object.
* **command** -- ``{"type": "PlayAction", "card": "laser_blast", "target": 2}``:
  the type plus its arguments, exactly the body a client POSTs.
* **state** -- a JSON-able ``dict`` owned by the game. ``evolve`` may mutate the
  state it is given and returns it; callers that must keep the old state take
  ``ruleset.copy_state(state)`` first.
* **seat** -- an ``int`` index into the seats, ``0 .. n-1``; ``None`` means a
  spectator.

What a game publishes about itself (its view, its events, its command
arguments, its catalogue) is JSON Schema built with ``events.games.schema``;
the service serves it in ``/openapi.json`` and ``GET /v1/rulesets/{id}``, and
the tests validate every view and event of random playouts against it.

Rules versions: ``Ruleset.version`` is the version new games are created
with; ``Ruleset.versions`` lists every version whose logs this code still
folds and verifies. The service hands the game's version to ``setup`` as
``options["rules_version"]``; a game whose rules changed records its level in
its setup events and ``decide`` keeps the old behaviour for an old level, so
an old log re-runs exactly as it was played.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

Event = dict[str, Any]
Command = dict[str, Any]
State = dict[str, Any]
View = dict[str, Any]


class RuleViolation(Exception):
    """A well-formed command that the rules forbid now.

    Args:
        code: a stable machine-readable code (``"not_your_turn"``,
            ``"card_not_in_hand"``, ``"illegal_target"``...).
        message: one sentence a player understands.
        status: the HTTP status the service answers with: 422 for a move the
            rules forbid, 409 when the game is not accepting this seat now
            (not your turn, the game is over).
    """

    def __init__(self, code: str, message: str, status: int = 422):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def not_your_turn(message: str = "It is not your turn to act.") -> RuleViolation:
    """The 409 violation for a seat that has nothing to decide now."""
    return RuleViolation("not_your_turn", message, status=409)


def bad_arguments(message: str) -> RuleViolation:
    """The 422 violation for a command whose arguments the rules cannot use."""
    return RuleViolation("bad_arguments", message)


def command_type(command: Any, known) -> str:
    """The ``type`` of ``command`` once it is known to be one of ``known``.

    Every game's ``decide`` starts here. Raises :class:`RuleViolation`
    ``bad_arguments`` when ``command`` is not an object with a string
    ``type``, ``unknown_command`` when the type is not in ``known``.
    """
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise bad_arguments("A command is an object with a 'type'.")
    if command["type"] not in known:
        raise RuleViolation("unknown_command", f"'{command['type']}' is not a command of this game.")
    return command["type"]


@dataclass(frozen=True)
class Decision:
    """One pending decision: ``seat`` must act on ``kind``.

    Args:
        seat: who must act.
        kind: ``"turn"`` (a whole turn: the long deadline), ``"reaction"`` (a
            window to answer someone else's card: a short deadline) or
            ``"choice"`` (a pick inside a turn, such as which card to take).
        default: the complete command sent for the seat when its deadline
            passes (the rules reference's "Deadlines" section says which).
        code: what is decided, as a stable code listed in the ruleset's
            catalogue under ``decisions`` (``"turn"``, ``"shield"``,
            ``"hack_suit"``...).
        label: the decision in one public sentence ("Seat 2 may play a Shield
            against Laser Blast from seat 0, or pass."). Public: it must not
            depend on anything hidden (the same rule as the view).
    """

    seat: int
    kind: str
    default: Command
    code: str = "turn"
    label: str = ""


Bot = Callable[[View, list, random.Random], Command]


def plain_label(command: Command) -> str:
    """A label for ``command`` built from its type and arguments ("PlayCard card=grenade"),
    for games that have not written their own ``describe``."""
    args = " ".join(f"{k}={v}" for k, v in command.items() if k != "type")
    return f"{command['type']} {args}".strip()


def describe_plainly(state: State, seat: int, command: Command) -> dict:
    """The default ``Ruleset.describe``: a plain label, no cost, no effect."""
    return {"label": plain_label(command), "cost": None, "effect": None}


@dataclass(frozen=True)
class Ruleset:
    """Everything a game exposes to the rest of Stranded.

    Attributes:
        id: permanent id used in URLs and events (``"selfish-space"``).
        name: the game's printed name.
        min_seats, max_seats: table sizes the rules allow.
        version: the rules-code version; a snapshot written by another version
            is ignored and rebuilt from the log.
        options: option name -> ``{"type", "default", "description"}`` for
            ``GET /v1/rulesets`` (plus bounds: ``minimum``/``maximum``/``enum``).
        commands: command type -> ``events.games.schema.command(...)``
            (``{"description", "arguments": {name: JSON Schema}, "required"}``);
            the service rejects (400) any other type, argument or value
            outside the schema before the rules see it.
        setup(options, seats, rng) -> events: the opening events, with the
            deal and deck orders written into them.
        decide(state, seat, command, rng) -> events: checks, then events.
            Raises :class:`RuleViolation`. Must not mutate ``state``.
        evolve(state, event) -> state: total, never raises; ``state`` is
            ``None`` before the first event.
        pending(state) -> [Decision]: who must act now (empty once over).
        legal_commands(state, seat) -> [command]: exactly what ``decide``
            accepts from that seat now.
        view(state, seat | None) -> dict: what that seat may see.
        redact(event, seat | None) -> event: the same rule for one event.
        outcome(state) -> None | dict: ``None`` while the game runs, else
            ``{"winners": [seat], "result": code, "reason": sentence,
            "scores": {"<seat>": number} | None, "turns": int}``
            (``events.games.schema.outcome``).
        copy_state(state) -> state: an independent copy.
        bots: policy name -> ``bot(view, legal_commands, rng) -> command``.
        events: event type -> ``events.games.schema.event(...)``: what it
            records and the JSON Schema of its ``data`` (redacted forms
            included).
        view_schema: the JSON Schema of ``view(state, seat)`` for every seat,
            a spectator, and every state a prefix of a log folds to.
        catalogue: the game's content as data (``events.games.schema.catalogue``):
            cards, dice, decks, decisions, result codes, the board.
        board_schema: the JSON Schema of ``catalogue["board"]``.
        describe(state, seat, command) -> ``{"label": str, "cost": {resource:
            int} | None, "effect": {name: int | str} | None}``: a legal command
            as a person reads it ("Travel, paying two Single Oxygen"), what it
            costs and what is known of its result. Public to that seat only.
        versions: every rules version whose logs this code folds and verifies
            (``version`` included).
        resign(state, seat, rng) -> events: optional; the events that take
            ``seat`` out of the game by this game's rule (docs/rules/<ruleset>.md,
            "Resigning"): afterwards ``pending`` never asks that seat again and
            it cannot win. ``rng`` is the same generator a command at this
            version gets (passing the turn may draw or roll). Total on a
            running game: a seat already out gets ``[]``. Without it a
            resigning seat is played on by a bot.
        decide_evolved(state, seat, command, rng) -> (events, new_state):
            optional; ``decide`` that also returns the state after its events
            (a game whose ``decide`` folds each event into a copy as it emits
            it already has it), so the write path and self-play evolve each
            event once. ``new_state`` must equal folding ``events`` into a copy
            of ``state``; ``state`` itself is not modified.
        decide_in_place(state, seat, command, rng) -> (events, new_state):
            optional; ``decide_evolved`` for a caller that gives ``state`` up
            (self-play owns its state and never reads an old one): the game
            may resolve on ``state`` itself, mutating it (half-way if it
            raises), and return it as ``new_state``. Same events, same
            ``new_state``; it only saves the copy.
        evolve_many(state, pairs) -> state: optional; ``evolve`` over ``{"type": t, "data": d}``
            for each ``(t, d)`` of ``pairs`` in order, the same result without building the
            events (``stranded rebuild`` folds whole logs through :meth:`fold_pairs`).
        acting_seat(state) -> seat | None: optional; the seat of
            ``pending(state)[0]`` (``None`` when nothing is pending) without
            building the decisions and their labels, which self-play asks
            before every command.
    """

    id: str
    name: str
    min_seats: int
    max_seats: int
    version: str
    setup: Callable[[dict, int, random.Random], list[Event]]
    decide: Callable[[State, int, Command, random.Random], list[Event]]
    evolve: Callable[[State | None, Event], State]
    pending: Callable[[State], list[Decision]]
    legal_commands: Callable[[State, int], list[Command]]
    view: Callable[[State, int | None], View]
    redact: Callable[[Event, int | None], Event]
    outcome: Callable[[State], dict | None]
    copy_state: Callable[[State], State]
    bots: dict[str, Bot]
    options: dict[str, dict] = field(default_factory=dict)
    commands: dict[str, dict] = field(default_factory=dict)
    events: dict[str, dict] = field(default_factory=dict)
    view_schema: dict = field(default_factory=dict)
    catalogue: dict = field(default_factory=dict)
    board_schema: dict = field(default_factory=dict)
    describe: Callable[[State, int, Command], dict] = describe_plainly
    versions: tuple[str, ...] = ()
    decide_evolved: Callable[[State, int, Command, random.Random], tuple[list[Event], State]] | None = None
    resign: Callable[[State, int, random.Random], list[Event]] | None = None
    decide_in_place: Callable[[State, int, Command, random.Random], tuple[list[Event], State]] | None = None
    acting_seat: Callable[[State], int | None] | None = None
    evolve_many: Callable[[State | None, Iterable[tuple[str, dict]]], State] | None = None

    def decide_and_evolve(self, state: State, seat: int, command: Command,
                          rng: random.Random) -> tuple[list[Event], State]:
        """``(events, new_state)``: ``decide``, then the state after the events, evolving
        each event once (``decide_evolved`` when the game has it, else a fold into a
        copy). ``state`` is not modified. Raises what ``decide`` raises."""
        if self.decide_evolved is not None:
            return self.decide_evolved(state, seat, command, rng)
        events = self.decide(state, seat, command, rng)
        new_state = self.copy_state(state)
        for event in events:
            new_state = self.evolve(new_state, event)
        return events, new_state

    def fold_pairs(self, state: State | None, pairs: Iterable[tuple[str, dict]]) -> State | None:
        """Fold ``(type, data)`` pairs into ``state``: ``evolve_many`` when the game has it, else
        ``evolve`` over each pair as an event."""
        if self.evolve_many is not None:
            return self.evolve_many(state, pairs)
        evolve = self.evolve
        for kind, data in pairs:
            state = evolve(state, {"type": kind, "data": data})
        return state

    def fold(self, events, state: State | None = None) -> State | None:
        """Fold ``events`` (an iterable of event dicts) into a state."""
        evolve = self.evolve
        for event in events:
            state = evolve(state, event)
        return state
