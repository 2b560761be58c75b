// read_trf (trf.h): TRF-16 text back into a SwissRecord.

#include "lobby/tournament/tournament_errors.h"
#include "lobby/tournament/trf.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <map>
#include <optional>
#include <vector>

namespace lobby::tournament {

namespace {

Error bad_trf(std::string detail) {
    return refuse(tournament_errc::bad_trf, std::move(detail));
}

std::string_view trim_view(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\r' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

std::optional<int> parse_int(std::string_view s) {
    s = trim_view(s);
    int value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size() || s.empty())
        return std::nullopt;
    return value;
}

// Whitespace-separated words.
std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\r' || s[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\r' && s[j] != '\t')
            ++j;
        if (j > i)
            out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string_view columns(std::string_view line, std::size_t first, std::size_t width) {
    if (line.size() < first)
        return {};
    return line.substr(first - 1, width);
}

struct Block {
    int opponent = 0;
    char colour = '-';
    char code = 'Z';
};

struct PlayerLine {
    std::string name;
    int rating = 0;
    std::vector<Block> rounds;
};

constexpr std::size_t reader_first_round = 92;
constexpr std::size_t reader_round_width = 10;

std::optional<Tiebreak> tiebreak_of(std::string_view code) {
    if (code == "BH")
        return Tiebreak::Buchholz;
    if (code == "BH-C1")
        return Tiebreak::BuchholzCut1;
    if (code == "SB")
        return Tiebreak::SonnebornBerger;
    if (code == "DE")
        return Tiebreak::DirectEncounter;
    if (code == "WIN")
        return Tiebreak::Wins;
    return std::nullopt;
}

std::optional<Outcome> outcome_of(char white, char black) {
    switch (white) {
    case '1':
    case 'W':
        return black == '0' || black == 'L' ? std::optional(Outcome::WhiteWins) : std::nullopt;
    case '0':
    case 'L':
        return black == '1' || black == 'W' ? std::optional(Outcome::BlackWins) : std::nullopt;
    case '=':
    case 'D':
        return black == '=' || black == 'D' ? std::optional(Outcome::Draw) : std::nullopt;
    case '+':
        return black == '-' ? std::optional(Outcome::WhiteWinsByForfeit) : std::nullopt;
    case '-':
        if (black == '+')
            return Outcome::BlackWinsByForfeit;
        return black == '-' ? std::optional(Outcome::DoubleForfeit) : std::nullopt;
    case ' ':
        return black == ' ' ? std::optional(Outcome::Pending) : std::nullopt;
    default:
        return std::nullopt;
    }
}

} // namespace

