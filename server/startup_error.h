#pragma once
// A reason the server cannot start (bad TLS files, port in use, unusable web dir or database).
// Thrown by App::start() and the serve command's checks; main prints it and exits with 1.

#include <stdexcept>

namespace server {

class StartupError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace server
