#pragma once
// Subjects as NATS writes them: tokens separated by '.', none empty, no spaces or control
// characters. A subscription may use wildcards as whole tokens: "*" matches exactly one token,
// ">" (the last token only) matches one or more. Pure functions, used by both buses.

#include <string_view>

namespace server::cluster {

// True when `subject` is a valid subject; with `wildcards`, a valid subscription subject.
bool valid_subject(std::string_view subject, bool wildcards);

// True when the subject `subject` (no wildcards) is matched by the subscription `pattern`.
// Both must be valid.
bool subject_matches(std::string_view pattern, std::string_view subject);

} // namespace server::cluster
