// A starter bot for Ostseeschach in the Software-Challenge 2022 XML protocol: C++17, the
// standard library and POSIX sockets only. It plays on `spieltisch server` as on the
// official server.
//
//   g++ -std=c++17 -O2 -o bot bot.cpp && ./bot [-h HOST] [-p PORT] [-r RESERVATION]
//
// The XML protocol sends no legal moves: the bot keeps the board of each memento and
// finds its moves itself (rules: shared/rules/ostseeschach.md). It reads the server's
// stream packet by packet (a packet ends with </room>) with plain string searches, enough
// for the server's fixed format. It is greedy: ambers first, then captures, then forward.
// Make it yours in value().
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

struct Piece { std::string type, team; int height; };
using Square = std::pair<int, int>;
using Board = std::map<Square, Piece>;
struct Move { Square from, to; };

static std::mt19937 rng{std::random_device{}()};

// The value of attribute `name` in the first tag at or after `pos` that has it.
static std::string attr(const std::string& text, size_t pos, const std::string& name) {
  size_t at = text.find(" " + name + "=\"", pos);
  if (at == std::string::npos) return "";
  at += name.size() + 3;
  return text.substr(at, text.find('"', at) - at);
}

// Every legal move of `team` (team ONE moves towards x = 7, team TWO towards x = 0).
static std::vector<Move> moves(const Board& board, const std::string& team) {
  static const std::map<std::string, std::vector<Square>> steps = {
      {"Herzmuschel", {{1, 1}, {1, -1}}},
      {"Moewe", {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
      {"Seestern", {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}}},
      {"Robbe", {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}}};
  int forward = team == "ONE" ? 1 : -1;
  std::vector<Move> found;
  for (const auto& [from, piece] : board) {
    if (piece.team != team) continue;
    for (auto [dx, dy] : steps.at(piece.type)) {
      Square to{from.first + forward * dx, from.second + dy};
      if (to.first < 0 || to.first > 7 || to.second < 0 || to.second > 7) continue;
      auto target = board.find(to);
      if (target == board.end() || target->second.team != team) found.push_back({from, to});
    }
  }
  return found;
}

// How good a move looks at one glance (higher is better).
static double value(const Board& board, const std::string& team, const Move& move) {
  const Piece& piece = board.at(move.from);
  auto target = board.find(move.to);
  int captured = target == board.end() ? 0 : target->second.height;
  int goal = team == "ONE" ? 7 : 0;
  int ambers = (piece.height + captured >= 3) + (piece.type != "Robbe" && move.to.first == goal);
  int forward = (move.to.first - move.from.first) * (team == "ONE" ? 1 : -1);
  return 100 * ambers + 10 * captured + forward + std::uniform_real_distribution<>(0, 1)(rng);
}

// The board of a memento: every <coordinates x= y=/> followed by its <piece .../>.
static Board read_board(const std::string& packet) {
  Board board;
  for (size_t at = packet.find("<coordinates"); at != std::string::npos;
       at = packet.find("<coordinates", at + 1)) {
    size_t piece = packet.find("<piece", at);
    board[{std::stoi(attr(packet, at, "x")), std::stoi(attr(packet, at, "y"))}] =
        Piece{attr(packet, piece, "type"), attr(packet, piece, "team"),
              std::stoi(attr(packet, piece, "count"))};
  }
  return board;
}

int main(int argc, char** argv) {
  std::string host = "127.0.0.1", port = "13050", reservation;
  for (int i = 1; i + 1 < argc; i += 2) {  // the official clients' flags
    std::string flag = argv[i];
    if (flag == "-h" || flag == "--host") host = argv[i + 1];
    else if (flag == "-p" || flag == "--port") port = argv[i + 1];
    else if (flag == "-r" || flag == "--reservation") reservation = argv[i + 1];
  }
  addrinfo hints{}, *address = nullptr;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host.c_str(), port.c_str(), &hints, &address) != 0) return 1;
  int sock = socket(address->ai_family, address->ai_socktype, address->ai_protocol);
  if (sock < 0 || connect(sock, address->ai_addr, address->ai_addrlen) != 0) {
    std::cerr << "no connection to " << host << ":" << port << "\n";
    return 1;
  }
  freeaddrinfo(address);
  auto send_text = [sock](const std::string& text) { send(sock, text.data(), text.size(), 0); };
  send_text(reservation.empty() ? "<protocol><join gameType=\"swc_2022_ostseeschach\"/>"
                                : "<protocol><joinPrepared reservationCode=\"" + reservation + "\"/>");

  std::string buffer, room, team;
  Board board;
  char chunk[65536];
  for (ssize_t got; (got = recv(sock, chunk, sizeof chunk, 0)) > 0;) {
    buffer.append(chunk, got);
    if (room.empty() && buffer.find("<joined") != std::string::npos)
      room = attr(buffer, buffer.find("<joined"), "roomId");
    for (size_t end; (end = buffer.find("</room>")) != std::string::npos;) {
      std::string packet = buffer.substr(0, end);
      buffer.erase(0, end + 7);
      size_t data = packet.find("<data");
      std::string kind = attr(packet, data, "class");
      if (kind == "welcomeMessage") {
        team = attr(packet, data, "color");
        std::cout << "playing as " << team << std::endl;
      } else if (kind == "memento") {
        board = read_board(packet);
      } else if (kind == "moveRequest") {
        std::vector<Move> options = moves(board, team);
        Move best = options.at(0);
        double top = -1;
        for (const Move& m : options)
          if (double v = value(board, team, m); v > top) top = v, best = m;
        send_text("<room roomId=\"" + room + "\"><data class=\"move\"><from x=\"" +
                  std::to_string(best.from.first) + "\" y=\"" + std::to_string(best.from.second) +
                  "\"/><to x=\"" + std::to_string(best.to.first) + "\" y=\"" +
                  std::to_string(best.to.second) + "\"/></data></room>");
      } else if (kind == "error") {
        std::cout << "error: " << attr(packet, data, "message") << std::endl;
      } else if (kind == "result") {
        size_t winner = packet.find("<winner");
        std::cout << "winner: " << (winner == std::string::npos ? "draw" : attr(packet, winner, "team"))
                  << std::endl;
      }
    }
    if (buffer.find("<left") != std::string::npos) break;  // the game is over
  }
  send_text("</protocol>");
  close(sock);
  return 0;
}
