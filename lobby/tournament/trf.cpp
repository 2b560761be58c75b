#include "lobby/tournament/trf.h"

#include "lobby/tournament/swiss_history.h"
#include "lobby/tournament/tiebreaks.h"
#include "lobby/tournament/tournament_errors.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <sstream>
#include <vector>

namespace lobby::tournament {

namespace {

constexpr std::size_t first_round_column = 92; // 1-based, TRF-16
constexpr std::size_t round_width = 10;

std::size_t trf_slot(int i) {
    return static_cast<std::size_t>(i);
}

// Writes `text` into columns [first, first + width) (1-based), right-aligned or left.
void put(std::string& line, std::size_t first, std::size_t width, std::string_view text,
         bool right) {
    if (line.size() < first - 1 + width)
        line.resize(first - 1 + width, ' ');
    text = text.substr(0, width);
    const std::size_t start = right ? first - 1 + width - text.size() : first - 1;
    line.replace(start, text.size(), text);
}

std::string four_digits(int n) {
    std::string s = std::to_string(n);
    return std::string(s.size() < 4 ? 4 - s.size() : 0, '0') + s;
}

struct TiebreakCode {
    Tiebreak kind;
    std::string_view code;
};
constexpr std::array<TiebreakCode, 5> tiebreak_codes = {{{Tiebreak::Buchholz, "BH"},
                                           {Tiebreak::BuchholzCut1, "BH-C1"},
                                           {Tiebreak::SonnebornBerger, "SB"},
                                           {Tiebreak::DirectEncounter, "DE"},
                                           {Tiebreak::Wins, "WIN"}}};

char absence_code(const SwissAbsence& a, const SwissSettings& s) {
    switch (a.kind) {
    case Absence::PairingBye:
        return 'U';
    case Absence::HalfBye:
        return 'H';
    case Absence::LateEntry:
        return s.late_entry_points == s.scoring.win    ? 'F'
               : s.late_entry_points == s.scoring.draw ? 'H'
                                                       : 'Z';
    case Absence::NotPaired:
        break;
    }
    return 'Z';
}

// The white and black result codes of a game.
std::pair<char, char> game_codes(Outcome o) {
    switch (o) {
    case Outcome::WhiteWins:
        return {'1', '0'};
    case Outcome::Draw:
        return {'=', '='};
    case Outcome::BlackWins:
        return {'0', '1'};
    case Outcome::WhiteWinsByForfeit:
        return {'+', '-'};
    case Outcome::BlackWinsByForfeit:
        return {'-', '+'};
    case Outcome::DoubleForfeit:
        return {'-', '-'};
    case Outcome::Pending:
        break;
    }
    return {' ', ' '};
}

} // namespace

std::string write_trf(const SwissRecord& record) {
    const SwissSettings& s = record.settings;
    const std::vector<PlayerHistory> histories = build_histories(record);
    std::vector<int> rank_of(record.players.size(), 0);
    for (const StandingRow& row : swiss_standings(record, histories))
        rank_of[trf_slot(row.player)] = row.rank;

    std::ostringstream out;
    out << "012 " << record.name << '\n';
    out << "XXR " << s.rounds << '\n';
    out << "XXC white1\n";
    out << "TBS " << s.scoring.win << ' ' << s.scoring.draw << ' ' << s.scoring.loss << ' '
        << s.scoring.units_per_point << ' ' << s.bye_points << ' ' << s.late_entry_points << ' '
        << s.max_half_byes << '\n';
    out << "TBT";
    for (const Tiebreak t : s.tiebreaks)
        for (const TiebreakCode& c : tiebreak_codes)
            if (c.kind == t)
                out << ' ' << c.code;
    out << '\n';

    std::vector<std::vector<std::string>> blocks(record.players.size());
    for (std::size_t r = 0; r < record.rounds.size(); ++r) {
        const SwissRound& round = record.rounds[r];
        for (auto& b : blocks)
            b.emplace_back("0000 - Z");
        for (const SwissGame& g : round.games) {
            const auto [wc, bc] = game_codes(g.outcome);
            blocks[trf_slot(g.white)][r] = four_digits(g.black + 1) + " w " + wc;
            blocks[trf_slot(g.black)][r] = four_digits(g.white + 1) + " b " + bc;
        }
        for (const SwissAbsence& a : round.absences)
            blocks[trf_slot(a.player)][r] = std::string("0000 - ") + absence_code(a, s);
    }
    for (std::size_t p = 0; p < record.players.size(); ++p) {
        const SwissEntrant& e = record.players[p];
        std::string line = "001";
        put(line, 5, 4, std::to_string(p + 1), true);
        put(line, 15, 33, e.name, false);
        put(line, 49, 4, std::to_string(std::clamp(e.rating, 0, 9999)), true);
        put(line, 81, 4, format_points_trf(histories[p].points, s.scoring), true);
        put(line, 86, 4, std::to_string(rank_of[p]), true);
        for (std::size_t r = 0; r < blocks[p].size(); ++r)
            put(line, first_round_column + r * round_width, 8, blocks[p][r], false);
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out << line << '\n';
    }
    for (std::size_t p = 0; p < record.players.size(); ++p) {
        const SwissEntrant& e = record.players[p];
        out << "TBN " << p + 1 << ' ' << e.rating << ' ' << e.id << ' ' << e.name << '\n';
        if (e.joined_round != 1)
            out << "TBJ " << p + 1 << ' ' << e.joined_round << '\n';
        if (e.withdrawn_from)
            out << "TBW " << p + 1 << ' ' << *e.withdrawn_from << '\n';
        for (const int r : e.half_byes)
            out << "TBH " << p + 1 << ' ' << r << '\n';
    }
    for (const auto& [a, b] : record.forbidden)
        out << "TBF " << a + 1 << ' ' << b + 1 << '\n';
    for (std::size_t r = 0; r < record.rounds.size(); ++r) {
        if (record.rounds[r].set_by_hand)
            out << "TBM " << r + 1 << '\n';
        out << "TBB " << r + 1;
        for (const SwissGame& g : record.rounds[r].games)
            out << ' ' << g.white + 1;
        out << '\n';
    }
    return out.str();
}

} // namespace lobby::tournament
