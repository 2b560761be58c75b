// The WebSocket protocol's client frame parser (server/protocol: parse_envelope, the one
// function that turns a client's text frame into a value): no frame crashes it or makes it
// throw, and the reply to a refused frame (which echoes its id) serializes.
#include "fuzz/fuzz_support.h"
#include "server/protocol/envelope.h"

#include <variant>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace protocol = server::protocol;
    const auto parsed = protocol::parse_envelope(fuzz::as_text(data, size));
    if (const auto* error = std::get_if<protocol::ProtocolError>(&parsed)) {
        fuzz::require(!protocol::make_error(*error).empty(), "an empty error reply");
        return 0;
    }
    const auto& envelope = std::get<protocol::Envelope>(parsed);
    fuzz::require(envelope.body.is_object(), "an envelope whose body is not an object");
    fuzz::require(!protocol::make_pong(envelope.id).empty(), "an empty pong");
    return 0;
}
