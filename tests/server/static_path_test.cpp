#include "server/http/content_type.h"
#include "server/http/percent_decoding.h"
#include "server/http/static_path.h"
#include "tests/server/test_support.h"

#include <doctest/doctest.h>

using server::http::PathRefusal;
using server::http::web_relative_path;

namespace {

std::string relative(std::string_view path) {
    auto result = web_relative_path(path);
    REQUIRE(std::holds_alternative<std::string>(result));
    return std::get<std::string>(result);
}

PathRefusal refusal(std::string_view path) {
    auto result = web_relative_path(path);
    REQUIRE(std::holds_alternative<PathRefusal>(result));
    return std::get<PathRefusal>(result);
}

} // namespace

TEST_CASE("static paths: plain paths map into the web dir, / and directories to index.html") {
    CHECK(relative("/") == "index.html");
    CHECK(relative("/app.js") == "app.js");
    CHECK(relative("/css/board.css") == "css/board.css");
    CHECK(relative("/sub/") == "sub/index.html");
    CHECK(relative("/sounds/move%20one.mp3") == "sounds/move one.mp3");
}

TEST_CASE("static paths: a join link /t/<CODE> serves the client's index.html") {
    CHECK(relative("/t/K7QF") == "index.html");
    CHECK(relative("/t/ab-12_x") == "index.html");
    CHECK(relative("/t/K7QF/extra") == "t/K7QF/extra");
}

TEST_CASE("static paths: every way out of the web dir is refused") {
    CHECK(refusal("/../secret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/sub/../../secret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/%2e%2e/secret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/%2E%2E%2Fsecret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/..%2fsecret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/sub/..") == PathRefusal::BadRequest);
    CHECK(refusal("/./index.html") == PathRefusal::BadRequest);
    CHECK(refusal("/..\\secret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/%5c..%5csecret.txt") == PathRefusal::BadRequest);
    CHECK(refusal("/index.html%00.js") == PathRefusal::BadRequest);
    CHECK(refusal("//etc/passwd") == PathRefusal::BadRequest);
    CHECK(refusal("etc/passwd") == PathRefusal::BadRequest);
    CHECK(refusal("/bad%zzescape") == PathRefusal::BadRequest);
    CHECK(refusal("/truncated%2") == PathRefusal::BadRequest);
    CHECK(refusal("/.git/config") == PathRefusal::NotFound);
    CHECK(refusal("/.hidden") == PathRefusal::NotFound);
}

TEST_CASE("static paths: resolving stays inside the canonical web root") {
    const test::SampleWeb sample;
    const auto root = std::filesystem::canonical(sample.web);
    CHECK(server::http::resolve_in_web_root(root, "index.html") == root / "index.html");
    CHECK(server::http::resolve_in_web_root(root, "sub/page.html") == root / "sub/page.html");
    CHECK_FALSE(server::http::resolve_in_web_root(root, "missing.html"));
    CHECK_FALSE(server::http::resolve_in_web_root(root, "sub")); // a directory
    CHECK_FALSE(server::http::resolve_in_web_root(root, "../secret.txt"));
    CHECK_FALSE(server::http::resolve_in_web_root(root, "/etc/passwd"));
    // A symlink pointing out of the web dir is not followed out.
    std::filesystem::create_symlink(sample.dir.path() / "secret.txt", sample.web / "link.txt");
    CHECK_FALSE(server::http::resolve_in_web_root(root, "link.txt"));
}

TEST_CASE("content types: the client's file kinds get their types, unknown ones octet-stream") {
    using server::http::content_type_for;
    CHECK(content_type_for("index.html") == "text/html; charset=utf-8");
    CHECK(content_type_for("js/app.js") == "text/javascript; charset=utf-8");
    CHECK(content_type_for("a/b.mjs") == "text/javascript; charset=utf-8");
    CHECK(content_type_for("style.CSS") == "text/css; charset=utf-8");
    CHECK(content_type_for("pieces.svg") == "image/svg+xml");
    CHECK(content_type_for("board.png") == "image/png");
    CHECK(content_type_for("data.json") == "application/json");
    CHECK(content_type_for("engine.wasm") == "application/wasm");
    CHECK(content_type_for("favicon.ico") == "image/x-icon");
    CHECK(content_type_for("font.woff2") == "font/woff2");
    CHECK(content_type_for("move.mp3") == "audio/mpeg");
    CHECK(content_type_for("move.ogg") == "audio/ogg");
    CHECK(content_type_for("move.wav") == "audio/wav");
    CHECK(content_type_for("README") == "application/octet-stream");
    CHECK(content_type_for("dir.v2/README") == "application/octet-stream");
    CHECK(content_type_for("archive.tar.gz") == "application/octet-stream");
}

TEST_CASE("percent-decoding: escapes of either case, '+' kept in paths and a space in queries") {
    using server::http::percent_decode;
    using server::http::PlusSign;
    CHECK(percent_decode("/a%20b%2Fc%2e") == "/a b/c.");
    CHECK(percent_decode("%4a%4A") == "JJ");
    CHECK(percent_decode("a+b") == "a+b");
    CHECK(percent_decode("a+b%2B", PlusSign::Space) == "a b+");
    CHECK(percent_decode("") == "");
    CHECK(percent_decode("%00")->size() == 1); // NUL decodes; callers refuse it
}

TEST_CASE("percent-decoding: a '%' without two hex digits is refused") {
    using server::http::percent_decode;
    CHECK_FALSE(percent_decode("%"));
    CHECK_FALSE(percent_decode("abc%4"));
    CHECK_FALSE(percent_decode("%zz"));
    CHECK_FALSE(percent_decode("%g0"));
    CHECK_FALSE(percent_decode("%%41"));
    CHECK_FALSE(percent_decode("a%2", server::http::PlusSign::Space));
}
