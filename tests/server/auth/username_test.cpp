#include "server/auth/username.h"

#include <doctest/doctest.h>

using namespace server::auth;

TEST_CASE("user names: 3-20 letters, digits, _ and -, starting with a letter, not guest*") {
    for (const char* good : {"ann", "Ann_B-2", "a23", "abcdefghijklmnopqrst", "Gue-st"})
        CHECK_MESSAGE(!username_problem(good), good);
    CHECK(username_problem("Guesthouse"));
    for (const char* bad : {"", "ab", "abcdefghijklmnopqrstu", "1ann", "_ann", "an n", "ann!",
                            "guest", "guest42", "GUESTy", "ann\xc3\xa9", "-ann"})
        CHECK_MESSAGE(username_problem(bad), bad);
}

TEST_CASE("passwords: 8 to 1024 bytes") {
    CHECK(password_problem("1234567"));
    CHECK_FALSE(password_problem("12345678"));
    CHECK_FALSE(password_problem(std::string(1024, 'x')));
    CHECK(password_problem(std::string(1025, 'x')));
}
