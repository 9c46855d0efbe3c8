"""The game server (``manastack serve``): games played over WebSockets, records that
survive a crash (``docs/protocol.md``, ``docs/server.md``).

A front end, above the engine and the auto-pass (``manastack.stops``):

* :mod:`~manastack.server.protocol` - the messages: what a seat is sent (its observation,
  its view of the new events, its pending decision with the legal actions in the
  notation) and what it may send (an answer, a language, F6, stops);
* :mod:`~manastack.server.store` - the game records: one SQLite file (WAL), each game an
  append-only log of its answers;
* :mod:`~manastack.server.table` - one running game: its seats, auto-pass and agents;
* :mod:`~manastack.server.thinking` - the agents that think, run in worker processes;
* :mod:`~manastack.server.lobby` - creating games, seat tokens, resuming after a restart;
* :mod:`~manastack.server.app` - the ASGI application (Starlette).

The web dependencies (starlette, uvicorn, websockets) are the ``web`` extra: only
:mod:`~manastack.server.app` imports them.
"""
