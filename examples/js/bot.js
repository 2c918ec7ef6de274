// A starter bot for spieltisch's JSON protocol, for Node.js 20 or later, no packages.
//
//   node --experimental-websocket bot.js GAME [-h HOST] [-p PORT] [-r RESERVATION] [--name NAME]
//   node bot.js GAME --tcp [-h HOST] [-p PORT] [-r RESERVATION]
//
// By default it talks to the web app (`spieltisch serve`, port 8000) over its WebSocket
// ws://HOST:PORT/ws/bot, one JSON object per message; Node 20 has a WebSocket client
// behind the flag --experimental-websocket (from Node 22 on without it). With --tcp it
// talks to the bot server (`spieltisch server`, port 13050; also what `spieltisch duel`
// and `spieltisch gauntlet` start it against) over TCP, one JSON object per line.
//
// It plays any of the four games: the server sends every legal move (`move_request`) and
// a view of the position that needs no knowledge of the game (docs/view.md). This bot
// takes an opponent's piece when it can, else it plays a random legal move. Make it yours
// in choose(); everything else is plumbing.
"use strict";
const net = require("node:net");

function choose(view, seat, legal) {
  // A move whose last click is a cell holding an opponent's piece captures it.
  const moves = new Map((view ? view.moves : []).map((m) => [m.notation, m]));
  const owner = new Map((view ? view.pieces : []).map((p) => [p.cell, p.owner]));
  const captures = legal.filter((notation) => {
    const path = moves.has(notation) ? moves.get(notation).path : [];
    const target = owner.get(path[path.length - 1]);
    return path.length > 0 && target !== undefined && target !== null && target !== seat;
  });
  const pool = captures.length > 0 ? captures : legal;
  return pool[Math.floor(Math.random() * pool.length)];
}

function options(argv) {
  const found = { game: "ostseeschach", host: "127.0.0.1", port: null, tcp: false };
  found.name = "javascript starter bot";
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "-h" || flag === "--host") found.host = argv[++i];
    else if (flag === "-p" || flag === "--port") found.port = Number(argv[++i]);
    else if (flag === "-r" || flag === "--reservation") found.reservation = argv[++i];
    else if (flag === "--name") found.name = argv[++i];
    else if (flag === "--tcp") found.tcp = true;
    else found.game = flag;
  }
  found.port = found.port || (found.tcp ? 13050 : 8000);
  return found;
}

// Open the connection; call onMessage with each object that arrives; return send().
function connect(args, onMessage, onClose) {
  if (args.tcp) {
    const socket = net.createConnection({ host: args.host, port: args.port });
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (line.trim()) onMessage(JSON.parse(line));
      }
    });
    socket.on("close", onClose);
    socket.on("error", (error) => console.error("connection:", error.message));
    return {
      send: (message) => socket.write(JSON.stringify(message) + "\n"),
      close: () => socket.end(),
      ready: (callback) => socket.on("connect", callback),
    };
  }
  if (typeof WebSocket === "undefined") {
    console.error("no WebSocket in this Node: run it with --experimental-websocket, or use --tcp");
    process.exit(2);
  }
  const socket = new WebSocket(`ws://${args.host}:${args.port}/ws/bot`);
  socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  socket.addEventListener("close", onClose);
  socket.addEventListener("error", () => console.error("connection failed"));
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
    ready: (callback) => socket.addEventListener("open", callback),
  };
}

function main() {
  const args = options(process.argv.slice(2));
  let seat = null;
  let view = null;
  let finished = false;
  const connection = connect(
    args,
    (message) => {
      if (message.type === "joined") {
        seat = message.seat;
        console.log(`joined table ${message.table} as seat ${seat} (${message.player})`);
      } else if (message.type === "view") {
        view = message.view.state; // the game's view; the table's view is around it
      } else if (message.type === "move_request") {
        connection.send({ type: "move", move: choose(view, seat, message.legal) });
      } else if (message.type === "error") {
        console.log("error:", message.rule, message.message); // we are asked again
      } else if (message.type === "over") {
        const winner = message.winner;
        const verdict = winner === null ? "draw" : winner === seat ? "won" : "lost";
        console.log(`game over: ${verdict} (${message.reason})`);
        finished = true;
        connection.close();
      }
    },
    () => process.exit(finished ? 0 : 1),
  );
  connection.ready(() => {
    const join = args.reservation
      ? { type: "join", reservation: args.reservation, name: args.name }
      : { type: "join", game: args.game, name: args.name };
    connection.send(join);
  });
}

main();