rules::Result<SwissRecord> read_trf(std::string_view text) {
    SwissRecord record;
    record.settings.tiebreaks.clear();
    std::map<int, PlayerLine> lines;
    std::map<int, std::vector<int>> boards; // round -> white ranks
    std::vector<std::pair<std::string_view, std::vector<std::string_view>>> extras;
    bool saw_tiebreaks = false;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.size() < 3)
            continue;
        const std::string_view tag = line.substr(0, 3);
        const std::vector<std::string_view> w = words(line.substr(3));
        if (tag == "012") {
            record.name = std::string(trim_view(line.substr(3)));
        } else if (tag == "XXR") {
            const auto n = w.empty() ? std::nullopt : parse_int(w[0]);
            if (!n)
                return bad_trf("XXR needs a number of rounds");
            record.settings.rounds = *n;
        } else if (tag == "TBS") {
            if (w.size() != 7)
                return bad_trf("TBS needs seven numbers");
            std::array<int, 7> v{};
            for (std::size_t i = 0; i < v.size(); ++i) {
                const auto n = parse_int(w[i]);
                if (!n)
                    return bad_trf("TBS needs seven numbers");
                v.at(i) = *n;
            }
            record.settings.scoring = Scoring{v.at(0), v.at(1), v.at(2), v.at(3)};
            record.settings.bye_points = v.at(4);
            record.settings.late_entry_points = v.at(5);
            record.settings.max_half_byes = v.at(6);
        } else if (tag == "TBT") {
            saw_tiebreaks = true;
            for (const std::string_view code : w) {
                const auto t = tiebreak_of(code);
                if (!t)
                    return bad_trf("unknown tie-break " + std::string(code));
                record.settings.tiebreaks.push_back(*t);
            }
        } else if (tag == "001") {
            const auto rank = parse_int(columns(line, 5, 4));
            if (!rank || *rank < 1 || lines.count(*rank) != 0)
                return bad_trf("a player line needs a new starting rank");
            PlayerLine p;
            p.name = std::string(trim_view(columns(line, 15, 33)));
            p.rating = parse_int(columns(line, 49, 4)).value_or(0);
            for (std::size_t col = reader_first_round; col <= line.size(); col += reader_round_width) {
                const std::string_view block = columns(line, col, 8);
                const auto opponent =
                    parse_int(block.substr(0, std::min<std::size_t>(4, block.size())));
                if (!opponent)
                    return bad_trf("a round needs an opponent number (0000 for none)");
                Block b;
                b.opponent = *opponent;
                b.colour = block.size() > 5 ? block[5] : '-';
                b.code = block.size() > 7 ? block[7] : ' ';
                p.rounds.push_back(b);
            }
            lines[*rank] = std::move(p);
        } else if (tag == "TBB") {
            if (w.empty() || !parse_int(w[0]))
                return bad_trf("TBB needs a round");
            std::vector<int>& order = boards[*parse_int(w[0])];
            for (std::size_t i = 1; i < w.size(); ++i) {
                const auto n = parse_int(w[i]);
                if (!n)
                    return bad_trf("TBB lists starting ranks");
                order.push_back(*n);
            }
        } else if (tag == "TBN" || tag == "TBJ" || tag == "TBW" || tag == "TBH" || tag == "TBF" ||
                   tag == "TBM") {
            extras.emplace_back(tag, w);
        }
    }
    if (!saw_tiebreaks)
        record.settings.tiebreaks = SwissSettings{}.tiebreaks;
    const int n = static_cast<int>(lines.size());
    if (n > 0 && lines.rbegin()->first != n)
        return bad_trf("starting ranks are not 1 to the number of players");
    for (const auto& [rank, p] : lines)
        record.players.push_back(
            SwissEntrant{std::to_string(rank), p.name, p.rating, 1, std::nullopt, {}});
    std::vector<int> paired_by_hand;
    for (const auto& [tag, w] : extras) {
        std::vector<int> nums;
        for (std::size_t i = 0; i < w.size() && i < 2; ++i)
            if (const auto v = parse_int(w[i]))
                nums.push_back(*v);
        const bool player_ok = !nums.empty() && nums[0] >= 1 && nums[0] <= n;
        if (tag == "TBM") {
            if (nums.empty())
                return bad_trf("TBM needs a round");
            paired_by_hand.push_back(nums[0]);
            continue;
        }
        if (!player_ok || nums.size() < 2)
            return bad_trf(std::string(tag) + " needs a starting rank and a number");
        SwissEntrant& e = record.players[static_cast<std::size_t>(nums[0] - 1)];
        if (tag == "TBN") {
            if (w.size() < 3)
                return bad_trf("TBN needs rank, rating, id and name");
            e.rating = nums[1];
            e.id = std::string(w[2]);
            e.name.clear();
            if (w.size() > 3) { // the name runs from the fourth word to the end of the line
                const char* from = w[3].data();
                const char* to = w.back().data() + w.back().size();
                e.name = std::string(from, static_cast<std::size_t>(to - from));
            }
        } else if (tag == "TBJ") {
            e.joined_round = nums[1];
        } else if (tag == "TBW") {
            e.withdrawn_from = nums[1];
        } else if (tag == "TBH") {
            e.half_byes.push_back(nums[1]);
        } else if (tag == "TBF") {
            if (nums[1] < 1 || nums[1] > n || nums[0] >= nums[1])
                return bad_trf("TBF names two players, lower rank first");
            record.forbidden.emplace_back(nums[0] - 1, nums[1] - 1);
        }
    }

    std::size_t rounds = 0;
    for (const auto& [rank, p] : lines)
        rounds = std::max(rounds, p.rounds.size());
    for (std::size_t r = 0; r < rounds; ++r) {
        SwissRound round;
        round.set_by_hand = std::find(paired_by_hand.begin(), paired_by_hand.end(),
                                      static_cast<int>(r) + 1) != paired_by_hand.end();
        std::vector<SwissGame> games;
        for (const auto& [rank, p] : lines) {
            const PlayerIndex me = rank - 1;
            const Block b = r < p.rounds.size() ? p.rounds[r] : Block{};
            if (b.opponent == 0) {
                const SwissEntrant& e = record.players[static_cast<std::size_t>(me)];
                const bool before_entry = static_cast<int>(r) + 1 < e.joined_round;
                Absence kind = Absence::NotPaired;
                if (before_entry)
                    kind = Absence::LateEntry;
                else if (b.code == 'U' || b.code == 'F')
                    kind = Absence::PairingBye;
                else if (b.code == 'H')
                    kind = Absence::HalfBye;
                round.absences.push_back({me, kind});
                continue;
            }
            if (b.opponent < 1 || b.opponent > n)
                return bad_trf("an opponent number names no player");
            const Block& other =
                lines[b.opponent].rounds.size() > r ? lines[b.opponent].rounds[r] : Block{};
            if (other.opponent != rank || (b.colour == 'w') == (other.colour == 'w') ||
                (b.colour != 'w' && b.colour != 'b'))
                return bad_trf("the two players of a game do not agree on it");
            if (b.colour != 'w')
                continue;
            const auto outcome = outcome_of(b.code, other.code);
            if (!outcome)
                return bad_trf("a game's two results do not agree");
            games.push_back({me, b.opponent - 1, *outcome});
        }
        const auto order = boards.find(static_cast<int>(r) + 1);
        if (order != boards.end()) {
            std::vector<SwissGame> sorted;
            for (const int white : order->second)
                for (const SwissGame& g : games)
                    if (g.white == white - 1)
                        sorted.push_back(g);
            if (sorted.size() != games.size())
                return bad_trf("TBB does not list every game of its round");
            games = std::move(sorted);
        }
        round.games = std::move(games);
        record.rounds.push_back(std::move(round));
    }
    auto restored = Swiss::restore(record);
    if (!restored)
        return restored.error();
    return record;
}

} // namespace lobby::tournament
