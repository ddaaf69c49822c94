"""JSON Schema builders for what both Selfish editions publish.

The two editions show the same machine with other cards: a column of board
cards behind every player, hands, two decks, reaction windows and picks. The
builders here take an edition's card kinds and names (``Edition``) and return
the schemas of the events and view parts the editions share; each edition's
``published`` module adds its own (docs/rules/selfish-space.md and
docs/rules/selfish-zombie.md, 'What each seat and a spectator can see').
"""
from __future__ import annotations

from dataclasses import dataclass

from events.games import schema as S

MAX_SEATS = 5
GOAL = 6


@dataclass(frozen=True)
class Edition:
    """What the shared schemas need of an edition.

    ``game_cards`` / ``board_cards``: the kinds of the two decks; ``board``: the board deck's name
    (``"space"``, ``"wasteland"``); ``resource``: the resource's name (``"Oxygen"``,
    ``"Supplies"``); ``goal``: what lies six spaces ahead (``"ship"``, ``"chopper"``).
    """

    game_cards: tuple[str, ...]
    board_cards: tuple[str, ...]
    board: str
    resource: str
    goal: str


def seat(description: str) -> dict:
    """A seat number, 0 to 4."""
    return S.seat(description, MAX_SEATS)


def per_seat(item: dict, description: str) -> dict:
    """A list with one ``item`` per seat, in seat order."""
    return S.array(item, description + " One entry per seat, in seat order.", 2, MAX_SEATS)


def game_card(ed: Edition, description: str = "A Game card kind (see the catalogue's cards).") -> dict:
    """A Game card kind."""
    return S.string(description, enum=list(ed.game_cards))


def board_card(ed: Edition, description: str | None = None) -> dict:
    """A board card kind (Space card, Wasteland card)."""
    return S.string(description or f"A {ed.board.title()} card kind (see the catalogue's cards).",
                    enum=list(ed.board_cards))


def hidden(schema: dict) -> dict:
    """``schema`` (a string, maybe with an enum) or ``null``: ``null`` where the card is hidden from the
    reader."""
    out = {**schema, "type": ["string", "null"], "description": schema["description"] + " null: hidden from you."}
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


def maybe(schema: dict) -> dict:
    """``schema`` or ``null`` (the description says when it is ``null``); an ``enum`` gains ``null``."""
    out = S.nullable(schema)
    if "enum" in out:
        out = {**out, "enum": [*out["enum"], None]}
    return out


def cards(ed: Edition, description: str, hideable: bool = False) -> dict:
    """A list of Game card kinds (``hideable``: each may be ``null``, hidden from the reader)."""
    item = game_card(ed)
    return S.array(hidden(item) if hideable else item, description)


# -- events --------------------------------------------------------------------

def reshuffled(what: str) -> dict:
    """``...DeckReshuffled``: the order (once the game is over, or in the raw log) or only the count."""
    return S.one_of([
        S.obj("As stored: the new deck order.", {"order": S.array(S.string("A card kind."),
                                                                   "The new deck, top first.")}),
        S.obj("As a seat or a spectator sees it while the game runs.", {
            "count": S.integer("How many cards the new deck holds.", 0)}),
    ], f"The {what} discard pile was shuffled into a new {what} deck.")


def queue_op() -> dict:
    """One step of the ``then`` queue (the server's own bookkeeping)."""
    return S.obj("One step the server still has to resolve.", {
        "op": S.string("The step's name.", enum=["move", "space", "wasteland", "arrive", "tether_back",
                                                 "travel_check", "end_turn", "drive", "back", "follow",
                                                 "strike", "effect", "zombie_next"]),
        "seat": S.optional(seat("The seat the step is about.")),
        "attacker": S.optional(seat("The seat that played the card or attacked.")),
        "card": S.optional(S.string("The card or attack the step resolves.")),
        "dir": S.optional(S.string("Which way an ally follows.", enum=["forward", "back"])),
        "reflected": S.optional(S.boolean("Whether the card was turned back by Underestimate.")),
    })


def then() -> dict:
    """The optional ``then`` queue of a pick or a window."""
    return S.optional(S.array(queue_op(), "The rest of the move the server resumes once this is answered. "
                                          "Internal bookkeeping: only in the stored log, shown once the game "
                                          "is over; seats and spectators never see it while the game runs."))


