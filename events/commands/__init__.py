"""The use cases that write a game: create, join, a seat's command, seats over time, rematch, bot
turns, and what follows every commit (dispatching bot and deadline jobs). Each one is
load -> decide -> save through ``events.log``, in one retry loop."""
