"""The published commands and events of Zombies!!! Quickplay: what each command does with the range
of each argument, and what each event records with the schema of its data (redacted forms
included). docs/rules/zombies-quickplay.md says when each happens."""
from __future__ import annotations

from events.games.schema import (
    array,
    boolean,
    command,
    event,
    integer,
    obj,
    one_of,
    optional,
    seat,
    string,
)

from .cards import CARDS, ITEM_BUILDING, USABLE_ITEMS
from .view_schema import MAX_SEATS, MOMENTS, PHASES, RESULTS, TILE_IDS, nullable

CARD_IDS = sorted(CARDS)
#: Tile cells and spaces stay within these bounds (30 tiles can reach no further from the Town Square).
CELL_MIN, CELL_MAX = -30, 30
SPACE_MIN, SPACE_MAX = 3 * CELL_MIN, 3 * CELL_MAX + 2


def _cell(what: str) -> dict:
    return integer(f"Tile cell {what} (the Town Square is at 0, 0; y grows southwards).", CELL_MIN, CELL_MAX)


def _space(what: str) -> dict:
    return integer(f"Space {what} (x grows eastwards, y southwards; the Town Square's centre is (1, 1)).",
                   SPACE_MIN, SPACE_MAX)


COMMANDS = {
    "PickTileSpot": command("Pick the tile cell for the drawn tile (step 1); its rotation is picked next.",
                            x=_cell("column"), y=_cell("row")),
    "PlaceTile": command("Lay the drawn tile on the picked cell, turned this many quarter turns clockwise.",
                         rotation=integer("Quarter turns clockwise (0-3).", 0, 3)),
    "PlaceZombie": command("Put one of a new street tile's zombies on one of its empty road spaces.",
                           x=_space("column"), y=_space("row")),
    "Bid": command("Bid kills for the Helipad: more than the highest bid, at most your kills.",
                   kills=integer("Kills bid (paid only if you win the bidding).", 1, 25)),
    "PassBid": command("Leave the Helipad bidding for good."),
    "Fight": command("Roll the combat die against the zombie on your space: 4 or more (with bonuses) kills it."),
    "SpendBullets": command("Pay for a lost combat roll with bullets, one per pip up to 4: the zombie dies."),
    "LoseLife": command("Pay for a lost combat roll with a life token: the fight goes on (paying the last one "
                        "ends the fight and your movement)."),
    "RollMovement": command("Roll for movement (step 4)."),
    "Move": command("Step your pawn (or, under Brain Cramp, the pawn you move) to an adjacent space.",
                    x=_space("column"), y=_space("row")),
    "EndMove": command("Stop moving; the rest of the allowance is lost."),
    "ChooseZombie": command("Choose the zombie to move next (step 5); it must take a step before anything else.",
                            x=_space("column"), y=_space("row")),
    "MoveZombie": command("Step the chosen zombie to an adjacent space.", x=_space("column"), y=_space("row")),
    "EndZombieMoves": command("Stop moving zombies; the rest of the roll is lost."),
    "Discard": command("Discard one Event card from your hand; your turn ends.",
                       card=string("The card to discard.", enum=CARD_IDS)),
    "EndTurn": command("End your turn without discarding."),
    "PlayCard": command(
        "Play an Event card from your hand: at your own decision, in a reaction window, or whenever the game "
        "waits on another seat and the card may be played then (one card per round).",
        card=string("The card to play.", enum=CARD_IDS),
        target=optional(seat("The opponent a targeted card names.", MAX_SEATS)),
        x=optional(_cell("column of the named building (Just When You Thought..., Slight Miscalculation)")),
        y=optional(_cell("row of the named building")),
        item=optional(string("Butter Fingers: the target's item in play to lose, or 'bullets' for up to 2 bullets.",
                             enum=sorted(ITEM_BUILDING) + ["bullets"]))),
    "UseItem": command("Use an item you have in play (it is discarded): in your own turn, or a First Aid Kit "
                       "instead of a life token for a lost combat roll.",
                       card=string("The item.", enum=sorted(set(USABLE_ITEMS) | {"first_aid_kit"}))),
    "Pass": command("Answer a reaction window without playing a card."),
    "PickSpace": command("Pick a space for the card being carried out (Zombie Master, This Isn't So Bad, Where Did "
                         "Everybody Go?).", x=_space("column"), y=_space("row")),
    "StopChoice": command("Stop moving the target of Where Did Everybody Go? early."),
    "ClaimToken": command("Claim the life or bullet token on your pawn's space while no zombie is there (a life "
                          "token only below 5 life): at any point, whoever the game waits on (rules version 5)."),
}

