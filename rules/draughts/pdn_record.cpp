// PDN export of a draughts game (PDN 3.0: the PGN tag/movetext grammar with draughts moves).
//
// GameType numbers (PDN 3.0): 20 international, 21 english, 22 italian, 23 american pool,
// 24 spanish, 25 russian, 26 brazilian, 29 czech, 40 frisian. PDN has no number for the giveaway
// games; we write the GameType of the board they are played with (20 for antidraughts, 25 for
// russian-giveaway) and a "Variant" tag naming the game, as lidraughts does for antidraughts.
// The same for breakthrough and killer (20): lidraughts writes GameType 96 for Breakthrough, a
// number of its own outside the PDN table, so we keep the board's number and name the game.
// Frysk! likewise: GameType 40 (Frisian) and Variant "frysk" (lidraughts writes 97).
// Results are "2-0" (White wins), "0-2" (Black wins), "1-1" (draw) and "*" (unfinished).
#include "rules/draughts/draughts_game.h"
#include "rules/draughts/fen.h"
#include "rules/record/record_writer.h"

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
    {VariantId::Breakthrough, "20", "breakthrough"},
    {VariantId::Killer, "20", "killer"},
    {VariantId::Frisian, "40", nullptr},
    {VariantId::Frysk, "40", "frysk"},
};

std::string result_text(const Outcome& outcome) {
    switch (outcome.status) {
    case Outcome::Status::Win:
        return outcome.winner == 0 ? "2-0" : "0-2";
    case Outcome::Status::Draw:
        return "1-1";
    case Outcome::Status::Ongoing:
    case Outcome::Status::Ranked:
        break;
    }
    return "*";
}

} // namespace

std::string DraughtsGame::record(const RecordTags& tags) const {
    const std::string result = result_text(tags.outcome ? *tags.outcome : outcome());
    std::vector<TagPair> own;
    for (const auto& t : type_tags) {
        if (t.id != variant())
            continue;
        own.emplace_back("GameType", t.game_type);
        if (t.variant != nullptr)
            own.emplace_back("Variant", t.variant);
    }
    const std::string fen = start_position();
    if (!(start_ == ::rules::draughts::start_position(rules())))
        own.emplace_back("FEN", fen);
    // Move pairs begin with the variant's first mover; a game that starts with the other side
    // to move begins "1...".
    return tag_section(tags, result, own) +
           movetext(moves_, 1, start_.black_to_move == rules().black_moves_first, result);
}

} // namespace rules::draughts
