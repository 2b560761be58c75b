#pragma once
// A fresh directory per test, removed afterwards, with a database path inside it.

#include "storage/records.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace storage_test {

class TempDir {
public:
    TempDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "tabula-storage-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return (path_ / name).string(); }
    std::string db() const { return file("tabula.db"); }

private:
    std::filesystem::path path_;
};

inline storage::TimePoint at_ms(long long ms) {
    return storage::TimePoint(storage::Millis(ms));
}

} // namespace storage_test
