"""Step 4 of the audit (``projections.audit``): the log re-run through the rules.

The revealed server seed must be the one committed to in GameCreated (proofs
scheme 2: the HMAC under the revealed audit key; scheme 1: the bare SHA-256,
``events.table.randomness``); the game
seed (with the seats' client seeds) re-runs setup and every recorded command,
and each batch must hold exactly the events the rules give. For a game still
running the seed is secret: each command must be one the rules accept, and a
batch that draws no randomness must come out exactly; one that draws is listed
as not checkable yet. The server's seat batches (``events.commands.seating``) are
checked against the reasons the log gives. A game its creator cancelled before the start
ends with ``CancelGame``'s batch (``GameCancelled`` then ``SeedRevealed``): sent by a seat the
create filled and that the creator still holds, before the deal, and last.
"""
from __future__ import annotations

from typing import Any

import orjson

from events.log.codec import Envelope
from events.games.contract import Ruleset, RuleViolation
from events.table.randomness import game_seed, rng_for, seed_commitment, seed_hash
from events.table.seats import seats_the_create_filled


#: The server's batches that change who plays a seat (``events.commands.seating``).
SEAT_COMMANDS = ("TakeOverSeat", "ReclaimSeat", "ResignSeat")
#: Every command the server, not the game's rules, decides the events of (``replay_batch``; a tuple:
#: a tampered command's type may be any JSON value, and ``in`` a tuple hashes nothing).
_SERVER_COMMANDS = SEAT_COMMANDS + ("VacateSeat", "CancelGame", "CreateGame", "JoinSeat")


class _NeedsSeed(Exception):
    """Raised by the stand-in generator of a game whose seed is still secret."""


class _SealedRandom:
    """A generator for re-running a game whose seed is secret: any draw stops the re-run of
    that command (its events depend on the secret seed)."""

    def __getattr__(self, name: str):
        raise _NeedsSeed(name)


