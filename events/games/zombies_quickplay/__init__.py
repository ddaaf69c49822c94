"""Zombies!!! Quickplay (Twilight Creations' Zombies!!! with Rich Stokes' Quickplay variant), 2-6 players.

Read in this order: ``tiles`` (tile data and map geometry), ``cards`` (Event cards
and constants), ``state``, ``setup``, ``table`` (the turn machine and its reaction
windows), ``combat``, ``movement``, ``zombies`` (zombie steps), ``cardplay`` (Event
cards), ``decide``, ``evolve`` (and ``evolve_cards``), ``legal``,
``views`` and ``bots``. The rules are seeds/003 as read by
``shared/rules/zombies-quickplay.md``.

Choices (where the rules and the rules file are silent):

1. Seat 0 is the dealer and plays first (the service's seating is the random part).
2. A tile must join the map by at least one road; a cell is listed when the drawn
   tile fits there in some rotation. Placing is two commands: ``PickTileSpot {x, y}``
   (tile cell; the Town Square is at 0,0, y grows southwards) then ``PlaceTile
   {rotation}`` (quarter turns clockwise). Spaces are ``x = 3*tx + column``,
   ``y = 3*ty + row``.
3. A named building's zombies and tokens are placed automatically: in the
   unrotated tile's reading order, zombies on interior spaces first and the door
   last; tokens life first, then bullets, from the first building space. Tokens are
   unlimited; zombies come from the 100 in the box (never more than remain).
4. Street zombies (one per road exit) are placed one ``PlaceZombie`` at a time on the
   new tile's empty road spaces by the seat whose turn it is; the Helipad's centre
   zombie is placed automatically.
5. The Helipad auction: seats with no kills cannot bid and are skipped; with nobody
   able to bid the drawer places it for free. The winner places it, then the
   drawer's turn goes on. Bids are whole kills, at most the bidder's kills.
6. "Map closed": when, after a placement, no tile left in the stack fits anywhere, no more
   tiles are drawn and the seat that placed that tile loses its turn: the rest of the current
   one, or, when it bought the Helipad in another seat's turn, its own next turn (``TurnSkipped``;
   the drawer's turn then goes on).
   A drawn tile that fits nowhere (while others could) is discarded and the turn goes on.
   A closed map with no zombie left on it at the end of a turn ends the game (nobody
   could ever reach the kill target): the most kills wins, a tie has no winner.
7. Movement allowance: roll (+2 Skateboard), halved by Your Shoe's Untied, then at
   least the life at the start of the turn, then doubled by Adrenaline Rush.
8. Tokens are claimed automatically on a zombie-free space (a life token stays if
   the player already has 5 life). The Town Square refill raises life and bullets
   to 3 each (never lowers them) when movement ends on its centre.
9. Combat: ``Fight`` rolls; a lost roll is paid with ``SpendBullets`` (the zombie
   dies), ``LoseLife`` (fight again) or ``UseItem first_aid_kit`` (fight again). With
   none possible the player loses a kill (if any) and may not move on this turn; the
   zombie stays, so the fight resumes at the start of the next turn. Paying the last life
   does not end the fight: the player fights on, and the next lost roll it cannot pay for
   costs the kill. Losing a life is allowed even when bullets could pay; with no life left
   but bullets enough, the bullets pay (a kill is lost only when nothing else can pay).
10. Winning by the Helipad: stepping, or being put, onto its centre with no zombie there, or
    killing the zombie there. A pawn already on the centre whose zombie is moved away (zombie
    moves, This Isn't So Bad) wins only once it steps onto the centre again.
    The kill target is checked whenever kills rise (Grenade included).
11. Zombie moves: ``ChooseZombie {x, y}`` then ``MoveZombie {x, y}`` steps; a chosen
    zombie must take at least one step before another is chosen or the moves end
    (choosing commits); choosing another stops the first (it may be chosen again
    later, with its path kept); ``EndZombieMoves`` stops. A step is only listed if
    the zombie can still end on a free space; the moves end by themselves once the
    roll is spent or no zombie can step. A roll of 1 gives no zombie moves (half of
    1 is 0). Zombies may step onto pawns; the fight comes when that pawn's turn starts
    or when a player steps there.
12. The seat whose decision it is may play a card at any of its decisions except inside the
    auction, a tile rotation, street zombie placement, a combat loss payment, a choice or the
    middle of a zombie's move. The other seats get reaction windows at four moments of a turn:
    (a) once the turn's tile and its zombies are placed (no window when no tile is placed, nor
    when the map closing ends the turn), before step 2 (combat or the draw); (b) after every lost combat roll,
    before the fighter pays for it (or, unable to pay, loses a kill); (c) after the draw (step 3),
    before the movement roll; (d) once the movement is over (after the Town Square refill),
    before the zombie-move roll. A window asks, in turn order from the turn's seat, each other
    seat that has played no card this round and holds a card it could play at that moment (with
    nobody to ask there is no window); each answers with one ``PlayCard`` or ``Pass`` (the
    default; decision kind ``reaction``), a card taking effect at once, and a seat that plays
    leaves the window. Items in play are used at one's own decisions, not in a window.
13. The Quickplay removals leave 41 Event cards (the rules file's "40" miscounts);
    All the Marbles, Bad Sense of Direction, Hysterical Paralysis, The Keys Are Still
    In It and We're Screwed are then out of the deck altogether. The option
    ``base_event_deck`` (default false) plays with the base game's 50 cards, where
    they do come up: All the Marbles (Toy Store item) is used to stop every zombie
    move (no roll) until the end of its player's next turn; The Keys Are Still In It
    gives 10 spaces instead of the movement roll; Bad Sense of Direction costs its
    player a life and puts a target (not the seat whose turn it is) on the Town
    Square centre; Hysterical Paralysis makes the target skip its next whole turn;
    We're Screwed places 10 zombies like Zombie Master (not on pawns).
14. Adrenaline Rush doubles movement when played before the movement roll, and gives
    +2 to the next combat roll when played in combat. Hey, Look! A Shotgun! gives +1
    to the player's next 3 combat rolls.
15. Target cards that act on the next movement (Your Shoe's Untied, Fear,
    Claustrophobia) hit the target's current turn if played before its movement roll,
    else its next one; Brain Cramp is played in the window before the target's roll
    and its player then sends the target's Move/EndMove commands.
16. Claustrophobia: outside a building the target may not step into one; inside one,
    only steps that bring it nearer a road.
17. Where Did Everybody Go? cannot target the seat whose turn it is; its player moves
    the target step by step (``PickSpace``, ``StopChoice`` to stop early); entering a
    zombie's space stops it, and the fight comes at the start of the target's turn.
18. Just When You Thought... and Slight Miscalculation name a named building by its
    tile cell ``{x, y}``; new zombies go on its spaces free of zombies and pawns, in
    reading order. Zombie Master's 5 zombies are placed by ``PickSpace``.
19. I Don't Think They're Dead: each roll of 3 or less is raised automatically, as in combat:
    with the target's bullets (1 per pip) if they have enough, else with one of its life tokens,
    else it costs 2 kills (all if fewer); a target with no kill left pays nothing. The target
    does not choose (the rules file's "bullets and life may raise it", decided for it).
20. Butter Fingers names the target and ``item`` (an item in play, or ``"bullets"``
    for up to 2 bullets). Grenade kills the zombies in the named building of the tile
    you stand on (road or inside). Molotov Cocktail: +2 in combat on that building's
    spaces for the rest of the turn. Chainsaw: +2 to every combat roll this turn.
21. Alternate Food Source lasts until the end of its player's next turn (the current
    one does not count if played in their own turn); no combat starts meanwhile.
22. An item is put in play only while standing in its building; using an item is not
    playing a card, and is done in one's own turn only (not while moving another seat's pawn
    under Brain Cramp: a Chainsaw or Molotov Cocktail would help that seat's fights). An empty
    Event deck is reshuffled from the discard pile.
23. Deadlines: a window passes, a bid passes, a fight is fought, movement is rolled
    then stopped, zombie moves stop, the turn ends without a discard; other picks take
    the first legal command (the first spot and rotation, the first space, bullets
    before life when paying for a lost roll).
24. A zombie that a card removes from the space being fought (Grenade, This Isn't So Bad) ends
    that fight with no kill, and a lost roll it follows costs nothing. A zombie a card puts on a
    pawn's space starts no fight until that pawn's turn reaches its combat step (step 2; in the
    window after the turn's tile that is the current turn's) or someone steps there.
25. ``options["stack"]``: ``tiles`` is the whole tile stack (only those tiles are in
    play), ``hands`` whole opening hands (at most 3 cards), ``deck`` the top of the
    Event deck, ``dice`` the rolls to come before any random roll.
26. Tiles join by their road exits (the middle space of each side). The Helipad's corner road
    spaces lead nowhere off the tile (no other tile has a road in a corner), and a door on a
    tile's edge is a building side there: no road may meet it.
27. Pawns may share a space, walk back over spaces already crossed this turn, and stand on any
    road, door or named-building space; zombies follow the same step rule (doors only).
28. Fear stops the target's own movement (the roll, The Keys Are Still In It); a card of another
    seat (Where Did Everybody Go?, Bad Sense of Direction) still moves it. Claustrophobia inside a
    building lets the target stop instead of leaving.
"""
from __future__ import annotations

