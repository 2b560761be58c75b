#pragma once
// Makes asio's shared strand mutexes before the load instead of during it (issue 11's return
// to idle).
//
// Every asio strand on an io_context locks one of a fixed pool of 193 mutexes
// (boost/asio/detail/strand_executor_service.hpp, num_mutexes), chosen by a hash of the new
// strand; each mutex is allocated (48 bytes) the first time a strand lands on it and kept for
// the life of the io_context. Made lazily, they are made while tables and connections come
// and go, each on its own page of the I/O thread's heap between blocks that are freed later:
// after the bench's closed loop, 176 of them were the only live block on 89 pages (356 KB)
// that therefore stayed resident after every table was swept (bench/README.md). Creating
// enough strands once at start-up, on the starting thread, makes all of them there, side by
// side, before any load.

#include <boost/asio/io_context.hpp>

namespace server {

// Creates and drops `strands` strands on `io` (3000: the chance that one of the 193 mutexes
// is still missing is below 1e-4).
void reserve_strand_mutexes(boost::asio::io_context& io, int strands = 3000);

} // namespace server