SEAT = seat("A seat.", MAX_SEATS)
KEY = string("A space as 'x,y' (x grows eastwards, y southwards; the Town Square's centre is '1,1').")
CELL_KEY = string("A tile cell as 'x,y' (the Town Square is '0,0').")
CARD = string("An Event card.", enum=CARD_IDS)
X, Y = integer("Space column."), integer("Space row.")
GAME_STARTED = {
    "seats": integer("Number of seats.", 2, MAX_SEATS),
    "kill_target": integer("Kills that win.", 15, 25),
    "stacked": boolean("Whether the deal was stacked."),
    "base_event_deck": boolean("Whether the base game's 50 Event cards are used."),
    "tile_deck": one_of([array(string("A tile id.", enum=TILE_IDS), "The tile stack, top first."),
                         integer("The number of tiles in the stack (the order is hidden).", 0)],
                        "The tile stack: its order in the log, its size in what a seat sees."),
    "event_deck": one_of([array(CARD, "The Event deck, top first."),
                          integer("The number of cards in the deck (the order is hidden).", 0)],
                         "The Event deck: its order in the log, its size in what a seat sees."),
    "hands": array(nullable(array(CARD, "A hand.", max_items=3)),
                   "The opening hands by seat (each seat sees only its own; the others are null)."),
    "hand_sizes": optional(array(integer("Cards.", 0, 3), "Opening hand sizes by seat (in what a seat sees).")),
    "dice": one_of([array(integer("A roll.", 1, 6), "Stacked rolls to come, in order."),
                    integer("The number of stacked rolls (hidden).", 0)], "Stacked dice."),
    "zombies": integer("Zombies in the box.", 0, 100),
    "life": integer("Opening life tokens per seat.", 0, 5),
    "bullets": integer("Opening bullets per seat.", 0),
    "rules": optional(integer("The rules level (5, or 4 in games of rules version 4; absent in logs of rules "
                              "version 3).", 4, 5)),
    "first_seat": optional(seat("The seat that plays first (absent in logs of rules version 3: seat 0).",
                                MAX_SEATS)),
    "first_seat_drawn": optional(boolean("Whether the first seat was drawn at random (false: fixed by the "
                                         "first_seat option).")),
}
EVENTS = {
    "GameStarted": event("The deal: tile stack, Event deck, hands, stacked dice and the first seat.",
                         obj("The deal.", GAME_STARTED),
                         sentence="The game was set up for {seats:count:seat}; {kill_target:count:kill} win."),
    "TurnStarted": event("A seat's turn begins (its round of one card begins too).",
                         obj("Whose turn.", {"seat": SEAT}), sentence="{seat:seat}'s turn began."),
    "TurnSkipped": event("A seat loses this turn.", obj("Who.", {"seat": SEAT}),
                         sentence="{seat:seat} lost this turn."),
    "TurnEnded": event("A seat's turn ends.", obj("Whose turn.", {"seat": SEAT}),
                       sentence="{seat:seat}'s turn ended."),
    "PhaseStarted": event("The turn enters a phase.", obj("The phase.", {
        "seat": SEAT, "phase": string("The phase (see the view's 'turn.phase').", enum=list(PHASES))}),
                          sentence="{seat:seat}'s turn entered the {phase:value} phase."),
    "TileDrawn": event("The top tile of the stack is drawn.", obj("The tile.", {
        "seat": SEAT, "tile": string("The tile id.", enum=TILE_IDS)}),
                       sentence="{seat:seat} drew the {tile:value} tile."),
    "TileDiscarded": event("The drawn tile fits nowhere and is set aside.", obj("The tile.", {
        "seat": SEAT, "tile": string("The tile id.", enum=TILE_IDS)}),
                           sentence="{seat:seat} set the {tile:value} tile aside: it fits nowhere."),
    "MapClosed": event("No tile left in the stack fits anywhere: no more tiles are drawn, and the seat that "
                       "placed the last tile loses its turn.", obj("Who placed the last tile.", {"seat": SEAT}),
                       sentence="No tile left fits anywhere: the map is closed."),
    "AuctionOpened": event("The Helipad bidding starts.", obj("The bidders.", {
        "order": array(SEAT, "Bidders in order.")}), sentence="The Helipad bidding started."),
    "BidMade": event("A seat bids kills for the Helipad.", obj("The bid.", {
        "seat": SEAT, "kills": integer("Kills bid.", 1)}),
                     sentence="{seat:seat} bid {kills:count:kill} for the Helipad."),
    "BidPassed": event("A seat leaves the bidding.", obj("Who.", {"seat": SEAT}),
                       sentence="{seat:seat} left the bidding."),
    "AuctionWon": event("A seat wins the Helipad (paying its bid in kills) and places it.", obj("The buyer.", {
        "seat": SEAT, "kills": integer("Kills paid.", 0)}),
                        sentence="{seat:seat} won the Helipad for {kills:count:kill}."),
    "TileSpotChosen": event("The drawn tile's cell is picked.", obj("The cell.", {
        "seat": SEAT, "x": integer("Tile cell column."), "y": integer("Tile cell row.")}),
                            sentence="{seat:seat} picked the cell ({x:value}, {y:value}) for the tile."),
    "TilePlaced": event("A tile joins the map.", obj("The tile.", {
        "seat": SEAT, "tile": string("The tile id.", enum=TILE_IDS), "x": integer("Tile cell column."),
        "y": integer("Tile cell row."), "rotation": integer("Quarter turns clockwise.", 0, 3)}),
                        sentence="{seat:seat} placed the {tile:value} tile at ({x:value}, {y:value})."),
    "StreetZombiesDue": event("A new street tile needs zombies (one per road exit), placed by the turn's seat.",
                              obj("The tile.", {"seat": SEAT, "cell": CELL_KEY,
                                                "count": integer("Zombies to place.", 1, 4)}),
                              sentence="{seat:seat} must place {count:count:zombie} on the new street."),
    "ZombiesPlaced": event("Zombies come from the box onto the map.", obj("Where.", {
        "spaces": array(KEY, "One zombie on each space."),
        "how": string("Why: a new 'street' tile, a 'building' stocked, the 'helipad' centre, or a card.",
                      enum=["street", "building", "helipad", "just_when_you_thought", "slight_miscalculation"])}),
                           sentence="Zombies were placed on the map ({how:value})."),
    "TokensPlaced": event("Life and bullet tokens are put in a new building.", obj("Where.", {
        "lives": array(KEY, "A life token on each."), "bullets": array(KEY, "A bullet token on each.")}),
                          sentence="Life and bullet tokens were put in the new building."),
    "TokenTaken": event("A seat claims the token on its zombie-free space (rules version 5: with ClaimToken; "
                        "before: on arriving there).", obj("The token.", {
        "seat": SEAT, "x": X, "y": Y, "token": string("Which.", enum=["life", "bullet"])}),
                        sentence="{seat:seat} took a {token:value} token."),
    "SuppliesSet": event("A seat's life and bullets become these numbers.", obj("The supplies.", {
        "seat": SEAT, "life": integer("Life tokens.", 0, 5), "bullets": integer("Bullets.", 0),
        "reason": string("Why.", enum=["town_square", "much_needed_rest", "bad_sense_of_direction", "butter_fingers",
                                       "i_dont_think_theyre_dead", "lots_of_ammo", "grenade"])}),
        sentence="{seat:seat} now has {life:value} life and {bullets:count:bullet} ({reason:value})."),
    "CombatStarted": event("The turn's seat must fight the zombie on its space.", obj("The fight.", {
        "seat": SEAT, "resume": string("What follows it: 'draw' (step 2) or 'move'.", enum=["draw", "move"])}),
                           sentence="{seat:seat} must fight a zombie."),
    "DieRolled": event("A die is rolled.", obj("The roll.", {
        "seat": SEAT,
        "purpose": string("What for.", enum=["combat", "move", "zombies", "i_dont_think_theyre_dead"]),
        "roll": integer("The face.", 1, 6),
        "stacked": boolean("Whether it came from a stacked deal's dice."),
        "total": optional(integer("Combat: the roll with its bonuses.", 1)),
        "shotgun": optional(boolean("Combat: Hey, Look! A Shotgun! added 1.")),
        "adrenaline": optional(boolean("Combat: Adrenaline Rush added 2.")),
    }), sentence="{seat:seat} rolled {roll:value} ({purpose:value})."),
    "ZombieKilled": event("A zombie dies and joins a kill pile.", obj("The zombie.", {
        "seat": nullable(integer("Whose kill pile (null: back to the box).", 0, MAX_SEATS - 1)), "x": X, "y": Y}),
                          sentence="The zombie at ({x:value}, {y:value}) died."),
    "CombatLost": event("A lost combat roll is paid for.", obj("The payment.", {
        "seat": SEAT,
        "pay": string("With what: 'life', 'bullets', 'first_aid_kit', or 'kill' (nothing else could pay: a kill "
                      "is lost and the movement is over).", enum=["life", "bullets", "first_aid_kit", "kill"]),
        "amount": integer("How many.", 1, 3),
        "fight_over": optional(boolean("The fighter has no life token left: the fight and its movement are over "
                                       "(rules version 4).")),
    }), sentence="{seat:seat} lost the fight and paid with {pay:value} ({amount:value})."),
    "MovementAllowed": event("The turn's movement allowance, and how it came about.", obj("The allowance.", {
        "seat": SEAT, "allowance": integer("Spaces.", 0), "mover": SEAT,
        "basis": optional(string("How: 'roll', 'keys', 'rest', 'fear' or 'stuck'.",
                                 enum=["roll", "keys", "rest", "fear", "stuck"])),
        "roll": optional(nullable(integer("The movement roll, or null.", 1, 6))),
        "skateboard": optional(boolean("A Skateboard added 2.")),
        "halved": optional(boolean("Your Shoe's Untied halved it.")),
        "life_at_start": optional(nullable(integer("Life at the start of the turn (the least allowance).", 0, 5))),
        "doubled": optional(boolean("Adrenaline Rush doubled it.")),
    }), sentence="{seat:seat} may move {allowance:count:space}."),
    "PawnMoved": event("A pawn moves.", obj("The move.", {
        "seat": SEAT, "x": X, "y": Y,
        "how": string("'walk' (its movement), 'push' (Where Did Everybody Go?) or 'teleport' (Bad Sense of "
                      "Direction).", enum=["walk", "push", "teleport"])}),
                       sentence="{seat:seat} moved to ({x:value}, {y:value}) ({how:value})."),
    "MovementEnded": event("The turn's movement is over.", obj("Whose.", {"seat": SEAT}),
                           sentence="{seat:seat}'s movement is over."),
    "ZombieMovesAllowed": event("The zombie-move roll gives single zombie steps.", obj("The steps.", {
        "moves": integer("Steps.", 1, 6), "cap": integer("Most for one zombie.", 0, 3)}),
        sentence="The zombies may take {moves:count:step}, at most {cap:value} for one zombie."),
    "ZombieChosen": event("The zombie to move next.", obj("Where it is.", {"x": X, "y": Y}),
                          sentence="The zombie at ({x:value}, {y:value}) moves next."),
    "ZombieMoved": event("The chosen zombie steps.", obj("The step.", {
        "x": X, "y": Y, "to_x": integer("Column it steps to."), "to_y": integer("Row it steps to.")}),
                         sentence="A zombie moved from ({x:value}, {y:value}) to ({to_x:value}, {to_y:value})."),
    "ZombieStopped": event("The zombie being moved stops where it is, because a card is about to be played.",
                           obj("Where it stops.", {"x": X, "y": Y}),
                           sentence="The zombie at ({x:value}, {y:value}) stopped."),
    "ZombieMovesEnded": event("The zombie moves are over.", obj("Nothing.", {}),
                              sentence="The zombie moves are over."),
    "CardsDrawn": event("A seat draws Event cards (the others see only how many).", obj("The draw.", {
        "seat": SEAT, "cards": array(nullable(CARD), "The cards drawn (null for the other seats).")}),
                        sentence="{seat:seat} drew Event cards."),
    "EventDeckReshuffled": event("The discard pile is shuffled into a new Event deck.", one_of([
        obj("The new order (in the log).", {"order": array(CARD, "The new deck, top first.")}),
        obj("What a seat sees.", {"count": integer("Cards in the new deck.", 0)})], "The reshuffle."),
                                 sentence="The discard pile was shuffled into a new Event deck."),
    "CardPlayed": event("A seat plays an Event card.", obj("The card.", {
        "seat": SEAT, "card": CARD, "target": nullable(integer("The opponent named, or null.", 0, MAX_SEATS - 1)),
        "item": boolean("Whether it is an item put in play."),
        "mode": optional(string("Adrenaline Rush: 'combat' (+2 to the next roll) or 'move' (double movement).",
                                enum=["combat", "move"])),
        "x": optional(integer("Tile cell column of the building named.")),
        "y": optional(integer("Tile cell row of the building named.")),
        "what": optional(string("Butter Fingers: the item lost, or 'bullets'.",
                                enum=sorted(ITEM_BUILDING) + ["bullets"])),
    }), sentence="{seat:seat} played {card:card}."),
    "CardDiscarded": event("A seat discards an Event card at the end of its turn.", obj("The card.", {
        "seat": SEAT, "card": CARD}), sentence="{seat:seat} discarded {card:card}."),
    "ItemUsed": event("An item leaves play: used, or knocked away by Butter Fingers.", obj("The item.", {
        "seat": SEAT, "card": string("The item.", enum=sorted(ITEM_BUILDING)),
        "lost": optional(boolean("Knocked away (no effect).")),
        "building": optional(nullable(CELL_KEY)),
    }), sentence="{seat:seat}'s {card:card} left play."),
    "KillsLost": event("Kills go back to the box.", obj("The loss.", {"seat": SEAT, "count": integer("Kills.", 1)}),
                       sentence="{seat:seat} lost {count:count:kill}."),
    "WindowOpened": event("A reaction window asks these seats, before the game goes on.", obj("The window.", {
        "queue": array(SEAT, "The seats asked, in turn order."),
        "at": optional(nullable(string("The moment (see the view's 'reaction_window.moment').",
                                       enum=list(MOMENTS)))),
    }), sentence="Players may answer with a card before the game goes on."),
    "WindowPassed": event("A seat asked in the window has answered.", obj("The answer.", {
        "seat": SEAT, "played": boolean("Whether it answered with a card.")}), sentence="{seat:seat} answered."),
    "WindowClosed": event("Every seat asked has answered; the turn goes on.", obj("The window.", {
        "at": nullable(string("The moment.", enum=list(MOMENTS)))}), sentence="Everyone asked has answered."),
    "ChoiceOpened": event("A card is carried out by picks.", obj("The choice.", {
        "seat": SEAT, "kind": string("'zombie_master' (place zombies), 'so_bad' (move 2 zombies) or 'push' (move "
                                     "a pawn).", enum=["zombie_master", "so_bad", "push"]),
        "card": CARD, "left": integer("Picks to make.", 0), "target": nullable(integer("The pawn moved.", 0, 5))}),
                          sentence="{seat:seat} carries out {card:card}."),
    "SpacePicked": event("A space is picked for the card being carried out.", obj("The pick.", {
        "seat": SEAT, "x": X, "y": Y}), sentence="{seat:seat} picked the space ({x:value}, {y:value})."),
    "ChoiceClosed": event("The card's picks are done.", obj("Nothing.", {}),
                          sentence="The card's picks are done."),
    "GameWon": event("The game is over.", obj("The ending.", {
        "seat": nullable(integer("The winner, or null.", 0, MAX_SEATS - 1)),
        "result": string("How.", enum=RESULTS)}), sentence="The game is over (result: {result:value})."),
    # -- resigning (docs/rules/zombies-quickplay.md, 'Resigning') --
    "PlayerResigned": event(
        "A player resigned: its pawn left the map and its hand and items in play went face up to the Event "
        "discard pile; it keeps its kills, is never asked again, is no card's target and cannot win.",
        obj("The resignation.", {
            "seat": SEAT,
            "cards": array(CARD, "The hand it held, now on the discard pile (face up, as every discard)."),
            "items": array(string("An item card.", enum=sorted(ITEM_BUILDING)),
                           "The items it had in play, now on the discard pile."),
        }), "{seat:seat} is out of the game: the pawn left the map."),
}