def common_events(ed: Edition, discard_reasons: list[str], take_hows: list[str], results: list[str]) -> dict:
    """The event specs both editions emit the same way, by type."""
    E = S.event
    return {
        "TurnStarted": E("A seat's turn begins (a survivor's or astronaut's draw follows).",
                         S.obj("The turn.", {"seat": seat("Whose turn it is.")}),
                         sentence="{seat:seat}'s turn began."),
        "CardDrawn": E("A seat drew the top Game card.", S.obj("The draw.", {
            "seat": seat("Who drew."),
            "card": hidden(game_card(ed, "The card drawn."))}), sentence="{seat:seat} drew a card."),
        "GameDeckReshuffled": E("The Game deck ran out: its discard pile was shuffled into a new deck.",
                                reshuffled("Game"),
                                sentence="The Game discard pile was shuffled into a new Game deck."),
        f"{ed.board.title()}DeckReshuffled": E(f"The {ed.board.title()} deck ran out: its discard pile was "
                                               f"shuffled into a new deck.", reshuffled(ed.board.title()),
        sentence=f"The {ed.board.title()} discard pile was shuffled into a new {ed.board.title()} deck."),
        "CardsDiscarded": E("Cards went from a seat's hand to the Game discard pile, face up.", S.obj("The discard.", {
            "seat": seat("Whose cards."),
            "cards": cards(ed, "The cards discarded."),
            "reason": S.string("Why: the payment or card that made the seat discard.", enum=discard_reasons)}),
                            sentence="{seat:seat} discarded {cards:card} ({reason:value})."),
        "CardsTaken": E("Cards moved from one hand to another (seen only by the two seats).", S.obj("The take.", {
            "from": seat("Who lost the cards."),
            "to": seat("Who took them."),
            "cards": cards(ed, "The cards taken.", hideable=True),
            "how": S.string("The card that took them.", enum=take_hows)}),
                        sentence="{to:seat} took cards from {from:seat} with {how:card}."),
        "ChoiceMade": E("The pending pick was answered (what was picked follows in the next events).",
                        S.obj("The pick answered.", {"seat": seat("Who picked."),
                                                     "choice": S.string("The pick's code (the catalogue's "
                                                                        "decisions).")}),
                        sentence="{seat:seat} answered the {choice:value} pick."),
        "Died": E(f"A seat ran out of {ed.resource} (or was bitten): its hand goes to the Game discard pile.",
                  S.obj("The death.", {"seat": seat("Who died."),
                                       "cards": cards(ed, "The hand it held, now on the discard pile.")}),
                  sentence="{seat:seat} died; the hand went to the discard pile: {cards:card}."),
        "GameEnded": E("The game is over.", S.obj("The ending.", {
            "winner": S.nullable(seat("The winning seat; null when nobody won.")),
            "reason": S.string("How it ended (the catalogue's results).", enum=results)}),
                       sentence="The game is over (result: {reason:value})."),
        "Moved": E(f"A seat moved one space forward: the top {ed.board.title()} card went on the space it left.",
                   S.obj("The move.", {"seat": seat("Who moved."),
                                       "card": board_card(ed, "The card placed behind it.")}),
                   sentence="{seat:seat} moved forward, leaving {card:card} behind."),
        "MovedBack": E(f"A seat moved one space back: the card behind it went to the {ed.board.title()} discard "
                       f"pile.", S.obj("The move back.", {"seat": seat("Who moved back."),
                                                          "card": board_card(ed, "The card discarded.")}),
                       sentence="{seat:seat} moved back, discarding {card:card}."),
        "ReactionPassed": E("The reaction window closed without an answer: the card takes effect.",
                            window_event("The pass."), sentence="{seat:seat} did not answer {attacker:seat}."),
        "DoubleSwapped": E(f"A seat traded a Double {ed.resource} for two Singles (the Double goes on the "
                           f"discard pile).", S.obj("The swap.", {
                               "seat": seat("Who swapped."),
                               "from_discard": S.integer("Singles taken from the Game discard pile (topmost "
                                                         "first).", 0, 2),
                               "from_deck": S.integer("Singles taken from the Game deck.", 0, 2),
                               "auto": S.boolean("True: a split while paying one; false: a chosen swap.")}),
                           sentence=f"{{seat:seat}} traded a Double {ed.resource} for two Singles."),
    }


