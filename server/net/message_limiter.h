#pragma once
// Per-connection admission of incoming WebSocket messages: the rate limit (a token bucket of
// `burst` messages refilled at `messages_per_second`) and the protocol size limit
// (`read_message_max`). Each refusal is a strike; strikes refill slowly, and running out of
// them (sustained abuse) means the connection is closed with a policy-violation code. Time is
// passed in, so the rules are tested without sleeping.

#include "lobby/time.h"
#include "lobby/token_bucket.h"
#include "server/config/config.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace server::net {

// Strikes a connection may collect at once before it is closed, and their refill rate.
inline constexpr double abuse_strikes = 20;
inline constexpr double abuse_strikes_per_second = 0.5;

struct Admission {
    std::optional<std::string> error_code; // nothing: accept the message
    std::string error_message;
    bool close = false; // the strikes ran out: close with CloseCode::PolicyViolation
};

class MessageLimiter {
public:
    MessageLimiter(const Config& config, lobby::TimePoint now);

    // Decides about one received message of `bytes` bytes (text or binary).
    Admission admit(std::size_t bytes, lobby::TimePoint now);

private:
    std::size_t read_message_max_;
    lobby::TokenBucket messages_;
    lobby::TokenBucket strikes_;

    Admission refuse(std::string_view code, std::string message, lobby::TimePoint now);
};

} // namespace server::net
