#include "server/app/strand_mutexes.h"

#include <boost/asio/strand.hpp>

namespace server {

void reserve_strand_mutexes(boost::asio::io_context& io, int strands) {
    for (int i = 0; i < strands; ++i)
        (void)boost::asio::make_strand(io);
}

} // namespace server
