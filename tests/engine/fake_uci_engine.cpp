// A stand-in UCI engine that makes legal moves, for the test of `tabula match` against a UCI
// engine at chess960 (tests/engine/uci_chess960_match_test.sh); no test may need a real engine.
//   fake_uci_engine <log file>
// It speaks what the UCI protocol (Kahlen and Huber, 2004) asks of an engine and the match
// uses: uci -> uciok, setoption, isready -> readyok, ucinewgame, position (startpos | fen F)
// [moves ...], go -> bestmove, quit. Every line it reads goes to the log, as `< line`.
//
// It reads the position as the protocol's UCI_Chess960 option says: with the option true, the
// FEN as Chess960 (X-FEN or Shredder-FEN castling) and castling moves as the king taking its
// own rook; without it, as standard chess, where a Chess960 start position other than the
// standard one is no legal FEN. A position it cannot read, or a move in it that is not legal,
// is logged (`error ...`) and answered `bestmove 0000`, which the match scores as a failure.
//
// Its move: a castling move when one is legal (logged as `castle <move>`), otherwise a move of
// a piece still on its first rank other than the king or a rook (clearing the way for
// castling), otherwise the first legal move.
#include "rules/game.h"
#include "rules/variant.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct FakeEngine {
    std::ofstream log;
    bool chess960 = false;
    std::unique_ptr<rules::Game> game;
    std::string error;

    // "position startpos moves e2e4 ..." / "position fen <6 fields> moves ...".
    void set_position(const std::string& line) {
        game.reset();
        error.clear();
        std::istringstream words(line.substr(9));
        std::string word;
        words >> word;
        std::string fen;
        if (word == "fen") {
            for (int field = 0; field < 6 && words >> word; ++field)
                fen += (field ? " " : "") + word;
        } else if (word != "startpos") {
            error = "position neither startpos nor fen";
            return;
        }
        const auto variant = chess960 ? rules::VariantId::Chess960 : rules::VariantId::Chess;
        auto made = rules::make_game(variant, fen);
        if (!made.ok()) {
            error = "fen '" + fen + "': " + made.error().detail;
            return;
        }
        game = std::move(made.value());
        if (!(words >> word))
            return;
        if (word != "moves") {
            error = "expected moves, got " + word;
            game.reset();
            return;
        }
        while (words >> word) {
            if (!game->play(word).ok()) {
                error = "move " + word + " is not legal after " + game->position();
                game.reset();
                return;
            }
        }
    }

    std::string choose() const {
        const auto moves = game->legal_move_views();
        if (moves.empty())
            return "0000";
        for (const auto& move : moves) {
            auto trial = game->clone();
            const auto played = trial->play(move.notation);
            if (played.ok() && played->display.starts_with("O-O"))
                return move.notation;
        }
        const auto board = game->board();
        const int back_row = game->seat_to_move() == 0 ? board.rows - 1 : 0; // seat 0 is White
        for (const auto& move : moves) {
            const int from = move.path.front();
            const char piece = board.cells[static_cast<std::size_t>(from)];
            const char kind = static_cast<char>(piece | 0x20); // the lower-case letter
            if (from / board.cols == back_row && kind != 'k' && kind != 'r')
                return move.notation;
        }
        return moves.front().notation;
    }

    void go() {
        if (!game) {
            log << "error " << error << std::endl;
            std::cout << "bestmove 0000" << std::endl;
            return;
        }
        const std::string move = choose();
        auto trial = game->clone();
        const auto played = trial->play(move);
        if (played.ok() && played->display.starts_with("O-O"))
            log << "castle " << move << " " << played->display << std::endl;
        std::cout << "info depth 1" << std::endl << "bestmove " << move << std::endl;
    }
};

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: fake_uci_engine <log file>\n";
        return 2;
    }
    FakeEngine engine;
    engine.log.open(argv[1], std::ios::app);
    std::string line;
    while (std::getline(std::cin, line)) {
        engine.log << "< " << line << std::endl;
        if (line == "uci") {
            std::cout << "id name fake960" << std::endl
                      << "option name UCI_Chess960 type check default false" << std::endl
                      << "uciok" << std::endl;
        } else if (line == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (line.starts_with("setoption name UCI_Chess960 value ")) {
            engine.chess960 = line.ends_with(" true");
        } else if (line.starts_with("position ")) {
            engine.set_position(line);
        } else if (line.starts_with("go")) {
            engine.go();
        } else if (line == "quit") {
            return 0;
        }
    }
    return 0;
}
