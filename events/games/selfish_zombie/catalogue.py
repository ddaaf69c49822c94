"""The Zombie Edition's content as data (``GET /v1/rulesets/selfish-zombie``): every card with its
count and rules text in our words, the die, the decks, the resources, the decisions, the results and
the board (docs/rules/selfish-zombie.md)."""
from __future__ import annotations

from events.games import schema as S

from .cards import CHOPPER, DIE_FACES, GAME_DECK, NAMES, WASTELAND_DECK, ZOMBIE_LIMIT

TEXT = {
    "supplies": "One Supplies. Resting costs one, travelling two; run out and you turn into a zombie.",
    "double_supplies": "Two Supplies in one card. Pays a whole Travel; paying one with it splits it into two "
                       "Singles from the Game discard pile (then the deck).",
    "body_armor": "Play it when an Action card or a zombie attack targets you: it is blocked and both are "
                  "discarded.",
    "abandoned_vehicle": "Move one space forward; the Wasteland card is placed but not resolved.",
    "alliance": "Lay it before another player (a zombie too). When that player moves on its own turn you move "
                "as far the same way, resolving your own Wasteland cards. Discarded when its turn ends.",
    "scout": "Look at the top Wasteland card and put it back on top or under the deck.",
    "zombie_trap": "Look at the top three Wasteland cards and put them back in any order.",
    "horde": "Move another player (a zombie too) one space back. Not on a player on the starting space.",
    "rampage": "Take a random card from each of two other survivors (from one, if only one is left).",
    "steal_supplies": "Take two Supplies cards, at random, from another survivor (a Double is one card).",
    "underestimate": "Play it when an Action card targets you: the card turns back on its player, who may "
                     "block it with Body Armor. No use against zombie attacks.",
    "blank": "Nothing happens.",
    "cut_through_a_sewer": "Discard one Supplies.",
    "settlement": "You may draw one Game card.",
    "bandits": "Roll the die and discard that many Game cards of your choice (all, if you hold fewer).",
    "zombies": "Holding six or more cards, discard two of your choice.",
    "shopping_mall": "You may roll the die and draw that many Game cards.",
    "twisted_ankle": "You lose your next turn.",
    "youve_been_bitten": "You die and turn into a zombie; your turn ends.",
    "secret_passageway": "Move one more space forward at once (another Wasteland card is drawn and resolved).",
}


def _kind(card: str) -> str:
    if card in WASTELAND_DECK:
        return "wasteland"
    return "supplies" if card in ("supplies", "double_supplies") else "action"


CARDS = [{"id": k, "name": NAMES[k], "kind": _kind(k), "deck": "wasteland" if k in WASTELAND_DECK else "game",
          "count": n, "text": TEXT[k]} for k, n in (*GAME_DECK.items(), *WASTELAND_DECK.items())]

BOARD_SCHEMA = S.obj("The board: one column per player, the chopper ahead.", {
    "spaces_to_goal": S.integer("Spaces from the starting space to the chopper.", 1),
    "goal": S.string("What lies at the end of every column."),
    "zombie_furthest_space": S.integer("The furthest space a zombie may walk to (the chopper is for the living).",
                                       0),
    "columns": S.string("How the columns work."),
})

_DECISIONS = [
    ("turn", "turn", "A survivor's turn: Action cards, then rest or travel. Deadline: rest."),
    ("zombie_turn", "turn", "A zombie's turn: spend the action points rolled, moving or attacking. Deadline: "
                            "attack the lowest seat on its level, else step towards the nearest survivor, else "
                            "end the turn."),
    ("reaction", "reaction", "The target of an Action card or a zombie attack may answer with Body Armor or "
                             "Underestimate, or pass. The window opens whether or not it holds one. Deadline: "
                             "pass."),
    ("discard", "choice", "Bandits or Zombies!: discard the next card of your choice. Deadline: the first kind "
                          "alphabetically."),
    ("scout", "choice", "Scout: put the card looked at back on top or under the deck. Deadline: on top."),
    ("zombie_trap", "choice", "Zombie Trap: put the cards looked at back in an order of your choice. Deadline: "
                              "the first order alphabetically."),
    ("settlement", "choice", "Settlement: draw a Game card, or decline. Deadline: draw."),
    ("shopping_mall", "choice", "Shopping Mall: roll the die and draw that many Game cards, or decline. "
                                "Deadline: roll."),
]

CATALOGUE = {
    "summary": "Survivors of the zombie apocalypse race to the chopper, six spaces away. Each turn you draw a "
               "Game card, may play Action cards against the others, then rest (one Supplies) or travel (two "
               "Supplies, one space forward, a Wasteland card resolved). Run out of Supplies, or get bitten, "
               "and you play on as a zombie, rolling for action points to walk and attack. The first survivor "
               "to reach the chopper with Supplies wins; if everyone turns, the zombies win.",
    "rules": "docs/rules/selfish-zombie.md",
    "turn": "One seat's turn: a survivor's from its draw to resting or travelling (or its death), a zombie's "
            "from its roll to its last action point; a lost turn counts too. turn_number and the outcome's "
            "turns count the turns started.",
    "first_player": "Drawn at random with the game's seed (a stacked deal starts with seat 0); the option "
                    "first_seat fixes it. Play then goes up the seat numbers, zombies included.",
    "decks": [
        {"id": "game", "name": "Game cards", "description": "81 cards: 48 Supplies and 33 Action cards. Each "
         "survivor starts with 1 Double, 4 Singles and 4 more; draws from the top; discards face up."},
        {"id": "wasteland", "name": "Wasteland cards", "description": "41 cards, one drawn each time a survivor "
         "moves forward and laid face up on the space it left (face down when a zombie places it)."},
    ],
    "cards": CARDS,
    "dice": [{"id": "die", "name": "The die", "faces": list(DIE_FACES)}],
    "resources": [
        {"id": "supplies", "name": "Supplies", "description": "Supplies in hand (a Single is one, a Double "
         "two): resting costs one, travelling two."},
        {"id": "action_cards", "name": "Action cards", "description": "Action cards spent from your hand."},
        {"id": "action_points", "name": "Action points", "description": "A zombie's points for the turn, "
         "rolled on the die: one per move or attack."},
    ],
    "decisions": [{"code": c, "kind": k, "description": d} for c, k, d in _DECISIONS],
    "results": [
        {"code": "chopper", "description": "A survivor reached the chopper with Supplies: it alone wins."},
        {"code": "zombies", "description": "Every player turned into a zombie: the zombies win. No seat is "
         "listed among the winners, since nobody escaped."},
    ],
    "scoring": "No score is kept: the outcome's scores is null.",
    "board": {"spaces_to_goal": CHOPPER, "goal": "the chopper", "zombie_furthest_space": ZOMBIE_LIMIT,
              "columns": "Each player has a column; the Wasteland cards behind it are its track and its position "
                         "is their number (0: the starting space, 6: the chopper). A zombie stepping back leaves "
                         "the cards in its column, in front of it."},
}
