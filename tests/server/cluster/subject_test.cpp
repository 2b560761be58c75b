#include "server/cluster/node_id.h"
#include "server/cluster/subject.h"

#include <doctest/doctest.h>

using server::cluster::subject_matches;
using server::cluster::valid_subject;

TEST_CASE("bus subjects: tokens separated by dots, wildcards only where subscribing") {
    for (const char* good : {"a", "tabula.table.abc", "_INBOX.x.17", "a-b.c_d"}) {
        CAPTURE(good);
        CHECK(valid_subject(good, false));
        CHECK(valid_subject(good, true));
    }
    for (const char* pattern : {"*", ">", "a.*", "a.>", "*.b.>", "a.*.c"}) {
        CAPTURE(pattern);
        CHECK(valid_subject(pattern, true));
        CHECK_FALSE(valid_subject(pattern, false));
    }
    for (const char* bad :
         {"", ".", "a.", ".a", "a..b", "a b", "a\tb", "a.>.b", "a*", "a.b>", "a.*b"}) {
        CAPTURE(bad);
        CHECK_FALSE(valid_subject(bad, false));
        CHECK_FALSE(valid_subject(bad, true));
    }
}

TEST_CASE("bus subjects: star matches one token, greater-than one or more at the end") {
    CHECK(subject_matches("a.b", "a.b"));
    CHECK_FALSE(subject_matches("a.b", "a.bc"));
    CHECK_FALSE(subject_matches("a.b", "a.b.c"));
    CHECK_FALSE(subject_matches("a.b.c", "a.b"));
    CHECK(subject_matches("a.*", "a.b"));
    CHECK_FALSE(subject_matches("a.*", "a"));
    CHECK_FALSE(subject_matches("a.*", "a.b.c"));
    CHECK(subject_matches("*.b.*", "x.b.y"));
    CHECK_FALSE(subject_matches("*.b.*", "x.c.y"));
    CHECK(subject_matches("a.>", "a.b"));
    CHECK(subject_matches("a.>", "a.b.c.d"));
    CHECK_FALSE(subject_matches("a.>", "a"));
    CHECK_FALSE(subject_matches("a.>", "b.c"));
    CHECK(subject_matches(">", "a"));
    CHECK(subject_matches(">", "a.b"));
    CHECK(subject_matches("*", "a"));
    CHECK_FALSE(subject_matches("*", "a.b"));
    CHECK(subject_matches("a.*.>", "a.b.c"));
    CHECK_FALSE(subject_matches("a.*.>", "a.b"));
}

TEST_CASE("bus node id: the configured one, else the host name as one subject token") {
    CHECK(server::cluster::node_id("node-2") == "node-2");
    CHECK(server::cluster::node_id_from_host("web-1.example.org") == "web-1");
    CHECK(server::cluster::node_id_from_host("box+7") == "box-7");
    CHECK(server::cluster::node_id_from_host(std::string(80, 'h')) == std::string(64, 'h'));
    const auto own = server::cluster::node_id("");
    CHECK_FALSE(own.empty());
    CHECK(valid_subject("tabula.node." + own, false));
}
