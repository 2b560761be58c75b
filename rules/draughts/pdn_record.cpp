// PDN export of a draughts game (PDN 3.0: the PGN tag/movetext grammar with draughts moves).
//
// GameType numbers (PDN 3.0): 20 international, 21 english, 22 italian, 23 american pool,
// 24 spanish, 25 russian, 26 brazilian, 29 czech. PDN has no number for the giveaway games;
// we write the GameType of the board they are played with (20 for antidraughts, 25 for
// russian-giveaway) and a "Variant" tag naming the game, as lidraughts does for antidraughts.
// Results are "2-0" (White wins), "0-2" (Black wins), "1-1" (draw) and "*" (unfinished).
#include "rules/draughts/draughts_game.h"
#include "rules/draughts/fen.h"

namespace rules::draughts {
namespace {

struct TypeTag {
    VariantId id;
    const char* game_type;
    const char* variant; // nullptr: the GameType says it all
};

constexpr TypeTag type_tags[] = {
    {VariantId::International, "20", nullptr},
    {VariantId::English, "21", nullptr},
    {VariantId::Italian, "22", nullptr},
    {VariantId::Pool, "23", nullptr},
    {VariantId::Spanish, "24", nullptr},
    {VariantId::Russian, "25", nullptr},
    {VariantId::Brazilian, "26", nullptr},
    {VariantId::Czech, "29", nullptr},
    {VariantId::Antidraughts, "20", "antidraughts"},
    {VariantId::RussianGiveaway, "25", "russian-giveaway"},
};

std::string quoted_tag(std::string_view name, std::string_view value) {
    std::string out = "[";
    out.append(name);
    out += " \"";
    for (char c : value) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    out += "\"]\n";
    return out;
}

std::string result_text(const Outcome& outcome) {
    switch (outcome.status) {
    case Outcome::Status::WhiteWins:
        return "2-0";
    case Outcome::Status::BlackWins:
        return "0-2";
    case Outcome::Status::Draw:
        return "1-1";
    case Outcome::Status::Ongoing:
        break;
    }
    return "*";
}

} // namespace

std::string DraughtsGame::record(const RecordTags& tags) const {
    const std::string result = result_text(tags.outcome ? *tags.outcome : outcome());
    std::string out = quoted_tag("Event", tags.event) + quoted_tag("Site", tags.site) +
                      quoted_tag("Date", tags.date) + quoted_tag("Round", tags.round) +
                      quoted_tag("White", tags.white) + quoted_tag("Black", tags.black) +
                      quoted_tag("Result", result);
    for (const auto& t : type_tags) {
        if (t.id != variant())
            continue;
        out += quoted_tag("GameType", t.game_type);
        if (t.variant != nullptr)
            out += quoted_tag("Variant", t.variant);
    }
    if (!(start_ == ::rules::draughts::start_position(rules())))
        out += quoted_tag("FEN", start_position());
    if (!tags.termination.empty())
        out += quoted_tag("Termination", tags.termination);
    for (const auto& [name, value] : tags.extra)
        out += quoted_tag(name, value);
    out += '\n';
    // Move pairs begin with the variant's first mover; a game that starts with the other side
    // to move begins "1...".
    const bool first_is_black = rules().black_moves_first;
    bool black = start_.black_to_move;
    int number = 1;
    std::string line;
    const auto put = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > 79) {
            out += line + '\n';
            line.clear();
        }
        if (!line.empty())
            line += ' ';
        line += token;
    };
    for (std::size_t i = 0; i < moves_.size(); ++i) {
        const bool opens_pair = black == first_is_black;
        if (opens_pair)
            put(std::to_string(number) + ".");
        else if (i == 0)
            put(std::to_string(number) + "...");
        put(moves_[i]);
        if (!opens_pair)
            ++number;
        black = !black;
    }
    put(result);
    out += line + '\n';
    return out;
}

} // namespace rules::draughts
