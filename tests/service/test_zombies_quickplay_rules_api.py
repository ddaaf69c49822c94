"""Zombies!!! Quickplay's rules of versions 4 and 5 through the REST API, one test per rule the second
and third passes fixed (docs/rules/zombies-quickplay.md), each game stacked with ``options.stack`` and
played by human seats over HTTP: the last life token ends a fight, cards are played at any time (out
of turn, in windows asking every seat alike), the Sporting Goods has 7 building spaces, the first
player is drawn, a closed map with no zombie left does not end the game, and a pawn alone with a
token claims it at any point (out of turn too)."""
from __future__ import annotations

import random

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.tiles import TOWN_CENTRE
from tests.helpers import all_events, auth, create_game, post_command, run_jobs

RULESET = "zombies-quickplay"
QUIET = [["lots_of_ammo", "grenade", "molotov_cocktail"], ["fire_axe", "chainsaw", "skateboard"],
         ["first_aid_kit", "skateboard", "fire_axe"]]
#: Commands a seat sends when the test does not care, first listed first.
DEFAULTS = ["Pass", "PassBid", "Fight", "SpendBullets", "LoseLife", "RollMovement", "EndMove", "EndZombieMoves",
            "EndTurn"]


class Table:
    """A game of human seats driven over REST."""

    def __init__(self, client, redis_conn, seats: list[dict], **options):
        self.client, self.redis = client, redis_conn
        game = create_game(client, RULESET, seats, **options)
        self.id = game["id"]
        self.tokens = {t["seat"]: t["token"] for t in game["tokens"]}
        run_jobs(redis_conn)

    def summary(self) -> dict:
        return self.client.get(f"/v1/games/{self.id}").get_json()

    def view(self, seat=None) -> dict:
        headers = auth(self.tokens[seat]) if seat is not None else {}
        return self.client.get(f"/v1/games/{self.id}/view", headers=headers).get_json()["view"]

    def legal(self, seat: int) -> list[dict]:
        """The complete command bodies the seat may send now."""
        entries = self.client.get(f"/v1/games/{self.id}/legal-commands",
                                  headers=auth(self.tokens[seat])).get_json()["commands"]
        return [entry["command"] for entry in entries]

    def do(self, seat: int, type_: str, **args):
        resp = post_command(self.client, self.id, self.tokens[seat], {"type": type_, **args})
        run_jobs(self.redis)
        return resp

    def ok(self, seat: int, type_: str, **args) -> list[dict]:
        resp = self.do(seat, type_, **args)
        assert resp.status_code == 200, resp.get_json()
        return resp.get_json()["events"]

    def to_act(self) -> list[int]:
        return [d["seat"] for d in self.summary()["to_act"]]

    def default(self, seat: int) -> list[dict]:
        legal = self.legal(seat)
        command = next(c for t in DEFAULTS for c in legal if c["type"] == t)
        return self.ok(seat, **{"type_": command["type"], **{k: v for k, v in command.items() if k != "type"}})

    def events(self) -> list[dict]:
        return all_events(self.client, self.id)[0]


def place(table: Table, seat: int, x: int, y: int, rotation: int, *zombies: tuple[int, int]) -> None:
    table.ok(seat, "PickTileSpot", x=x, y=y)
    table.ok(seat, "PlaceTile", rotation=rotation)
    for zx, zy in zombies:
        table.ok(seat, "PlaceZombie", x=zx, y=zy)


# -- "Combat continues until the player wins or runs out of life tokens" -------------------------
def test_over_rest_paying_the_last_life_token_ends_the_fight_and_the_movement(client, redis_conn):
    # given seat 0 (3 life) steps onto a street zombie and loses three rolls of 1
    t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob", "auto_pass": True}], seed="last-life",
              first_seat=0, stack={"tiles": ["straight"], "hands": QUIET[:2], "dice": [1, 1, 1, 1, 6, 6]})
    place(t, 0, 1, 0, 1, (3, 1), (5, 1))
    t.ok(0, "RollMovement")
    t.ok(0, "Move", x=2, y=1)
    t.ok(0, "Move", x=3, y=1)
    for _ in range(2):
        t.ok(0, "Fight")
        t.ok(0, "LoseLife")
    t.ok(0, "Fight")
    # when it pays the third with its last life token
    events = t.ok(0, "LoseLife")
    # then the fight is over, not fought on, and so is its movement: the zombie stays, no kill is lost
    assert events[0]["data"] == {"seat": 0, "pay": "life", "amount": 1, "fight_over": True}
    assert "MovementEnded" in [e["type"] for e in events] and "CombatStarted" not in [e["type"] for e in events]
    view = t.view(0)
    assert view["players"][0]["life"] == 0 and view["players"][0]["kills"] == 0 and "3,1" in view["map"]["zombies"]
    assert view["turn"]["may_not_move"] and view["movement"] is None


