"""Resolution: turning a decision into events, step by step.

A :class:`Table` wraps a *copy* of the state; ``emit`` appends an event and
folds it into that copy at once, so later steps see the updated table. The
round runs itself forward (``advance``) until the player must decide something:
where to put a drawn card, which weapon to keep, which Joker gets a zombie,
how to attack, or the next action.
"""
from __future__ import annotations

from .cards import (
    DIE_WEAPONS,
    END,
    MAX_ROUNDS,
    WEAKER,
    around,
    distance,
    gets_die,
    orthogonal,
    place_xy,
    xy,
)
from .evolve import evolve
from .state import (
    empty_zombies,
    ends_cut_off,
    face_up,
    jokers,
    open_slots,
    spawn_count,
    strength_lost,
    zombie_count,
)


class Coins:
    """Coin flips for one event: the stacked flips first, then ``rng``; ``flips`` records them."""

    def __init__(self, stacked: list, rng):
        self.stacked, self.rng, self.flips = stacked, rng, []

    def flip(self) -> str:
        """``"heads"`` or ``"tails"``."""
        i = len(self.flips)
        face = self.stacked[i] if i < len(self.stacked) else self.rng.choice(("heads", "tails"))
        self.flips.append(face)
        return face

    def lesser(self) -> str:
        """A freshly flipped Lesser Zombie kind."""
        return "LH" if self.flip() == "heads" else "LT"


class Table:
    """A state copy being resolved, and the events emitted so far.

    ``Table(state, rng)``: ``state`` is a copy the table may mutate (``None`` in setup); ``rng`` a
    ``random.Random``. ``s`` is the state, ``events`` the ``{"type", "data"}`` dicts emitted.
    """

    def __init__(self, state, rng):
        self.s, self.rng, self.events = state, rng, []

    def emit(self, type_: str, data: dict) -> None:
        """Append ``{"type": type_, "data": data}`` to ``events`` and fold it into ``self.s``."""
        event = {"type": type_, "data": data}
        self.events.append(event)
        self.s = evolve(self.s, event)

    # -- randomness -----------------------------------------------------
    def roll(self) -> int:
        """A die roll, 1 to 6: the next stacked roll, else ``rng``."""
        stacked = self.s["stack_dice"]
        return stacked[0] if stacked else self.rng.randint(1, 6)

    def coins(self) -> Coins:
        """Coin flips for one event (stacked flips first)."""
        return Coins(self.s["stack_flips"], self.rng)

    def shuffled(self, cards: list) -> list:
        """The deck with ``cards`` shuffled in; stacked cards still pinned stay on top
        (docs/rules/one-against-the-dead.md, 'Choices where the sources are silent')."""
        deck = self.s["deck"]
        top, rest = deck[:self.s["pinned"]], deck[self.s["pinned"]:] + list(cards)
        self.rng.shuffle(rest)
        return top + rest

    # -- checking out a location (docs/rules/one-against-the-dead.md) ---------
    def check_out(self) -> None:
        """Collect the face-down placeholders around the player, then draw and place cards."""
        s = self.s
        around_ph = [p for p in around(s["player"]) if p in s["face_down"]]
        if around_ph:
            order = self.shuffled([s["city"][p] for p in around_ph])
            self.emit("PlaceholdersCollected", {"places": [list(xy(p)) for p in around_ph], "order": order})
        self.continue_check_out()

    def continue_check_out(self) -> None:
        """Draw while a slot is open and the deck has cards; a lone open slot takes the card at once
        (docs/rules/one-against-the-dead.md, 'Checking out a location'). Stops when the player
        must choose a slot; when done, goes on with the round."""
        s = self.s
        while s["drawn"] is None and s["deck"] and open_slots(s, s["player"]):
            self.emit("CardDrawn", {"card": s["deck"][0]})
            slots = open_slots(s, s["player"])
            if len(slots) > 1:
                return
            self.place(slots[0])
        if s["drawn"] is None:
            self.after_action()

    def place(self, place: str) -> None:
        """Put the drawn card at ``place``: zombies for each mismatching orthogonal face-up card
        except the card the player stands on, and a die on an Ace or face card
        (docs/rules/one-against-the-dead.md, 'Checking out a location')."""
        s = self.s
        card = s["drawn"]
        self.emit("CardPlaced", {**place_xy(place), "card": card})
        misses = spawn_count(s, card, place)
        if misses:
            coins = self.coins()
            kinds = [("G" if i == 0 else "L") + ("H" if coins.flip() == "heads" else "T") for i in range(misses)]
            self.emit("ZombiesSpawned", {**place_xy(place), "zombies": kinds})
        if gets_die(card):
            self.emit("DieRolled", {**place_xy(place), "value": self.roll()})

    # -- the round ------------------------------------------------------
    def after_action(self) -> None:
        """Once an action has fully resolved: with no AP left, the action phase ends."""
        if self.s["phase"] == "actions" and self.s["ap"] <= 0:
            self.end_actions()

    def end_actions(self) -> None:
        """End the action phase: unused AP and AP spent on dice give Joker zombies; a lone Joker
        takes them all, two Jokers mean a choice per zombie (docs/rules/one-against-the-dead.md,
        'A round')."""
        s = self.s
        spots = jokers(s)
        due = (s["ap"] + s["die_ap"]) if spots else 0
        self.emit("ActionsEnded", {"unused": s["ap"], "jokers_due": due})
        if due and len(spots) == 1:
            for _ in range(due):
                self.emit("JokerZombieAdded", place_xy(spots[0]))
        if self.s["phase"] == "zombies":
            self.zombies_move()

    def zombies_move(self) -> None:
        """Every group of zombies off the player's card steps towards the player (docs/rules/
        one-against-the-dead.md, 'A round'); with none on the player's card, the attack is skipped."""
        moves = [{"from": list(xy(frm)), "to": list(xy(to))} for frm, to in zombie_steps(self.s)]
        self.emit("ZombiesMoved", {"moves": moves})
        if zombie_count(self.s, self.s["player"]) == 0:
            self.emit("AttackSkipped", {"reason": "no_zombies"})
            self.zombies_attack()

    def zombies_attack(self) -> None:
        """Overwhelm check, then one Strength per five zombies; then the win, the end checks (cut
        off with nothing left worth playing on for, the round limit) and the next round
        (docs/rules/one-against-the-dead.md, 'A round' and 'Ending and scoring')."""
        s = self.s
        n = zombie_count(s, s["player"])
        if s["strength"] < n:
            self.emit("PlayerOverwhelmed", {"zombies": n, "strength": s["strength"]})
            return
        if n:
            self.emit("StrengthLost", {"zombies": n, "amount": strength_lost(n)})
        if s["player"] == END:
            self.emit("GameWon", {"round": s["round"]})
        elif ends_cut_off(s):
            self.emit("GameLost", {"result": "cut_off"})
        elif s["round"] >= MAX_ROUNDS:
            self.emit("GameLost", {"result": "exhausted"})
        else:
            self.emit("RoundStarted", {"round": s["round"] + 1})

    # -- dice and weapons -----------------------------------------------
    def find_weapon(self) -> None:
        """Draw a chip from the Weapon Stack (stacked picks first), roll its die; keep it at once
        when nothing is carried (docs/rules/one-against-the-dead.md, 'Weapons')."""
        s = self.s
        chips = [k for k in sorted(s["weapon_stack"]) for _ in range(s["weapon_stack"][k])]
        if not chips:
            self.emit("NoWeaponFound", {})
            return
        stacked = [k for k in s["stack_weapons"][:1] if s["weapon_stack"].get(k, 0) > 0]
        kind = stacked[0] if stacked else self.rng.choice(chips)
        die = self.roll() if kind in DIE_WEAPONS else None
        self.emit("WeaponFound", {"kind": kind, "die": die})
        if s["weapon"] is None:
            self.emit("WeaponChosen", {"keep": "found"})