def window_event(description: str, extra: dict | None = None) -> dict:
    """The data of a reaction-window event: who answers, who played, which card."""
    return S.obj(description, {"seat": seat("The seat answering."),
                               "attacker": seat("The seat that played the card (or attacked)."),
                               "card": S.string("The card (or 'zombie_attack')."), **(extra or {})})


def game_started(ed: Edition, extra: dict) -> dict:
    """``GameStarted``: the deal, as stored (every hand, deck orders) or as a seat sees it."""
    return S.event("The game was set up: the deal, the deck orders and the first seat.", S.obj(
        "The deal. Stored: every hand and both deck orders; as a seat or a spectator sees it while the game "
        "runs: only its own hand, the other hands' sizes and the decks' sizes.", {
            "seats": S.integer("How many seats play.", 2, MAX_SEATS),
            "stacked": S.boolean("Whether the deal was stacked (tests, tutorials, bug reports)."),
            "hands": per_seat(S.nullable(cards(ed, "A seat's opening hand; null: not yours.")), "Opening hands."),
            "hand_sizes": S.optional(per_seat(S.integer("Cards in the hand.", 0), "Opening hand sizes (as seen).")),
            "game_deck": S.any_of([cards(ed, "The Game deck, top first (stored)."),
                                   S.integer("How many cards (as seen).", 0)], "The Game deck."),
            "game_discard": cards(ed, "The Game discard pile, top last."),
            f"{ed.board}_deck": S.any_of([S.array(board_card(ed), "The deck, top first (stored)."),
                                          S.integer("How many cards (as seen).", 0)],
                                         f"The {ed.board.title()} deck."),
            "tracks": per_seat(S.array(board_card(ed), "Cards behind the seat, from the start."),
                               "Stacked starting tracks."),
            "rules": S.optional(S.integer("The rules level (2 for 'selfish-.../2'); absent in level-1 logs.", 1)),
            "first_seat": S.optional(seat("The seat that takes the first turn (absent in level-1 logs: seat 0).")),
            **extra,
        }), sentence="The game was set up for {seats:count:seat}.")


# -- views ---------------------------------------------------------------------

def to_act(decision_codes: list[str]) -> dict:
    """The ``to_act`` list of a view."""
    return S.array(S.obj("A pending decision.", {
        "seat": seat("Who must act."),
        "kind": S.string("How long it may take: turn, reaction or choice.", enum=["turn", "reaction", "choice"]),
        "code": S.string("What is decided (the catalogue's decisions).", enum=decision_codes),
        "label": S.string("The decision in one public sentence."),
    }), "Who must act now (empty before the start and once the game is over).", max_items=1)


def not_started() -> dict:
    """The view before the game has started."""
    return S.obj("Before the game has started.", {"started": S.const(False, "The game has not started yet.")})


def common_view(ed: Edition, decision_codes: list[str], outcome: dict) -> dict:
    """The view fields both editions show the same way, by name."""
    return {
        "started": S.const(True, "The game has started."),
        "seat": S.nullable(seat("Your seat; null for a spectator.")),
        "seats": S.integer("How many seats play.", 2, MAX_SEATS),
        "hand": S.nullable(cards(ed, "Your hand (null for a spectator).")),
        "hand_sizes": per_seat(S.integer("Cards in the hand.", 0), "How many cards each seat holds."),
        "alive": per_seat(S.boolean("Alive (true) or dead (false)."), "Who is alive."),
        "positions": per_seat(S.integer(f"Spaces travelled: 0 is the start, {GOAL} the {ed.goal}.", 0, GOAL),
                              "Where each seat stands."),
        "turn_seat": seat("The seat whose turn it is (a reaction or a pick may be due from another seat: see "
                          "to_act)."),
        "turn_number": S.integer("How many turns have started, this one included (skipped turns count).", 0),
        "to_act": to_act(decision_codes),
        "game_discard": cards(ed, "The Game discard pile, face up, top last."),
        f"{ed.board}_discard": S.array(board_card(ed), f"The {ed.board.title()} discard pile, face up, top last."),
        "game_deck_size": S.integer("Cards left in the Game deck (its order is hidden).", 0),
        f"{ed.board}_deck_size": S.integer(f"Cards left in the {ed.board.title()} deck (its order is hidden).", 0),
        "outcome": S.nullable(outcome),
    }


def view_schema(started: dict, description: str) -> dict:
    """The whole view: not started, or ``started`` (a closed object)."""
    return S.one_of([not_started(), started], description)