# -- "Events may be played at any time" ------------------------------------------------------------
def test_over_rest_a_card_is_played_out_of_turn_while_another_seat_moves(client, redis_conn):
    # given seat 1 holds Butter Fingers and seat 0 is moving
    t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob"}], seed="any-time", first_seat=0,
              stack={"tiles": [], "hands": [QUIET[0], ["butter_fingers", "fire_axe", "chainsaw"]], "dice": [4]})
    t.ok(1, "Pass")                                            # the window after seat 0's (empty) tile step
    t.ok(0, "RollMovement")
    assert t.to_act() == [0] and t.view(0)["movement"]["explanation"] == ("Rolled 4. Allowance 4.")
    # when seat 1, which the game is not waiting on, fetches its legal commands and plays the card
    legal = t.legal(1)
    assert {"type": "PlayCard", "card": "butter_fingers", "target": 0, "item": "bullets"} in legal
    events = t.ok(1, "PlayCard", card="butter_fingers", target=0, item="bullets")
    # then the card takes effect at once and seat 0 goes on moving
    assert events[0]["type"] == "CardPlayed" and t.view(0)["players"][0]["bullets"] == 1
    assert t.to_act() == [0] and t.view(0)["turn"]["phase"] == "move"


def test_over_rest_a_window_asks_every_other_seat_with_cards_alike_and_auto_pass_answers_at_once(client, redis_conn):
    # given three seats: seat 1 holds cards it could play, seat 2 (auto_pass) only items it could not
    hands = [QUIET[0], ["fear", "butter_fingers", "zombie_master"], QUIET[1]]
    t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "auto_pass": True}],
              seed="windows", first_seat=0, stack={"tiles": [], "hands": hands})
    # then at seat 0's turn start the window asked both seats; seat 2 passed at once, seat 1 is awaited
    opened = [e for e in t.events() if e["type"] == "WindowOpened"]
    assert [e["data"] for e in opened] == [{"queue": [1, 2], "at": "turn_start"}]
    assert t.to_act() == [1] and t.view(None)["reaction_window"] == {"moment": "turn_start", "waiting_for": [1]}
    # and a seat holding nothing it can play sees Pass alone (a front end may pass for it)
    assert t.legal(1)[0] == {"type": "Pass"} and len(t.legal(1)) > 1
    t.ok(1, "Pass")
    assert t.to_act() == [0]


def test_over_rest_the_same_seats_are_asked_whatever_they_hold(client, redis_conn):
    seen = []
    for hand in (["fear", "butter_fingers", "zombie_master"], ["fire_axe", "chainsaw", "skateboard"]):
        t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], seed="alike",
                  first_seat=0, stack={"tiles": ["straight"], "hands": [QUIET[0], hand, QUIET[2]]})
        place(t, 0, 1, 0, 1, (3, 1), (5, 1))
        waiting = [{k: v for k, v in d.items() if k != "deadline_at"} for d in t.summary()["to_act"]]
        seen.append((waiting, t.view(None), t.view(2)))       # the deadlines differ only by the clock
    assert seen[0] == seen[1]


# -- "the Sporting Goods Store has 7 interior spaces and 1 road space" ----------------------------
def test_over_rest_the_sporting_goods_has_7_interior_spaces_and_1_road_space(client, redis_conn):
    tile = next(t for t in R.catalogue["board"]["tiles"] if t["id"] == "sporting_goods")   # the catalogue
    for rotation in tile["rotations"]:
        kinds = [k for row in rotation["spaces"] for k in row]
        assert (kinds.count("building") + kinds.count("door"), kinds.count("road")) == (7, 1)
    t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob", "auto_pass": True}], seed="sporting",
              first_seat=0, stack={"tiles": ["sporting_goods"], "hands": QUIET[:2]})
    place(t, 0, 0, -1, 0)
    view = t.view(None)
    assert view["map"]["tiles"]["0,-1"] == {"tile": "sporting_goods", "rotation": 0}
    assert len(view["map"]["zombies"]) == 6 and sorted(view["map"]["tokens"].values()).count("bullet") == 4
    assert "0,-1" in view["map"]["zombies"]                   # the 7th interior space, south-west corner's row


# -- "Randomly choose a player to be the dealer" ----------------------------------------------------
def test_over_rest_the_first_player_is_drawn_from_the_seed_and_recorded_or_fixed_by_the_option(client, redis_conn):
    firsts = set()
    for seed in ("first-a", "first-b", "first-c", "first-d", "first-e"):
        t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], seed=seed)
        started = next(e for e in t.events() if e["type"] == "GameStarted")["data"]
        assert started["first_seat_drawn"] is True and t.view(None)["first_seat"] == started["first_seat"]
        assert t.view(None)["turn"]["seat"] == started["first_seat"]
        firsts.add(started["first_seat"])
    assert len(firsts) > 1
    t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], seed="fixed", first_seat=2,
              stack={"tiles": [], "hands": QUIET})
    assert t.view(None)["first_seat"] == 2 and t.view(None)["turn"]["seat"] == 2
    bad = client.post("/v1/games", json={"ruleset": RULESET, "seats": [{"name": "A"}, {"name": "B"}],
                                         "options": {"first_seat": 5}})
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_options"