from events.games.contract import Ruleset
from events.games.schema import array, boolean, command, integer, optional, string  # noqa: F401

from .bots import BOTS
from .decide import decide
from .evolve import evolve
from .legal import legal_commands, pending
from .setup import STACK_HELP, setup
from .state import copy_state
from .views import outcome, redact, view

RULESET = Ruleset(
    id="zombies-quickplay",
    name="Zombies!!! Quickplay",
    min_seats=2,
    max_seats=6,
    version="zombies-quickplay/3",
    setup=setup,
    decide=decide,
    evolve=evolve,
    pending=pending,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    outcome=outcome,
    copy_state=copy_state,
    bots=BOTS,
    options={
        "stack": {"type": "object", "default": None, "description": STACK_HELP},
        "base_event_deck": {"type": "boolean", "default": False, "description": (
            "Play with the base game's 50 Event cards instead of the Quickplay's 41 (no card removals).")},
    },
    commands={
        "PickTileSpot": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "PlaceTile": command("TODO", rotation=integer("TODO")),
        "PlaceZombie": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "Bid": command("TODO", kills=integer("TODO")),
        "PassBid": command("TODO"),
        "Fight": command("TODO"),
        "SpendBullets": command("TODO"),
        "LoseLife": command("TODO"),
        "RollMovement": command("TODO"),
        "Move": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "EndMove": command("TODO"),
        "ChooseZombie": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "MoveZombie": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "EndZombieMoves": command("TODO"),
        "Discard": command("TODO", card=string("TODO")),
        "EndTurn": command("TODO"),
        "PlayCard": command("TODO", card=string("TODO"), target=optional(integer("TODO")), x=optional(integer("TODO")), y=optional(integer("TODO")), item=optional(string("TODO"))),
        "UseItem": command("TODO", card=string("TODO")),
        "Pass": command("TODO"),
        "PickSpace": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "StopChoice": command("TODO"),
    },
)

__all__ = ["RULESET"]
