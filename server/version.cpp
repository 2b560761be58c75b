#include "server/version.h"

namespace server {
std::string_view version() {
    return TABULA_VERSION;
}
} // namespace server