def zombie_steps(s) -> list[tuple[str, str]]:
    """``(from, to)`` for every zombie group that moves this round
    (docs/rules/one-against-the-dead.md, 'A round').

    A group steps to the orthogonal face-up card that brings it closer to the player; between
    equal steps the one closer to the Ending Location; still tied: towards the end's column, then
    up, then down, then away from the end's column. No closer step: it stays.
    """
    player, end_x = s["player"], xy(END)[0]
    moves = []
    for frm in sorted(s["zombies"]):
        if frm == player or not any(s["zombies"][frm].values()):
            continue
        here = distance(frm, player)
        x, y = xy(frm)
        best = None
        for to in orthogonal(frm):
            if face_up(s, to) is None or distance(to, player) >= here:
                continue
            tx, ty = xy(to)
            order = 0 if abs(tx - end_x) < abs(x - end_x) else 1 if ty > y else 2 if ty < y else 3
            rank = (distance(to, END), order)
            if best is None or rank < best[0]:
                best = (rank, to)
        if best is not None:
            moves.append((frm, best[1]))
    return moves


# -- the four attacks (docs/rules/one-against-the-dead.md, 'Weapons') ---------------------
def fists(z: dict, greater_n: int, lesser_n: int, coins: Coins) -> tuple[dict, int]:
    """Fists of Fury on ``greater_n`` Greater and ``lesser_n`` Lesser Zombies (heads-up ones
    first): all are picked from ``z`` before any is flipped, so a Lesser that a
    Greater turns into is not flipped again; a Greater showing tails becomes a flipped Lesser, a
    Lesser showing tails dies. Returns ``(new counts, killed)``."""
    picked = {}
    for kinds, wanted in ((("GH", "GT"), greater_n), (("LH", "LT"), lesser_n)):
        for kind in kinds:
            picked[kind] = min(wanted, z[kind])
            wanted -= picked[kind]
    out, killed = {kind: z[kind] - picked[kind] for kind in z}, 0
    for kind in ("GH", "GT", "LH", "LT"):
        for _ in range(picked[kind]):
            if coins.flip() == "heads":
                out[kind[0] + "H"] += 1
            elif kind[0] == "G":
                out[coins.lesser()] += 1
            else:
                killed += 1
    return out, killed


def bat(z: dict, target: str) -> tuple[dict, int]:
    """Baseball Bat: weaken every Greater (or every Lesser) Zombie once."""
    out, killed = empty_zombies(), 0
    hit = ("GH", "GT") if target == "greater" else ("LH", "LT")
    for kind, n in z.items():
        into = WEAKER[kind] if kind in hit else kind
        if into is None:
            killed += n
        else:
            out[into] += n
    return out, killed


def chainsaw(z: dict, coins: Coins) -> tuple[dict, int]:
    """Chainsaw: flip every zombie; the tails-up ones die, the rest land heads-up."""
    out, killed = empty_zombies(), 0
    for kind in ("GH", "GT", "LH", "LT"):
        for _ in range(z[kind]):
            if coins.flip() == "heads":
                out[kind[0] + "H"] += 1
            else:
                killed += 1
    return out, killed


def shotgun(z: dict, coins: Coins) -> tuple[dict, int]:
    """Shotgun: every Lesser dies; each Greater is flipped, tails becomes a flipped Lesser."""
    out, killed = empty_zombies(), z["LH"] + z["LT"]
    for _ in range(z["GH"] + z["GT"]):
        if coins.flip() == "heads":
            out["GH"] += 1
        else:
            out[coins.lesser()] += 1
    return out, killed
