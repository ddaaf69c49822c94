// The Stranded web client: routes after '#' (no seat token is ever in them).
//   #/                  the lobby
//   #/game/<id>         play the seat(s) this browser holds (spectator view if none)
//   #/watch/<id>        the spectator view, live
//   #/replay/<id>[/<n>] the replay, at version n
//   #/join/<id>/<seat>  an invitation: take that open seat
//   #/invite/<id>/<code> an invitation to a seat kept for one player: its invite code (the
//                       API's, meant for a link; the part after '#' never reaches a server)

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { GamePage } from "./game.js";
import { JoinPage, Lobby } from "./lobby.js";
import { ReplayPage } from "./replay.js";
import { html } from "./ui.js";

function parse(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [page, id, at] = parts;
  if (page === "game" && id) return { page, id };
  if (page === "watch" && id) return { page, id };
  if (page === "replay" && id) return { page, id, at: at ? parseInt(at, 10) || null : null };
  if (page === "join" && id && at !== undefined) return { page, id, seat: parseInt(at, 10) };
  if (page === "invite" && id && at) return { page: "join", id, invite: at };
  return { page: "lobby" };
}

function App() {
  const [route, setRoute] = useState(parse(location.hash));
  useEffect(() => {
    const onChange = () => setRoute((shown) => {
      const next = parse(location.hash);
      return JSON.stringify(next) === JSON.stringify(shown) ? shown : next;
    });
    addEventListener("hashchange", onChange);
    onChange();   // an address changed between the first render and now fired its event unheard
    return () => removeEventListener("hashchange", onChange);
  }, []);
  useEffect(() => {
    const main = document.getElementById("main");
    if (main) main.focus({ preventScroll: true });
    scrollTo(0, 0);
  }, [route.page, route.id]);

  let page;
  if (route.page === "game") page = html`<${GamePage} key=${"g" + route.id} id=${route.id} spectate=${false} />`;
  else if (route.page === "watch") page = html`<${GamePage} key=${"w" + route.id} id=${route.id} spectate=${true} />`;
  else if (route.page === "join") page = html`<${JoinPage} key=${"j" + route.id} id=${route.id} seat=${route.seat} invite=${route.invite} />`;
  else if (route.page === "replay") page = html`<${ReplayPage} key=${"r" + route.id} id=${route.id} at=${route.at} />`;
  else page = html`<${Lobby} />`;
  return html`<div class="shell">
    <nav class="top" aria-label="Site"><a href="#/" class="brand">Stranded</a><a href="/docs">API docs</a></nav>
    <div id="main" tabindex="-1">${page}</div>
  </div>`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${App} />`, root);
