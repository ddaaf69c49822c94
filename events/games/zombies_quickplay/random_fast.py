"""The ``random`` bot's pick read from the state, building only the commands it can pick.

``bots.random_bot(view, legal_commands(state, seat), rng)`` reads the legal commands only: in the
zombie moves it picks among the moving zombie's steps (and stopping) when it has any, else a
zombie to choose half the time; in a pawn's move it picks among the steps, token claims and
cards; in a card's choice among every legal command. Listing everything else there (every zombie
that could be chosen when the moving one still has steps, the cards, the items, every space of a
choice but the one drawn) is most of a random game's cost, so :func:`random_pick` lists
what the bot reads, through the same rule functions ``legal_commands`` calls (``legal.pawn_steps``,
``legal.zombie_steps_now``, ``legal.zombie_choice`` of ``zombies.choosable``,
``legal.pick_space_command`` of ``choices.choice_spaces``, ``legal.token_claims``,
``cardplay.card_plays``, ``cardplay.item_uses``; no rule is written twice), and draws from ``rng`` exactly what the bot
draws. Any other decision goes through the plain path.
``tests/games/zombies_quickplay/test_random_fast.py`` checks that both pick the same command and
leave the generator in the same place on every state of random games.
"""
from __future__ import annotations

from .cardplay import card_plays, item_uses
from .choices import choice_spaces
from .decide import stage
from .legal import legal_commands, pawn_steps, pick_space_command, token_claims, zombie_choice, zombie_steps_now
from .state import waiting_seats
from .zombies import any_zombie_step, choosable, current_can_stop


def _plain(state, seat, rng):
    """The bot on the whole list; outside a pawn's move (where ``EndMove`` is not among the picks it
    prefers) no command is one the bot sorts out, so its pick is ``rng.choice`` of the list."""
    legal = legal_commands(state, seat)
    if state is not None and state["phase"] == "move":
        from .bots import random_bot            # bots imports this module
        return random_bot(None, legal, rng)
    return rng.choice(legal)


class _Built:
    """The sequence ``[make(k) for k in keys] + rest`` building only the items read (``rng.choice``
    reads its length and one item)."""

    def __init__(self, keys, make, rest):
        self.keys, self.make, self.rest = keys, make, rest

    def __len__(self) -> int:
        return len(self.keys) + len(self.rest)

    def __getitem__(self, i: int):
        n = len(self.keys)
        return self.make(self.keys[i]) if i < n else self.rest[i - n]


def random_pick(state, seat, rng) -> dict:
    """``bots.random_bot(view, legal_commands(state, seat), rng)``: the same command, the same draws
    from ``rng`` (the view is not read), for a seat that has legal commands."""
    if state is None or state["over"]:
        return _plain(state, seat, rng)
    st = stage(state)
    if st == "zombies" and state["zm"] is not None:
        waiting = waiting_seats(state)
        if seat not in waiting:
            return _plain(state, seat, rng)
        ends = [{"type": "EndZombieMoves"}] if current_can_stop(state) else []
        steps = zombie_steps_now(state)
        if steps:
            return rng.choice(steps + ends)
        # no step: ``choosable`` is not empty exactly when ``any_zombie_step`` (it lists none when
        # the moving zombie may not stop, and then ``ends`` is empty too)
        if ends and any_zombie_step(state):
            # the bot's ``rng.choice`` over the ChooseZombie commands, only the chosen one built
            return zombie_choice(rng.choice(choosable(state))) if rng.random() < 0.5 else ends[0]
        return _plain(state, seat, rng)
    if st == "move" and state["move"] is not None and state["move"]["left"] > 0:
        waiting = waiting_seats(state)
        if seat not in waiting:
            return _plain(state, seat, rng)
        walking = pawn_steps(state)
        if walking:
            return rng.choice(walking + token_claims(state, seat, waiting) + card_plays(state, seat, waiting))
        return _plain(state, seat, rng)
    if st == "choice":
        waiting = waiting_seats(state)
        if seat not in waiting:
            return _plain(state, seat, rng)
        push = state["choice"]["kind"] == "push"
        spaces = choice_spaces(state)
        if not (spaces or push):
            return _plain(state, seat, rng)
        # the bot's ``rng.choice`` over every legal command (none is EndMove), only the chosen one built
        rest = ([{"type": "StopChoice"}] if push else []) + token_claims(state, seat, waiting) + \
            card_plays(state, seat, waiting) + item_uses(state, seat, waiting)
        return rng.choice(_Built(spaces, pick_space_command, rest))
    return _plain(state, seat, rng)