# -- "play continues until a player collects enough zombies" --------------------------------------
def test_over_rest_a_closed_map_with_no_zombie_left_does_not_end_the_game(client, redis_conn):
    # given the Town Square closed in by three bends looping its north and east roads, a Hospital on its
    # south and a Police Station on its west, the straight left over fitting nowhere; every roll a 6
    t = Table(client, redis_conn, [{"name": "Ann"}, {"name": "Bob"}], seed="closed", first_seat=0,
              stack={"tiles": ["bend", "bend", "bend", "hospital", "police_station", "straight"],
                     "hands": QUIET[:2], "deck": ["fire_axe", "chainsaw"], "dice": [6] * 400})
    layout = [(0, -1, 1, [(1, -1), (2, -2)]), (1, -1, 2, [(3, -2), (4, -1)]), (1, 0, 3, [(4, 0), (4, 1)]),
              (0, 1, 2, []), (-1, 0, 3, [])]
    hunter = R.bots["strong"]
    rng = random.Random(0)
    for _ in range(3000):
        summary = t.summary()
        assert summary["status"] == "active", summary["result"]
        view = t.view(None)
        if view["map"]["closed"] and not view["map"]["zombies"] and view["zombie_moves"] is None:
            break
        seat = summary["to_act"][0]["seat"]
        phase = view["turn"]["phase"]
        if phase == "tile_spot":
            x, y, rotation, zombies = layout.pop(0)
            place(t, seat, x, y, rotation, *zombies)
        elif seat == 0:
            command = hunter(t.view(0), t.legal(0), rng)
            t.ok(0, **{"type_": command["type"], **{k: v for k, v in command.items() if k != "type"}})
        else:
            t.default(seat)
    view = t.view(None)
    assert view["map"]["closed"] and view["map"]["zombies"] == [] and view["players"][0]["kills"] < 25
    assert sum(p["kills"] for p in view["players"]) == 20 and not layout    # 6 street, 8 + 6 in the buildings
    # when both seats play out a whole round more
    turn = view["turn"]["number"]
    while t.view(None)["turn"]["number"] < turn + 2:
        t.default(t.to_act()[0])
    # then the game goes on: a card may still bring zombies back
    assert t.summary()["status"] == "active" and t.view(None)["result"] is None
    assert "GameWon" not in [e["type"] for e in t.events()]
    assert TOWN_CENTRE in [p["space"] for p in t.view(None)["players"]]


# -- "If at any point a player is alone in a space with a life or bullet token ... they may claim it" --
def test_over_rest_a_pawn_alone_with_a_token_claims_it_while_the_game_waits_on_another_seat(client, redis_conn):
    # given seat 0 lays the Lawn and Garden north of the Town Square and walks in to kill the zombie on
    # its bullet token at 0,-2 (a roll of 4, then a 6), leaving the token there; seat 0 passes windows at once
    t = Table(client, redis_conn, [{"name": "Ann", "auto_pass": True}, {"name": "Bob"}], seed="claim", first_seat=0,
              stack={"tiles": ["lawn_and_garden"], "hands": QUIET[:2], "dice": [4, 6, 1]})
    place(t, 0, 0, -1, 0)
    t.ok(1, "Pass")
    t.ok(0, "RollMovement")
    for x, y in ((1, 0), (1, -1), (1, -2), (0, -2)):
        t.ok(0, "Move", x=x, y=y)
    t.ok(0, "Fight")
    assert t.view(None)["map"]["tokens"]["0,-2"] == "bullet" and {"type": "ClaimToken"} in t.legal(0)
    t.ok(0, "EndTurn")
    assert t.to_act() == [1]
    # when, in seat 1's turn, seat 0 (which the game is not waiting on) sends ClaimToken
    assert t.legal(0) == [{"type": "ClaimToken"}]
    events = t.ok(0, "ClaimToken")
    # then it takes the token at once, and the game still waits on seat 1 alone
    assert events[0]["type"] == "TokenTaken" and events[0]["data"]["token"] == "bullet"
    assert t.view(0)["players"][0]["bullets"] == 4 and "0,-2" not in t.view(None)["map"]["tokens"]
    assert t.to_act() == [1]
    # and a second claim is refused with a sentence, changing nothing
    resp = t.do(0, "ClaimToken")
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "no_token"
