// Temporary entry point so the tree links before the Turkish game face lands; replaced by it.
#include "rules/families.h"

namespace rules::turkish {
Result<std::unique_ptr<Game>> make_turkish_game(std::string_view, const GameOptions&) {
    return Error{"unsupported_variant", "turkish is not built yet"};
}
} // namespace rules::turkish