class RulesReplay:
    """Step 4 over an audit in progress (``projections.audit._Audit``: its batches, verdict and
    ``fail``): the seed, then setup and every batch through the rules. :meth:`run` returns the
    state the log folds to (None before the game started)."""

    def __init__(self, audit, ruleset: Ruleset, created: Envelope, revealed: Envelope | None):
        self.audit, self.ruleset, self.created, self.revealed = audit, ruleset, created, revealed
        self.missed: dict[int, int] = {}      # each seat's streak of deadlines the server met for it
        self.taken: set[int] = set()          # seats a bot took over and nobody took back
        # the seats the creator holds (events.commands.seating.creator_seats): filled by the create, never left
        self.creators = seats_the_create_filled(created.data)
        self.cancelled = False                # the log ends with the creator's cancel

    def run(self) -> Any:
        """Check the seed against its commitment, re-run every batch, and check how the log ends."""
        audit, created = self.audit, self.created
        seeds = self.client_seeds()
        secret = None
        if self.revealed is not None:
            secret = self.revealed.data.get("seed")
            if not isinstance(secret, str) or self.commitment(secret) != created.data.get("seed_commitment"):
                audit.fail(self.revealed.version, "the revealed seed is not the one committed to in GameCreated",
                           stop=True)
            secret_options = self.revealed.data.get("options")
            if not isinstance(secret_options, dict) or set(secret_options) - {"seed", "stack"}:
                audit.fail(self.revealed.version, "SeedRevealed's options are not the secret options", stop=True)
            if ("seed" in secret_options) != created.data.get("seeded") or \
                    ("stack" in secret_options) != created.data.get("stacked"):
                audit.fail(1, "GameCreated's seeded or stacked flag does not match what SeedRevealed reveals")
        seed = game_seed(secret, seeds) if secret is not None else None
        options = {**created.data["options"], **(self.revealed.data.get("options", {}) if self.revealed else {}),
                   "rules_version": created.data["rules_version"]}
        state, open_seats = None, [bool(s.get("open")) for s in created.data["seats"]]
        for batch in audit.batches:
            state = self.replay_batch(batch, state, seed, options, open_seats)
            head = batch.envelopes[0]
            if head.seat is not None and head.cause in ("seat", "deadline") \
                    and (head.command or {}).get("type") not in SEAT_COMMANDS:
                self.missed[head.seat] = self.missed.get(head.seat, 0) + 1 if head.cause == "deadline" else 0
        audit.verdict.finished = self.revealed is not None
        audit.verdict.cancelled = self.cancelled
        if self.cancelled and self.revealed is None:
            audit.fail(audit.verdict.events + 1, "the game is cancelled but the log stops before SeedRevealed "
                                                 "(truncated)")
        if self.revealed is not None and not self.cancelled \
                and (state is None or self.ruleset.outcome(state) is None):
            audit.fail(self.revealed.version, "the game is revealed as over, but replaying the log does not "
                                              "reach the end of the game")
        if self.revealed is None and state is not None and self.ruleset.outcome(state) is not None:
            audit.fail(audit.verdict.events + 1, "the game is over by the rules but the log stops before "
                                                 "SeedRevealed (truncated)")
        if self.revealed is None:
            audit.verdict.unchecked.append("every random draw: the server seed is still secret")
        return state

    def commitment(self, secret: str) -> str | None:
        """The commitment GameCreated should hold for the revealed ``secret`` (None when the
        revealed audit key of a proofs-2 game is not 64 hex digits)."""
        if self.created.data.get("proofs") != 2:
            return seed_hash(secret)
        try:
            return seed_commitment(secret, self.revealed.data.get("audit_key"))
        except ValueError:
            return None

    def client_seeds(self) -> list[str | None]:
        """Each seat's client seed: from GameCreated, or from its SeatJoined."""
        seeds = [s.get("client_seed") if isinstance(s, dict) else None for s in self.created.data["seats"]]
        for env in self.audit.of_types(("SeatJoined", "SeatVacated")):
            if isinstance(env.data.get("seat"), int) and 0 <= env.data["seat"] < len(seeds):
                seeds[env.data["seat"]] = env.data.get("client_seed")
        return seeds

    def replay_batch(self, batch, state: Any, seed: str | None, options: dict, open_seats: list[bool]) -> Any:
        """Re-run one batch (``projections.audit._Batch``) and compare its events; return the state after it."""
        audit, ruleset = self.audit, self.ruleset
        envelopes = batch.envelopes
        recorded = envelopes if envelopes[-1].type != "SeedRevealed" else \
            [e for e in envelopes if e.type != "SeedRevealed"]
        command = envelopes[0].command or {}
        kind = command.get("type")
        rng = rng_for(seed, batch.first - 1) if seed is not None else _SealedRandom()
        after = None                    # the state after the batch, where the rules give it with the events
        if self.cancelled:
            audit.fail(batch.first, "a batch follows the game's cancel", stop=True)
        try:
            if kind not in _SERVER_COMMANDS:        # a game's own command (the usual batch)
                if state is None:
                    audit.fail(batch.first, "a command before the game started", stop=True)
                if seed is not None and ruleset.decide_in_place is not None:
                    # the audit owns its state and stops at any departure, so the rules may resolve
                    # on it; the state after equals the fold of the events (the contract), which
                    # are checked to be the recorded ones below
                    expected, after = ruleset.decide_in_place(state, envelopes[0].seat, command, rng)
                else:
                    expected = ruleset.decide(state, envelopes[0].seat, command, rng)
            elif kind in SEAT_COMMANDS:
                return self.seat_batch(batch, recorded, state, command, rng)
            elif kind == "VacateSeat":
                expected = self.vacated(batch, recorded, state, command, open_seats)
            elif kind == "CancelGame":
                expected = self.cancel(batch, state, command, open_seats)
            elif kind in ("CreateGame", "JoinSeat"):
                expected = self.system_events(batch, recorded, open_seats)
                if not any(open_seats):                 # the last seat taken: the deal follows
                    setup_rng = rng_for(seed, 0) if seed is not None else _SealedRandom()
                    expected += ruleset.setup(options, len(open_seats), setup_rng)
        except _NeedsSeed:
            audit.verdict.unchecked.append(f"version {batch.first}: its events depend on the secret seed")
            return self.fold(recorded, state, batch)
        except RuleViolation as exc:
            audit.fail(batch.first, f"the rules reject the recorded command {command.get('type')!r} "
                                    f"({exc.code}: {exc.message})", stop=True)
        except ValueError as exc:
            audit.fail(batch.first, f"the rules cannot set this game up ({exc})", stop=True)
        except Exception as exc:  # a tampered state the rules were never meant to see
            audit.fail(batch.first, f"the rules cannot re-run the recorded command ({exc!r})", stop=True)
        same = len(expected) == len(recorded)
        if same:                        # a loop, not two lists compared: no list is built for the usual batch
            for want, got in zip(expected, recorded):
                if want["data"] != got.data or want["type"] != got.type:
                    same = False
                    break
        if same:
            return after if after is not None else self.fold(recorded, state, batch)   # exactly the rules' events
        for want, got in zip(expected, recorded):
            if want["type"] != got.type or want["data"] != got.data:
                audit.fail(got.version, f"the log records {got.type} {_short(got.data)} where the rules give "
                                        f"{want['type']} {_short(want['data'])}", stop=True)
        if len(expected) != len(recorded):
            where = batch.first + min(len(expected), len(recorded))
            audit.fail(where, f"the rules give {len(expected)} events for this command, the log records "
                              f"{len(recorded)}", stop=True)
        return after if after is not None else self.fold(recorded, state, batch)

    def seat_batch(self, batch, recorded: list[Envelope], state: Any, command: dict, rng) -> Any:
        """A seat leaving, taken over, taking its seat back or resigning (``events.commands.seating``)."""
        audit, kind, seat = self.audit, command["type"], command.get("seat")
        seats = self.created.data["seats"]
        if state is None or not isinstance(seat, int) or not 0 <= seat < len(seats):
            audit.fail(batch.first, f"{kind} names no seat of a running game", stop=True)
        acting, cause = batch.envelopes[0].seat, batch.envelopes[0].cause
        if kind == "TakeOverSeat":
            reason = command.get("reason")
            event = recorded[0] if len(recorded) == 1 else None
            ok = event is not None and event.type == "SeatTakenOver" and event.data.get("seat") == seat \
                and event.data.get("reason") == reason and event.data.get("policy") in self.ruleset.bots
            if reason == "left":
                ok = ok and acting == seat and cause == "seat"
            elif reason == "missed_deadlines":
                limit = self.created.data["options"].get("takeover_after", 3)
                ok = ok and acting is None and bool(limit) and self.missed.get(seat, 0) >= limit
            else:
                ok = False
            if not ok:
                audit.fail(batch.first, "the seat was taken over without the reason the log gives", stop=True)
            self.taken.add(seat)
            return state
        if kind == "ReclaimSeat":
            if seat not in self.taken or acting != seat or [e.type for e in recorded] != ["SeatReclaimed"]:
                audit.fail(batch.first, "a seat is taken back that no bot took over", stop=True)
            self.taken.discard(seat)
            return state
        rule = self.ruleset.resign
        expected = (list(rule(state, seat, rng)) if rule is not None else []) + [
            {"type": "SeatResigned", "data": {"seat": seat, "by_rule": rule is not None}}]
        got = [{"type": e.type, "data": e.data} for e in recorded]
        if acting != seat or got != expected:
            audit.fail(batch.first, "the resignation's events are not what the game's rule gives", stop=True)
        return self.fold(recorded, state, batch)

    def vacated(self, batch, recorded: list[Envelope], state: Any, command: dict,
                open_seats: list[bool]) -> list[dict]:
        """A seat's player leaving before the start (``events.commands.seating.vacate``): sent by that
        seat itself, of a seat a person held (never a bot seat) in a game not yet dealt; the seat is open
        again."""
        seat, head = command.get("seat"), batch.envelopes[0]
        if state is not None or not isinstance(seat, int) or isinstance(seat, bool) \
                or not 0 <= seat < len(open_seats) or open_seats[seat] or head.seat != seat or head.cause != "seat" \
                or (self.created.data["seats"][seat] or {}).get("bot"):
            self.audit.fail(batch.first, "a seat is opened again that its player did not hold before the start",
                            stop=True)
        open_seats[seat] = True
        self.creators.discard(seat)           # whoever takes the seat now is not the creator
        return [{"type": "SeatVacated", "data": {"seat": seat, "name": f"Seat {seat}"}}]

    def cancel(self, batch, state: Any, command: dict, open_seats: list[bool]) -> list[dict]:
        """The creator cancelling a game before the start (``events.commands.seating.cancel``): sent by a
        seat the create filled and its creator still holds, before the deal; ``SeedRevealed`` follows
        in the same batch and nothing after it (step 3 holds that it is last)."""
        seat, head = command.get("seat"), batch.envelopes[0]
        last = batch.envelopes[-1]
        if state is not None or not isinstance(seat, int) or isinstance(seat, bool) \
                or not 0 <= seat < len(open_seats) or seat not in self.creators or head.seat != seat \
                or head.cause != "seat" or last.type != "SeedRevealed":
            self.audit.fail(batch.first, "the game is cancelled by a seat that is not its creator's, or after "
                                         "the start", stop=True)
        self.cancelled = True
        return [{"type": "GameCancelled", "data": {"seat": seat}}]

    def system_events(self, batch, recorded: list[Envelope], open_seats: list[bool]) -> list[dict]:
        """The server's own event of a create or join batch (a join fills ``open_seats``)."""
        first = recorded[0] if recorded else None
        if first is None or first.type not in ("GameCreated", "SeatJoined"):
            self.audit.fail(batch.first, "a server batch that neither creates the game nor seats a player",
                            stop=True)
        if first.type == "SeatJoined":
            seat = first.data.get("seat")
            command = batch.envelopes[0].command or {}
            if not isinstance(seat, int) or not 0 <= seat < len(open_seats) or not open_seats[seat] \
                    or command.get("seat") != seat:
                self.audit.fail(batch.first, "SeatJoined takes a seat that was not open", stop=True)
            open_seats[seat] = False
        return [{"type": first.type, "data": first.data}]

    def fold(self, recorded: list[Envelope], state: Any, batch) -> Any:
        """Fold ``recorded`` into ``state`` with the rules' evolve (a forged event that breaks it is a departure)."""
        try:
            for env in recorded:
                if env.type not in ("GameCreated", "SeatJoined", "SeatVacated", "GameCancelled"):
                    state = self.ruleset.evolve(state, {"type": env.type, "data": env.data})
        except Exception as exc:  # evolve is total on what the rules emit, not on forged events
            self.audit.fail(batch.first, f"the rules cannot fold these events ({exc!r})", stop=True)
        return state


def _short(data: Any) -> str:
    text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    return text if len(text) <= 120 else text[:117] + "..."
