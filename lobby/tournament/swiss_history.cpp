#include "lobby/tournament/swiss_history.h"

#include <cstddef>

namespace lobby::tournament {

std::vector<PlayerHistory> build_histories(const SwissRecord& record) {
    std::vector<PlayerHistory> out(record.players.size());
    const auto entry = [&](PlayerIndex p) -> PlayerHistory& {
        return out[static_cast<std::size_t>(p)];
    };
    const Points loss = record.settings.scoring.loss;
    for (const SwissRound& round : record.rounds) {
        std::vector<Points> before; // the scores the round was paired with (floats, 1.4.2)
        for (PlayerHistory& h : out) {
            before.push_back(h.points);
            h.rounds.push_back(RoundLine{std::nullopt, std::nullopt, false, 0, Outcome::Pending,
                                         Absence::NotPaired, Float::None});
        }
        const auto score_before = [&](PlayerIndex p) {
            return before[static_cast<std::size_t>(p)];
        };
        for (const SwissGame& game : round.games) {
            const auto [white_points, black_points] =
                game_points(game.outcome, record.settings.scoring);
            const bool over_board = played(game.outcome);
            const auto fill = [&](PlayerIndex who, PlayerIndex against, Colour colour,
                                  Points points, bool forfeit_win, bool won) {
                PlayerHistory& h = entry(who);
                Float float_kind = Float::None;
                if (over_board && score_before(who) != score_before(against))
                    float_kind =
                        score_before(who) > score_before(against) ? Float::Down : Float::Up;
                else if (!over_board && points > loss)
                    float_kind = Float::Down; // 1.4.3: a forfeit win
                h.rounds.back() = RoundLine{against,      colour,       over_board, points,
                                            game.outcome, std::nullopt, float_kind};
                h.points += points;
                if (over_board) // C.04.2 3.5: players who did not play may meet again
                    h.opponents.push_back(against);
                if (over_board)
                    h.colours.push_back(colour);
                if (forfeit_win)
                    h.had_bye_or_forfeit_win = true;
                if (won && over_board)
                    ++h.wins;
            };
            fill(game.white, game.black, Colour::White, white_points,
                 game.outcome == Outcome::WhiteWinsByForfeit, game.outcome == Outcome::WhiteWins);
            fill(game.black, game.white, Colour::Black, black_points,
                 game.outcome == Outcome::BlackWinsByForfeit, game.outcome == Outcome::BlackWins);
        }
        for (const SwissAbsence& absence : round.absences) {
            PlayerHistory& h = entry(absence.player);
            const Points points = absence_points(absence.kind, record.settings);
            h.rounds.back().absence = absence.kind;
            h.rounds.back().points = points;
            if (absence.kind == Absence::PairingBye || points > loss)
                h.rounds.back().float_kind = Float::Down; // 1.4.3
            h.points += points;
            if (absence.kind == Absence::PairingBye || points >= record.settings.scoring.win)
                h.had_bye_or_forfeit_win = true; // C.04.1 article 4
        }
    }
    for (PlayerHistory& h : out)
        for (const RoundLine& line : h.rounds)
            h.floats.push_back(line.float_kind);
    return out;
}

} // namespace lobby::tournament
