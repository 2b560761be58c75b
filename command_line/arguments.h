#pragma once
// The words after a subcommand's name, as every command of the `tabula` binary reads them:
// words, flags with a value ("--db FILE") and switches ("--password-stdin"), in any order.
// Header-only and standard C++ only, so that the server's commands (server/cli), the rules and
// engine tools (tools/) and the load generator (loadtest/) share it without depending on each
// other.

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace command_line {

// The arguments after the subcommand's name, as main() passes them.
using Args = std::vector<std::string>;

struct SplitArgs {
    std::vector<std::string> words;
    std::map<std::string, std::string> values; // "--db" -> "tabula.db"
    std::set<std::string> switches;
};

// nullopt for an unknown flag or a value flag at the end without its value.
inline std::optional<SplitArgs> split_args(const Args& args,
                                           std::initializer_list<std::string_view> value_flags,
                                           std::initializer_list<std::string_view> switches = {}) {
    const auto listed = [](std::initializer_list<std::string_view> list, const std::string& a) {
        return std::find(list.begin(), list.end(), a) != list.end();
    };
    SplitArgs out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (listed(value_flags, args[i]) && i + 1 < args.size()) {
            out.values[args[i]] = args[i + 1];
            ++i;
        } else if (listed(switches, args[i])) {
            out.switches.insert(args[i]);
        } else if (args[i].starts_with("-")) {
            return std::nullopt;
        } else {
            out.words.push_back(args[i]);
        }
    }
    return out;
}

// The whole of `text` as a number of type T (decimal digits, a '-' for signed types); nullopt
// for an empty text, trailing characters or a value T cannot hold.
template <class T> std::optional<T> whole_number(std::string_view text) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace command_line
